/**
 * The password rule both tiers know: at least 12 characters (the contract's `Password`). The
 * server also refuses a password that is easy to guess (zxcvbn, server/src/auth/password-strength.ts),
 * which the SPA learns from its 400.
 */
export const MIN_PASSWORD_LENGTH = 12;

const TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;

/** Why the password is too short, or undefined. */
export const passwordLengthProblem = (password: string): string | undefined =>
  [...password].length < MIN_PASSWORD_LENGTH ? TOO_SHORT : undefined;
