/**
 * The administrators: the first one of a real deployment from ADMIN_EMAIL + ADMIN_PASSWORD at
 * start or from `npm run create-admin`, both through `saveAdministrator` (passwords pass the
 * strength check first and are never printed or logged); and the rule of a change of an
 * administrator's team role or status (`checkTeamChange`).
 */
import type { Db } from '../db/client.js';
import { recordChange } from '../lib/audit.js';
import type { TeamRole } from '../../../common/team-roles.js';
import { fullName } from '../../../common/person-name.js';
import { revokeUserSessions } from '../queries/sessions.js';
import { deleteAllFactors } from '../queries/mfa.js';
import {
  insertAdministrator,
  lockAccountByEmail,
  lockActiveOwners,
  makeAdministrator,
} from '../queries/team.js';
import { badRequest, conflict } from '../lib/http-error.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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
 * with the new password and no second factor; either way in one transaction, ending every
 * session the account had.
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
      const version = await makeAdministrator(tx, existing.id, {
        passwordHash,
        teamRole: input.teamRole ?? existing.teamRole ?? 'owner',
      });
      await revokeUserSessions(tx, existing.id);
      // Recovering a locked-out owner: their second factors go too (the next sign-in enrols).
      const factorsRemoved = await deleteAllFactors(tx, existing.id);
      await recordChange(tx, {
        request: null,
        action: 'admin.reset',
        entity: { type: 'user', id: existing.id, name: email },
        version,
        details: { email, factorsRemoved: String(factorsRemoved) },
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
      version: 1,
      details: { email },
      always: true,
    });
    return 'created';
  });
}

type TeamTarget = {
  id: string;
  teamRole: TeamRole | null;
  status: boolean;
  firstName: string;
  lastName: string;
};

/**
 * Whether a change of an administrator's team role or status may be made, in the transaction
 * that makes it (the active owners are locked): nobody changes their own role or deactivates
 * themselves (400), and the last active owner keeps the owner role and stays active (409).
 */
export async function checkTeamChange(
  tx: Tx,
  actorId: string,
  target: TeamTarget,
  next: { teamRole?: TeamRole; status?: boolean },
): Promise<void> {
  const newRole = next.teamRole !== undefined && next.teamRole !== target.teamRole;
  if (target.id === actorId && newRole) throw badRequest('You cannot change your own team role');
  if (target.id === actorId && next.status === false) {
    throw badRequest('You cannot deactivate your own account');
  }
  const losesOwner =
    target.teamRole === 'owner' && target.status && (newRole || next.status === false);
  if (!losesOwner) return;
  const owners = await lockActiveOwners(tx);
  if (owners.length <= 1) {
    throw conflict(
      `${fullName(target)} is the last active owner: make another administrator an owner first.`,
    );
  }
}
