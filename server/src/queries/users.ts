/**
 * Users: the list and its export (one search, one order), an account by email for sign-in, the
 * account's status, and the platform fee (the configuration row).
 */
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { BATCH_SIZE, keyset, keysetBatches } from '../db/keyset.js';
import { countOf, pageOf, withTotal, type Paging } from '../db/paged.js';
import { configuration, users, type User } from '../db/schema.js';
import type { CsvColumn } from '../lib/csv-export.js';
import { likePattern } from '../lib/paging.js';

type Tx = Pick<Db, 'select' | 'update' | 'insert'>;
type UsersFilters = { search?: string };

/** The user as the contract's User (list rows, sign-in, status changes). */
export const toSessionUser = (user: User) => ({
  _id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  avatar: user.avatar,
  role: user.role,
  createdAt: user.createdAt.toISOString(),
  status: user.status,
  version: user.version,
});

/** First, last or full name, or email, contains the text. */
function usersWhere(query: UsersFilters): SQL | undefined {
  const pattern = likePattern(query.search);
  if (!pattern) return undefined;
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
  );
}

const usersOrder = keyset([
  { column: users.createdAt, direction: 'desc' },
  { column: users.id, direction: 'asc' },
]);

export async function listUsers(db: Db, query: UsersFilters & Paging) {
  const { skip, limit } = pageOf(query);
  const where = usersWhere(query);
  const page = await withTotal(
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...usersOrder.orderBy)
      .offset(skip)
      .limit(limit),
    countOf(db, users, where),
  );
  return { total: page.total, data: page.rows.map(toSessionUser) };
}

type UserRow = { user: User; keys: string[] };

export const USER_COLUMNS: readonly CsvColumn<UserRow>[] = [
  { title: 'First Name', value: (r) => r.user.firstName },
  { title: 'Last Name', value: (r) => r.user.lastName },
  { title: 'Email', value: (r) => r.user.email },
  { title: 'Phone', value: (r) => r.user.phoneNo },
  { title: 'Role', value: (r) => r.user.role },
  { title: 'Active', value: (r) => r.user.status },
  { title: 'Created At', value: (r) => r.user.createdAt },
];

export function userBatches(db: Db, query: UsersFilters, batchSize = BATCH_SIZE) {
  const where = usersWhere(query);
  return keysetBatches<UserRow>(
    (after, limit) =>
      db
        .select({ user: users, keys: usersOrder.keys })
        .from(users)
        .where(and(where, after))
        .orderBy(...usersOrder.orderBy)
        .limit(limit),
    usersOrder,
    batchSize,
  );
}

/** The account with this email, ignoring case (users_email_key). */
export async function userByEmail(db: Pick<Db, 'select'>, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return user as User | undefined;
}

/** The account of this id. */
export async function userById(db: Pick<Db, 'select'>, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user as User | undefined;
}

export async function setUserStatus(tx: Tx, id: string, status: boolean) {
  const [updated] = await tx.update(users).set({ status }).where(eq(users.id, id)).returning();
  return updated;
}

/** The platform fee and its version (0 before it is first saved); `lock` for the fee's update. */
export async function platformFee(db: Pick<Db, 'select'>, lock = false) {
  const query = db.select().from(configuration).where(eq(configuration.id, 1));
  const [row] = await (lock ? query.for('update') : query);
  return { platformFee: row?.platformFee ?? 0, version: row?.version ?? 0 };
}

/** Saves the fee (a first save creates the row); returns it as stored, with its new version. */
export async function savePlatformFee(tx: Tx, fee: number) {
  const [row] = await tx
    .insert(configuration)
    .values({ id: 1, platformFee: fee })
    .onConflictDoUpdate({
      target: configuration.id,
      set: { platformFee: fee, updatedAt: new Date() },
    })
    .returning();
  return { platformFee: row.platformFee, version: row.version };
}
