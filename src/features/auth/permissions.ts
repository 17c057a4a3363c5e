import { useAppSelector } from '../../app/hooks';

/**
 * The permission names of issue 25 (the contract's security requirements). Stand-in until
 * common/team-roles.ts lands.
 */
export const PERMISSIONS = [
  'dashboard.read',
  'users.read',
  'users.status',
  'users.export',
  'restaurants.read',
  'restaurants.update',
  'bookings.read',
  'bookings.notes',
  'bookings.export',
  'refunds.create',
  'config.read',
  'config.update',
  'reference.read',
  'reference.write',
  'reviews.read',
  'reviews.moderate',
  'content.read',
  'content.write',
  'menu.upload',
  'audit.read',
  'views.manage',
  'account.manage',
  'team.manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** Whether the signed-in admin's role grants `permission` (the list the server sent). */
const selectCan = (
  state: { auth: { user: { permissions?: readonly string[] } | null } },
  permission: Permission,
): boolean => state.auth.user?.permissions?.includes(permission) ?? false;

/** Whether the signed-in admin may do what `permission` names: screens hide what it may not. */
export const useCan = (permission: Permission): boolean =>
  useAppSelector((state) => selectCan(state, permission));
