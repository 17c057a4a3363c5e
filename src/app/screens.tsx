import { lazy, type ComponentType, type ReactNode } from 'react';
import { DecidableApprovalsBadge } from '../features/approvals';
import { REFERENCE_LIST_KEYS, REFERENCE_LISTS } from '../../common/reference-lists';
import type { Permission } from '../../common/team-roles';

// Every page is its own chunk, loaded when its route is first shown.
const DashboardPage = lazy(
  () => import(/* webpackChunkName: "page-dashboard" */ '../features/dashboard/dashboard-page'),
);
const UsersPage = lazy(
  () => import(/* webpackChunkName: "page-users" */ '../features/users/users-page'),
);
const RestaurantsPage = lazy(
  () =>
    import(/* webpackChunkName: "page-restaurants" */ '../features/restaurants/restaurants-page'),
);
const RestaurantBookingsPage = lazy(
  () =>
    import(
      /* webpackChunkName: "page-restaurant-bookings" */ '../features/restaurants/restaurant-bookings-page'
    ),
);
const BookingsPage = lazy(
  () => import(/* webpackChunkName: "page-bookings" */ '../features/bookings/bookings-page'),
);
const ReferenceDataPage = lazy(
  () =>
    import(
      /* webpackChunkName: "page-reference-data" */ '../features/reference-data/reference-data-page'
    ),
);
const ReviewsPage = lazy(
  () => import(/* webpackChunkName: "page-reviews" */ '../features/reviews/reviews-page'),
);
const ContentListPage = lazy(
  () => import(/* webpackChunkName: "page-content-list" */ '../features/content/content-list-page'),
);
const TextEditorPage = lazy(
  () => import(/* webpackChunkName: "page-text-editor" */ '../features/content/text-editor-page'),
);
const BulkUploadPage = lazy(
  () =>
    import(/* webpackChunkName: "page-bulk-upload" */ '../features/bulk-upload/bulk-upload-page'),
);

const TeamPage = lazy(
  () => import(/* webpackChunkName: "page-team" */ '../features/team/team-page'),
);
const AccountPage = lazy(
  () => import(/* webpackChunkName: "page-account" */ '../features/account/account-page'),
);
const ApprovalsPage = lazy(
  () => import(/* webpackChunkName: "page-approvals" */ '../features/approvals/approvals-page'),
);

const AuditLogPage = lazy(
  () => import(/* webpackChunkName: "page-audit-log" */ '../features/audit/audit-log-page'),
);

export interface AdminScreen {
  /** Path under /admin. */
  path: string;
  /** The header title. */
  title: string;
  /** The page (a lazily loaded component). */
  element: ReactNode;
  /**
   * Sidebar entry (its icon: layout/sidebar-menu.tsx), with a count after the label when it has
   * one; a screen without one highlights the entry of `menuKey`.
   */
  menu?: { label: string; Count?: ComponentType };
  /** Sidebar entry to highlight (defaults to `path`). */
  menuKey?: string;
  /** What the admin's role must grant to open it (and to see its sidebar entry). */
  permission: Permission;
}

/** The screens of /admin in sidebar order: one table for routes, titles and the sidebar. */
export const adminScreens: readonly AdminScreen[] = [
  {
    path: 'dashboard',
    permission: 'dashboard.read',
    title: 'Dashboard',
    element: <DashboardPage />,
    menu: { label: 'Dashboard' },
  },
  {
    path: 'users',
    permission: 'users.read',
    title: 'Users Management',
    element: <UsersPage />,
    menu: { label: 'Users' },
  },
  {
    path: 'restaurants',
    permission: 'restaurants.read',
    title: 'Restaurants Management',
    element: <RestaurantsPage />,
    menu: { label: 'Restaurants' },
  },
  {
    path: 'restaurants/:restaurantId/bookings',
    permission: 'restaurants.read',
    title: 'Restaurant Details',
    element: <RestaurantBookingsPage />,
    menuKey: 'restaurants',
  },
  {
    path: 'bookings',
    permission: 'bookings.read',
    title: 'Bookings Management',
    element: <BookingsPage />,
    menu: { label: 'Bookings' },
  },
  // The reference lists, one screen each, from the registry.
  ...REFERENCE_LIST_KEYS.map((key) => {
    const list = REFERENCE_LISTS[key];
    return {
      path: list.route,
      permission: 'reference.read' as const,
      title: list.title,
      element: <ReferenceDataPage entity={key} />,
      menu: { label: list.menuLabel },
    };
  }),
  {
    path: 'reviews',
    permission: 'reviews.read',
    title: 'Reviews Management',
    element: <ReviewsPage />,
    menu: { label: 'Reviews' },
  },
  {
    path: 'text-editor',
    permission: 'content.read',
    title: 'Content Management',
    element: <TextEditorPage />,
    menu: { label: 'Content Management' },
  },
  {
    path: 'content',
    permission: 'content.read',
    // Spec 02 titles both content screens "Content Management"; the sidebar names this one
    // Content Items, and so does its title, so that the two can be told apart.
    title: 'Content Items',
    element: <ContentListPage />,
    menu: { label: 'Content Items' },
  },
  {
    path: 'bulk-menu-upload',
    permission: 'menu.upload',
    title: 'Bulk Menu Upload',
    element: <BulkUploadPage />,
    menu: { label: 'Bulk Menu Upload' },
  },
  {
    path: 'approvals',
    permission: 'approvals.read',
    title: 'Approvals',
    element: <ApprovalsPage />,
    menu: { label: 'Approvals', Count: DecidableApprovalsBadge },
  },
  {
    path: 'audit-log',
    permission: 'audit.read',
    title: 'Audit Log',
    element: <AuditLogPage />,
    menu: { label: 'Audit Log' },
  },
  {
    path: 'team',
    permission: 'team.manage',
    title: 'Team',
    element: <TeamPage />,
    menu: { label: 'Team' },
  },
  // From the user menu, not the sidebar.
  {
    path: 'account',
    permission: 'account.manage',
    title: 'My Account',
    element: <AccountPage />,
  },
];

/** What each /admin route carries for the layout (read with useMatches). */
export interface ScreenHandle {
  title: string;
  menuKey: string;
}

export function screenHandle(screen: AdminScreen): ScreenHandle {
  return { title: screen.title, menuKey: screen.menuKey ?? screen.path };
}
