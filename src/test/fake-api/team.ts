/**
 * The team (Team screen) and one's own account (password, sessions) and the set-password link,
 * as the server keeps them: a change of role or status ends the admin's sessions; nobody changes
 * their own role or deactivates themselves; the last active owner stays; a link works once.
 */
import type { AccountSession, TeamMember, TeamRole } from '../../api/types';
import { permissionsOf } from '../../../common/team-roles';
import { reply } from './reply';
import { adminUser } from './session';
import type { Routes } from './types';
import { staleWrite } from './versions';

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(700_000 + ++sequence).padStart(12, '0')}`;

/** An administrator of the team; `overrides` change any field. */
export const teamMember = (n: number, overrides: Partial<TeamMember> = {}): TeamMember => ({
  _id: `00000000-0000-4000-8000-${String(600_000 + n).padStart(12, '0')}`,
  firstName: `Admin${n}`,
  lastName: `Person${n}`,
  email: `admin${n}@example.com`,
  teamRole: 'viewer',
  status: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: '2026-11-20T10:00:00.000Z',
  activeSessions: 1,
  dormant: false,
  setupPending: false,
  version: 1,
  ...overrides,
});

/** The signed-in admin (adminUser) as a team member. */
export const meAsMember = (): TeamMember =>
  teamMember(0, {
    _id: adminUser._id,
    firstName: adminUser.firstName,
    lastName: adminUser.lastName,
    email: adminUser.email,
    teamRole: 'owner',
  });

const error = (status: 400 | 404 | 409, message: string) => ({
  success: false as const,
  message,
  status_code: status,
});

export function teamFake(members: TeamMember[] = [meAsMember()]) {
  /** Set-password tokens given out: token → member id (used ones removed). */
  const links = new Map<string, string>();
  const find = (id: string) => members.find((member) => member._id === id);
  const routes: Routes = {
    listTeam: () =>
      reply('listTeam', 200, {
        success: true,
        message: 'Team',
        count: members.length,
        data: members,
      }),
    addTeamMember: ({ body }) => {
      const { email, firstName, lastName, teamRole } = body as {
        email: string;
        firstName: string;
        lastName: string;
        teamRole: TeamRole;
      };
      if (members.some((m) => m.email.toLowerCase() === email.toLowerCase())) {
        return reply('addTeamMember', 409, error(409, 'An account with this email already exists'));
      }
      const member = teamMember(0, {
        _id: nextId(),
        email,
        firstName,
        lastName,
        teamRole,
        lastSignInAt: null,
        activeSessions: 0,
        setupPending: true,
      });
      members.push(member);
      const token = `setup-token-${sequence}`;
      links.set(token, member._id);
      return reply('addTeamMember', 201, {
        success: true,
        message: 'Administrator added',
        data: {
          ...member,
          setupUrl: `/set-password?token=${token}`,
          setupExpiresAt: '2026-11-28T09:00:00.000Z',
        },
      });
    },
    updateTeamMember: (call) => {
      const { params, body } = call;
      const member = find(params.id);
      if (!member) return reply('updateTeamMember', 404, error(404, 'Administrator not found'));
      const stale = staleWrite(call, 'user', member);
      if (stale) return stale;
      const change = body as { teamRole?: TeamRole; status?: boolean };
      const self = member._id === adminUser._id;
      if (self && change.teamRole !== undefined) {
        return reply('updateTeamMember', 400, error(400, 'You cannot change your own team role'));
      }
      if (self && change.status === false) {
        return reply('updateTeamMember', 400, error(400, 'You cannot deactivate your own account'));
      }
      const owners = members.filter((m) => m.teamRole === 'owner' && m.status);
      const losesOwner =
        member.teamRole === 'owner' &&
        member.status &&
        ((change.teamRole && change.teamRole !== 'owner') || change.status === false);
      if (losesOwner && owners.length <= 1) {
        return reply(
          'updateTeamMember',
          409,
          error(
            409,
            `${member.firstName} ${member.lastName} is the last active owner: make another administrator an owner first.`,
          ),
        );
      }
      Object.assign(member, change, { activeSessions: 0, version: member.version + 1 });
      return reply('updateTeamMember', 200, {
        success: true,
        message: change.teamRole
          ? 'Team role changed'
          : change.status
            ? 'Administrator activated'
            : 'Administrator deactivated',
        data: member,
      });
    },
    endTeamMemberSessions: ({ params }) => {
      const member = find(params.id);
      if (!member)
        return reply('endTeamMemberSessions', 404, error(404, 'Administrator not found'));
      const ended = member.activeSessions;
      member.activeSessions = 0;
      return reply('endTeamMemberSessions', 200, {
        success: true,
        message: 'Sessions ended',
        data: { ended },
      });
    },
    resetTeamMemberMfa: ({ params }) => {
      const member = find(params.id);
      if (!member) return reply('resetTeamMemberMfa', 404, error(404, 'Administrator not found'));
      const ended = member.activeSessions;
      member.activeSessions = 0;
      return reply('resetTeamMemberMfa', 200, {
        success: true,
        message: 'Two-step verification reset',
        data: { ended },
      });
    },
    renewSetupLink: ({ params }) => {
      const member = find(params.id);
      if (!member) return reply('renewSetupLink', 404, error(404, 'Administrator not found'));
      if (!member.setupPending) {
        return reply(
          'renewSetupLink',
          409,
          error(409, `${member.firstName} ${member.lastName} has set a password already.`),
        );
      }
      for (const [token, id] of links) if (id === member._id) links.delete(token);
      const token = `setup-token-${++sequence}`;
      links.set(token, member._id);
      return reply('renewSetupLink', 200, {
        success: true,
        message: 'New set-password link',
        data: {
          ...member,
          setupUrl: `/set-password?token=${token}`,
          setupExpiresAt: '2026-11-28T09:00:00.000Z',
        },
      });
    },
    setupPassword: ({ body }) => {
      const { token } = body as { token: string; password: string };
      const member = find(links.get(token) ?? '');
      if (!member) {
        return reply(
          'setupPassword',
          400,
          error(
            400,
            'This set-password link is not valid any more: it was used or it expired. Ask an owner for a new one.',
          ),
        );
      }
      links.delete(token);
      member.setupPending = false;
      member.activeSessions = 1;
      return reply('setupPassword', 200, {
        success: true,
        message: 'Password set',
        token: `session-of-${member._id}`,
        data: {
          user: {
            _id: member._id,
            firstName: member.firstName,
            lastName: member.lastName,
            email: member.email,
            role: 'admin',
            avatar: null,
            createdAt: member.createdAt,
            status: true,
            version: member.version + 1,
            teamRole: member.teamRole,
            permissions: permissionsOf(member.teamRole),
            refundLimitUsd: null,
            refundApprovalUsd: adminUser.refundApprovalUsd,
            sessionIdleMinutes: 30,
          },
        },
      });
    },
  };
  return { members, links, routes };
}

/** A session of the signed-in admin; the first one is this browser's. */
export const accountSession = (
  n: number,
  overrides: Partial<AccountSession> = {},
): AccountSession => ({
  _id: `00000000-0000-4000-8000-${String(500_000 + n).padStart(12, '0')}`,
  createdAt: '2026-11-27T08:00:00.000Z',
  lastUsedAt: '2026-11-27T08:40:00.000Z',
  clientAddress: `203.0.113.${n}`,
  browser: 'Firefox 133',
  system: 'Linux',
  current: n === 0,
  ...overrides,
});

/** The signed-in admin's password (`password`) and sessions. */
export function accountFake(
  sessions: AccountSession[] = [accountSession(0)],
  password = 'current-password-1',
) {
  const state = { password, sessions };
  const routes: Routes = {
    listSessions: () =>
      reply('listSessions', 200, { success: true, message: 'Sessions', data: state.sessions }),
    changePassword: ({ body }) => {
      const { currentPassword, newPassword } = body as {
        currentPassword: string;
        newPassword: string;
      };
      if (currentPassword !== state.password) {
        return reply('changePassword', 400, error(400, 'The current password is not right'));
      }
      state.password = newPassword;
      const ended = state.sessions.filter((s) => !s.current).length;
      state.sessions = state.sessions.filter((s) => s.current);
      return reply('changePassword', 200, {
        success: true,
        message: 'Password changed',
        data: { ended },
      });
    },
    endSession: ({ params }) => {
      if (!state.sessions.some((s) => s._id === params.id)) {
        return reply('endSession', 404, error(404, 'Session not found'));
      }
      state.sessions = state.sessions.filter((s) => s._id !== params.id);
      return reply('endSession', 200, { success: true, message: 'Session ended' });
    },
    endOtherSessions: () => {
      const ended = state.sessions.filter((s) => !s.current).length;
      state.sessions = state.sessions.filter((s) => s.current);
      return reply('endOtherSessions', 200, {
        success: true,
        message: 'Other sessions signed out',
        data: { ended },
      });
    },
  };
  return { state, routes };
}
