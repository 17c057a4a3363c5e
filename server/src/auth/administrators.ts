/**
 * The administrators of a real deployment: the first one from ADMIN_EMAIL + ADMIN_PASSWORD at
 * start or from `npm run create-admin`, both through `saveAdministrator`. Passwords pass the
 * strength check first and are never printed or logged.
 */
import type { Db } from '../db/client.js';
import { recordChange } from '../lib/audit.js';
import type { TeamRole } from '../../../common/team-roles.js';
import { revokeUserSessions } from '../queries/sessions.js';
import { insertAdministrator, lockAccountByEmail, makeAdministrator } from '../queries/team.js';
import { hashPassword } from './passwords.js';
import { weakPasswordReason } from './password-strength.js';

export { hasActiveAdministrator } from '../queries/team.js';

/** A request the operator can correct; the message says how. */
export class AdministratorError extends Error {
  override name = 'AdministratorError';
}

export const HOW_TO_CREATE_ADMIN =
  'No administrator can sign in yet. Create one: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, ' +
  'or run `npm run create-admin -- --email you@example.org` with the same DATABASE_URL or DATA_DIR.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AdministratorInput = {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** the team role: owner unless given (with `reset`, the account's own if it has one) */
  teamRole?: TeamRole;
  /** an account with this email exists: give it this password and make it an active admin */
  reset?: boolean;
};

/**
 * Creates an active administrator, or with `reset` turns the account with that email into one
 * with the new password; either way in one transaction, ending every session the account had.
 */
export async function saveAdministrator(
  db: Db,
  input: AdministratorInput,
): Promise<'created' | 'reset'> {
  const email = input.email.trim();
  if (!EMAIL.test(email)) throw new AdministratorError(`"${email}" is not an email address.`);
  const weak = await weakPasswordReason(input.password, email);
  if (weak) throw new AdministratorError(weak);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const existing = await lockAccountByEmail(tx, email);
    if (existing && !input.reset) {
      throw new AdministratorError(
        `An account with the email ${email} already exists. To give it a new password and make it ` +
          'an active administrator, run the command again with --reset.',
      );
    }
    if (existing) {
      await makeAdministrator(tx, existing.id, {
        passwordHash,
        teamRole: input.teamRole ?? existing.teamRole ?? 'owner',
      });
      await revokeUserSessions(tx, existing.id);
      await recordChange(tx, {
        request: null,
        action: 'admin.reset',
        entity: { type: 'user', id: existing.id, name: email },
        details: { email },
        always: true,
      });
      return 'reset';
    }
    const createdId = await insertAdministrator(tx, {
      firstName: input.firstName?.trim() || 'Administrator',
      lastName: input.lastName?.trim() ?? '',
      email,
      passwordHash,
      teamRole: input.teamRole ?? 'owner',
    });
    await recordChange(tx, {
      request: null,
      action: 'admin.create',
      entity: { type: 'user', id: createdId, name: email },
      details: { email },
      always: true,
    });
    return 'created';
  });
}
