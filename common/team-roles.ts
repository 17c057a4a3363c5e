/**
 * Team roles of the administrators and what each may do (issue #25). The contract names the
 * permission each operation needs (`security: [{bearerAuth: [<permission>]}]`); the server
 * enforces it and the SPA shows only what the signed-in admin's permissions allow. The README's
 * roles table is this one.
 */

export const TEAM_ROLES = ['owner', 'finance', 'support', 'content', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TEAM_ROLE_LABELS: Readonly<Record<TeamRole, string>> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  content: 'Content',
  viewer: 'Viewer',
};

/** Each permission with the phrase of its refusal: "Your role (Support) does not allow <phrase>." */
const PERMISSION_PHRASES = {
  'dashboard.read': 'viewing the dashboard',
  'users.read': 'viewing users',
  'users.status': 'activating or deactivating users',
  'users.export': 'exporting users',
  'restaurants.read': 'viewing restaurants',
  'restaurants.update': 'changing restaurant settings',
  'bookings.read': 'viewing bookings',
  'bookings.notes': 'editing booking notes',
  'bookings.export': 'exporting bookings',
  'refunds.create': 'refunds',
  'config.read': 'viewing the configuration',
  'config.update': 'changing the platform fee',
  'reference.read': 'viewing reference data',
  'reference.write': 'changing reference data',
  'reviews.read': 'viewing reviews',
  'reviews.moderate': 'moderating reviews',
  'content.read': 'viewing content',
  'content.write': 'changing content',
  'menu.upload': 'uploading menus',
  'audit.read': 'viewing the audit log',
  'views.manage': 'managing saved views',
  'account.manage': 'managing your own account',
  'team.manage': 'managing the team',
  'approvals.read': 'viewing approval requests',
  'approvals.decide': 'approving or rejecting requests',
} as const;
export type Permission = keyof typeof PERMISSION_PHRASES;

const PERMISSIONS = Object.keys(PERMISSION_PHRASES).sort() as Permission[];

export const isPermission = (name: string): name is Permission =>
  Object.hasOwn(PERMISSION_PHRASES, name);

export const isTeamRole = (name: unknown): name is TeamRole =>
  typeof name === 'string' && (TEAM_ROLES as readonly string[]).includes(name);

/** What every role may do: read every screen, keep saved views, manage their own account. */
const VIEWER: readonly Permission[] = [
  'dashboard.read',
  'users.read',
  'restaurants.read',
  'bookings.read',
  'config.read',
  'reference.read',
  'reviews.read',
  'content.read',
  'audit.read',
  'approvals.read',
  'views.manage',
  'account.manage',
];

const ROLE_PERMISSIONS: Readonly<Record<TeamRole, readonly Permission[]>> = {
  viewer: VIEWER,
  support: [...VIEWER, 'users.status', 'bookings.notes', 'refunds.create', 'reviews.moderate'],
  content: [...VIEWER, 'reference.write', 'reviews.moderate', 'content.write', 'menu.upload'],
  finance: [
    ...VIEWER,
    'users.export',
    'restaurants.update',
    'bookings.export',
    'refunds.create',
    'config.update',
    'approvals.decide',
  ],
  owner: PERMISSIONS,
};

/** The permissions of a role, sorted by name. */
export const permissionsOf = (role: TeamRole): Permission[] => [...ROLE_PERMISSIONS[role]].sort();

export const hasPermission = (role: TeamRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** The 403 sentence: "Your role (Support) does not allow changing the platform fee." */
export const forbiddenMessage = (role: TeamRole, permission: Permission): string =>
  `Your role (${TEAM_ROLE_LABELS[role]}) does not allow ${PERMISSION_PHRASES[permission]}.`;
