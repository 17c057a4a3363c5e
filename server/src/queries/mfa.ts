/**
 * Two-step sign-in's SQL (the rules are auth/mfa.ts): an admin's factors, recovery codes, the
 * TOTP steps already used, and the sign-in tickets between the password and the code. Every
 * "use" is a conditional write, so of two uses at once only one succeeds.
 */
import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mfaFactors, mfaRecoveryCodes, mfaTickets, mfaUsedSteps } from '../db/schema.js';

type Writer = Pick<Db, 'insert' | 'update' | 'delete' | 'select'>;

export type MfaTicket = typeof mfaTickets.$inferSelect;

/** The admin's factors that are on, the oldest first. */
export const confirmedFactors = (db: Pick<Db, 'select'>, userId: string) =>
  db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt)))
    .orderBy(asc(mfaFactors.createdAt));

/** The admin's authenticator enrolment under way (the newest not confirmed), if any. */
export async function pendingTotp(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.kind, 'totp'),
        isNull(mfaFactors.confirmedAt),
      ),
    )
    .orderBy(sql`${mfaFactors.createdAt} desc`)
    .limit(1);
  return row;
}

/** A new enrolment replaces any earlier one not confirmed. */
export async function insertPendingTotp(
  db: Writer,
  values: { userId: string; name: string; secret: string },
) {
  await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, values.userId), isNull(mfaFactors.confirmedAt)));
  const [row] = await db
    .insert(mfaFactors)
    .values({ ...values, kind: 'totp' })
    .returning();
  return row;
}

/** Turns an enrolment on; false when it was confirmed (or removed) meanwhile. */
export async function confirmFactor(db: Pick<Db, 'update'>, id: string, now: Date) {
  const rows = await db
    .update(mfaFactors)
    .set({ confirmedAt: now, lastUsedAt: now })
    .where(and(eq(mfaFactors.id, id), isNull(mfaFactors.confirmedAt)))
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export async function noteFactorUse(db: Pick<Db, 'update'>, id: string, now: Date) {
  await db.update(mfaFactors).set({ lastUsedAt: now }).where(eq(mfaFactors.id, id));
}

/** Removes one factor of the admin; the removed row, or undefined. */
export async function deleteFactor(db: Pick<Db, 'delete'>, userId: string, id: string) {
  const [row] = await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.id, id)))
    .returning();
  return row;
}

/** Removes every factor, recovery code, used step and ticket of the admin; how many factors were on. */
export async function deleteAllFactors(db: Writer, userId: string): Promise<number> {
  const removed = await db
    .delete(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .returning({ confirmedAt: mfaFactors.confirmedAt });
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaUsedSteps).where(eq(mfaUsedSteps.userId, userId));
  await db.delete(mfaTickets).where(eq(mfaTickets.userId, userId));
  return removed.filter((row) => row.confirmedAt).length;
}

/**
 * Writes down that the admin used the code of TOTP step `step`; false when it was used already
 * (a replay). Steps older than a day are forgotten on the way (they can never be valid again).
 */
export async function useStep(db: Writer, userId: string, step: number): Promise<boolean> {
  await db
    .delete(mfaUsedSteps)
    .where(and(eq(mfaUsedSteps.userId, userId), lt(mfaUsedSteps.step, step - 2880)));
  const rows = await db
    .insert(mfaUsedSteps)
    .values({ userId, step })
    .onConflictDoNothing()
    .returning({ step: mfaUsedSteps.step });
  return rows.length > 0;
}

/** Replaces the admin's recovery codes by these (hashed) ones. */
export async function replaceRecoveryCodes(db: Writer, userId: string, hashes: string[]) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

export const unusedRecoveryCodes = (db: Pick<Db, 'select'>, userId: string) =>
  db
    .select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));

export async function recoveryCodesLeft(db: Pick<Db, 'select'>, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Uses a recovery code; false when it was used meanwhile. */
export async function useRecoveryCode(db: Pick<Db, 'update'>, id: string, now: Date) {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaRecoveryCodes.id, id), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function insertTicket(
  db: Pick<Db, 'insert'>,
  values: { tokenHash: string; userId: string; purpose: MfaTicket['purpose']; expiresAt: Date },
) {
  await db.insert(mfaTickets).values(values);
}

/** A ticket neither used, expired nor ended by wrong codes (`maxFailures`). */
export async function liveTicket(
  db: Pick<Db, 'select'>,
  tokenHash: string,
  now: Date,
  maxFailures: number,
): Promise<MfaTicket | undefined> {
  const [row] = await db
    .select()
    .from(mfaTickets)
    .where(
      and(
        eq(mfaTickets.tokenHash, tokenHash),
        isNull(mfaTickets.usedAt),
        gt(mfaTickets.expiresAt, now),
        lt(mfaTickets.failures, maxFailures),
      ),
    )
    .limit(1);
  return row;
}

/** Counts a wrong code against the ticket. */
export async function failTicket(db: Pick<Db, 'update'>, tokenHash: string) {
  await db
    .update(mfaTickets)
    .set({ failures: sql`${mfaTickets.failures} + 1` })
    .where(eq(mfaTickets.tokenHash, tokenHash));
}

/** Uses the ticket; false when it was used meanwhile. */
export async function useTicket(db: Pick<Db, 'update'>, tokenHash: string, now: Date) {
  const rows = await db
    .update(mfaTickets)
    .set({ usedAt: now })
    .where(and(eq(mfaTickets.tokenHash, tokenHash), isNull(mfaTickets.usedAt)))
    .returning({ used: mfaTickets.usedAt });
  return rows.length > 0;
}
