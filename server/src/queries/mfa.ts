/**
 * Two-step sign-in's SQL (the rules are auth/mfa.ts): an admin's factors, recovery codes, the
 * TOTP steps already used, and the sign-in tickets between the password and the code. Every
 * "use" is a conditional write, so of two uses at once only one succeeds.
 */
import { and, asc, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  mfaFactors,
  mfaRecoveryCodes,
  mfaTickets,
  mfaUsedSteps,
  webauthnChallenges,
} from '../db/schema.js';

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
  await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
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

/** The admin's passkeys (factors of kind `webauthn`), the oldest first. */
export async function passkeysOf(db: Pick<Db, 'select'>, userId: string) {
  return (await confirmedFactors(db, userId)).filter((factor) => factor.kind === 'webauthn');
}

/** A passkey of any admin by its credential id (they are unique over every admin). */
export async function passkeyByCredential(db: Pick<Db, 'select'>, credentialId: string) {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.credentialId, credentialId), eq(mfaFactors.kind, 'webauthn')))
    .limit(1);
  return row;
}

/** A new passkey, on at once (its registration was checked). */
export async function insertPasskey(
  db: Pick<Db, 'insert'>,
  values: {
    userId: string;
    name: string;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string[];
    now: Date;
  },
) {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(mfaFactors)
    .values({ ...rest, kind: 'webauthn', confirmedAt: now, lastUsedAt: now })
    .returning();
  return row!;
}

/**
 * A passkey used: its new signature counter and when. Conditional on the counter read before,
 * so of two answers checked against the same counter at once only one counts; false for the other.
 */
export async function usePasskey(
  db: Pick<Db, 'update'>,
  id: string,
  counter: { before: number; after: number },
  now: Date,
) {
  const rows = await db
    .update(mfaFactors)
    .set({ signCount: counter.after, lastUsedAt: now })
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.signCount, counter.before)))
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export type WebAuthnPurpose = typeof webauthnChallenges.$inferInsert.purpose;

/** A challenge handed out; the admin's expired ones are forgotten on the way. */
export async function insertChallenge(
  db: Pick<Db, 'insert' | 'delete'>,
  values: typeof webauthnChallenges.$inferInsert,
) {
  await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.userId, values.userId),
        lt(webauthnChallenges.expiresAt, new Date()),
      ),
    );
  await db.insert(webauthnChallenges).values(values);
}

/**
 * Uses up a challenge: true only when it was handed out to this admin, for this purpose and
 * ticket or session, is not expired, and was not used before (it is deleted).
 */
export async function takeChallenge(
  db: Pick<Db, 'delete'>,
  values: { challenge: string; userId: string; purpose: WebAuthnPurpose; boundTo: string },
  now: Date,
) {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, values.challenge),
        eq(webauthnChallenges.userId, values.userId),
        eq(webauthnChallenges.purpose, values.purpose),
        eq(webauthnChallenges.boundTo, values.boundTo),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length > 0;
}
