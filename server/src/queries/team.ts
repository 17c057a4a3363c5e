/**
 * The team: the administrators (`users.role = 'admin'`), their team roles, sessions and
 * set-password links; the accounts create-admin and the first start make administrators of.
 */
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, setupLinks, users } from '../db/schema.js';
import type { TeamRole } from '../../../common/team-roles.js';
import { live, type Liveness } from './sessions.js';

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

/**
 * Makes the account an active administrator with this password hash and team role; returns its
 * new version.
 */
export async function makeAdministrator(
  tx: Tx,
  id: string,
  values: { passwordHash: string; teamRole: TeamRole },
): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ ...values, role: 'admin', subRole: null, status: true })
    .where(eq(users.id, id))
    .returning({ version: users.version });
  return row.version;
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

/** An administrator as the Team screen shows them (`dormant` is the handler's to decide). */
export type TeamRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  teamRole: TeamRole | null;
  status: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  activeSessions: number;
  setupPending: boolean;
  version: number;
};

/**
 * The administrators (or the one of `id`), owners first then by name, each with their last
 * sign-in (their newest session) and their live sessions (sessions_user_idx).
 */
export async function teamRows(
  db: Pick<Db, 'select'>,
  liveness: Liveness,
  id?: string,
): Promise<TeamRow[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      teamRole: users.teamRole,
      status: users.status,
      createdAt: users.createdAt,
      // Correlated on the table's name: inside a select list Drizzle leaves columns unqualified.
      lastSignInAt: sql<string | null>`(select max(s.created_at) from ${sessions} s
        where s.user_id = users.id)`,
      activeSessions: sql<number>`(select count(*) from ${sessions}
        where ${sessions.userId} = users.id and ${live(liveness)})::int`,
      setupPending: sql<boolean>`${users.passwordHash} is null`,
      version: users.version,
    })
    .from(users)
    .where(and(eq(users.role, 'admin'), id ? eq(users.id, id) : undefined))
    .orderBy(
      sql`${users.teamRole} = 'owner' desc`,
      asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`),
      asc(users.id),
    );
  return rows.map((row) => ({
    ...row,
    lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt),
  }));
}

/** The role of the account of `id` (admin, owner, staff, user), undefined for none. */
export async function accountRole(db: Pick<Db, 'select'>, id: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

/** The account of `id`, locked for a change of its role or status (any role: see `role`). */
export async function lockAccount(tx: Tx, id: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row && { ...row, passwordSet: row.passwordHash !== null };
}

/** The active owners' ids, locked: two demotions at once cannot both leave no owner. */
export async function lockActiveOwners(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.teamRole, 'owner'), eq(users.status, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Sets the team role; returns the account's new version. */
export async function setTeamRole(tx: Tx, id: string, teamRole: TeamRole): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ teamRole })
    .where(eq(users.id, id))
    .returning({ version: users.version });
  return row.version;
}

/** Sets the password hash; returns the account's new version. */
export async function setPasswordHash(tx: Tx, id: string, passwordHash: string): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ passwordHash })
    .where(eq(users.id, id))
    .returning({ version: users.version });
  return row.version;
}

export async function insertSetupLink(
  tx: Tx,
  values: { tokenHash: string; userId: string; createdBy: string; expiresAt: Date },
) {
  await tx.insert(setupLinks).values(values);
}

/** Ends every unused set-password link of the user (a new one replaces them). */
export async function retireSetupLinks(tx: Tx, userId: string, now: Date) {
  await tx
    .update(setupLinks)
    .set({ usedAt: now })
    .where(and(eq(setupLinks.userId, userId), isNull(setupLinks.usedAt)));
}

/** The user of a set-password link that is unused and unexpired at `now` (a read, no use). */
export async function setupLinkUser(db: Pick<Db, 'select'>, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ user: users })
    .from(setupLinks)
    .innerJoin(users, eq(users.id, setupLinks.userId))
    .where(
      and(
        eq(setupLinks.tokenHash, tokenHash),
        isNull(setupLinks.usedAt),
        gt(setupLinks.expiresAt, now),
      ),
    );
  return row?.user;
}

/** Uses the link: true when it was unused and unexpired (only one of two uses at once wins). */
export async function useSetupLink(tx: Tx, tokenHash: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(setupLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(setupLinks.tokenHash, tokenHash),
        isNull(setupLinks.usedAt),
        gt(setupLinks.expiresAt, now),
      ),
    )
    .returning({ userId: setupLinks.userId });
  return used.length > 0;
}
