import type { Permission } from '../../../common/team-roles';
import { useAppSelector } from '../../app/hooks';

/** Whether the signed-in admin's role grants `permission` (the list the server sent). */
const selectCan = (
  state: { auth: { user: { permissions?: readonly string[] } | null } },
  permission: Permission,
): boolean => state.auth.user?.permissions?.includes(permission) ?? false;

/** Whether the signed-in admin may do what `permission` names: screens hide what it may not. */
export const useCan = (permission: Permission): boolean =>
  useAppSelector((state) => selectCan(state, permission));
