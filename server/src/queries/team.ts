/**
 * The team: the administrators (`users.role = 'admin'`) and their team roles; the accounts
 * create-admin and the first start make administrators of.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { TeamRole } from '../../../common/team-roles.js';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;

export async function hasActiveAdministrator(db: Pick<Db, 'select'>): Promise<boolean> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, true)));
  return n > 0;
}

/** The account with this email (ignoring case), locked for the change that follows. */
export async function lockAccountByEmail(tx: Tx, email: string) {
  const [existing] = await tx
    .select({ id: users.id, teamRole: users.teamRole })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .for('update');
  return existing as { id: string; teamRole: TeamRole | null } | undefined;
}

/** Makes the account an active administrator with this password hash and team role. */
export async function makeAdministrator(
  tx: Tx,
  id: string,
  values: { passwordHash: string; teamRole: TeamRole },
) {
  await tx
    .update(users)
    .set({ ...values, role: 'admin', subRole: null, status: true })
    .where(eq(users.id, id));
}

export async function insertAdministrator(
  tx: Tx,
  values: {
    firstName: string;
    lastName: string;
    email: string;
    passwordHash: string | null;
    teamRole: TeamRole;
  },
): Promise<string> {
  const [created] = await tx
    .insert(users)
    .values({ ...values, role: 'admin', status: true })
    .returning({ id: users.id });
  return created.id;
}
