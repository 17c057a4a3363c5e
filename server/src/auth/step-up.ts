/**
 * "Confirm it's you" (step-up, RFC 9470): an operation the contract marks `x-step-up: true`
 * (money moved, access changed) needs, from an admin who has a second factor, a session that
 * confirmed it within `STEP_UP_MINUTES` (`POST /user/verify`, or the sign-in's own second step).
 * Checked by the bearer check (bearer-auth.ts) beside the permission, and nowhere else. The 401
 * does not end the session: the client confirms and repeats the request.
 */
import { HttpError } from '../lib/http-error.js';
import type { RequestSession } from '../queries/sessions.js';

const STEP_UP_MESSAGE = "Confirm it's you to continue";

export const stepUpRequired = () =>
  new HttpError(
    401,
    STEP_UP_MESSAGE,
    { 'www-authenticate': 'Bearer error="insufficient_user_authentication"' },
    { reason: 'step_up_required' },
  );

/** The session may do a step-up operation now: its admin has no factor, or confirmed one lately. */
export function recentlyVerified(session: RequestSession, stepUpMs: number, now = new Date()) {
  if (!session.hasFactor) return true;
  return session.verifiedAt !== null && now.getTime() - session.verifiedAt.getTime() < stepUpMs;
}
