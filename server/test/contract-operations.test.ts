/**
 * The contract names every call of section 7 of both spec documents, plus the operations the
 * contract adds, at the method and path agreed with the server and the SPA.
 */
import { fileURLToPath } from 'node:url';
import { bundle, loadConfig } from '@redocly/openapi-core';
import {
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type ReferenceListDefinition,
} from '../../common/reference-lists.js';

const specPath = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));
const configPath = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';
const METHODS: Method[] = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The method of each operation a reference list's entry names. */
const METHOD_OF: Record<keyof ReferenceListDefinition['operations'], Method> = {
  list: 'get',
  create: 'post',
  update: 'put',
  delete: 'delete',
  export: 'get',
  adminList: 'get',
};

const REFERENCE_OPERATIONS = REFERENCE_LIST_KEYS.flatMap((key) =>
  Object.entries(REFERENCE_LISTS[key].operations).map(
    ([role, { path, operationId }]) =>
      [METHOD_OF[role as keyof typeof METHOD_OF], path, operationId] as const,
  ),
);

/** [method, path, operationId]; paths are relative to the server url /api/v1. */
const EXPECTED: ReadonlyArray<readonly [Method, string, string]> = [
  // Spec 01 §7: session, dashboard, users, configuration.
  ['post', '/user/login', 'login'],
  ['get', '/total/booking', 'getTotalBookings'],
  ['get', '/total/user', 'getTotalUsers'],
  ['get', '/total/restaurant', 'getTotalRestaurants'],
  ['get', '/total/revenue', 'getTotalRevenue'],
  ['get', '/top/restaurant', 'getTopRestaurants'],
  ['get', '/admin/activityLogs', 'listActivityLogs'],
  // Added by the contract (issue #14): the audit trail.
  ['get', '/admin/audit-logs', 'listAuditEvents'],
  ['get', '/events', 'streamEvents'],
  ['get', '/admin/users', 'listUsers'],
  ['get', '/configuration', 'getConfiguration'],
  ['put', '/configuration', 'updateConfiguration'],
  // Spec 01 §7: restaurants.
  ['get', '/admin/restaurants', 'listRestaurants'],
  ['get', '/admin/restaurant/{id}', 'getRestaurant'],
  ['put', '/restaurant/{id}', 'updateRestaurant'],
  ['get', '/restaurants', 'searchRestaurants'],
  // Spec 01 §7: bookings, activities, refunds.
  ['get', '/admin/bookings', 'listBookings'],
  ['put', '/booking/{id}', 'updateBookingNotes'],
  ['get', '/activities', 'listBookingActivities'],
  ['post', '/admin/orders/refund', 'refundOrder'],
  ['post', '/admin/order/refund', 'refundOrderFallback'],
  ['post', '/admin/booking-refund', 'refundBooking'],
  // Spec 02 §7: the reference lists (each list's operations, exports included, from its entry).
  ...REFERENCE_OPERATIONS,
  // Spec 02 §7: reviews.
  ['get', '/admin/reviews', 'listReviews'],
  ['put', '/admin/review/{id}', 'updateReviewStatus'],
  // Spec 02 §7: static content (list and editor screens) and the unused legacy service.
  ['get', '/static', 'listStaticContent'],
  ['post', '/static', 'createStaticContent'],
  ['put', '/static', 'updateStaticContent'],
  ['delete', '/static', 'deleteStaticContent'],
  ['get', '/static-content', 'listStaticContentLegacy'],
  ['put', '/static-content/{id}', 'updateStaticContentLegacy'],
  ['delete', '/static-content/{id}/faq', 'removeStaticContentFaq'],
  // Spec 02 §7: bulk menu upload.
  ['post', '/menu/bulk', 'createMenuItem'],
  // Added by the contract (DESIGN.md and the spec's "not shown").
  ['post', '/user/logout', 'logout'],
  ['get', '/user/me', 'getMe'],
  ['post', '/user/setup-password', 'setupPassword'],
  ['put', '/user/password', 'changePassword'],
  ['get', '/user/sessions', 'listSessions'],
  ['delete', '/user/sessions', 'endOtherSessions'],
  ['delete', '/user/sessions/{id}', 'endSession'],
  ['get', '/admin/team', 'listTeam'],
  ['post', '/admin/team', 'addTeamMember'],
  ['put', '/admin/team/{id}', 'updateTeamMember'],
  ['delete', '/admin/team/{id}/sessions', 'endTeamMemberSessions'],
  ['post', '/admin/team/{id}/setup-link', 'renewSetupLink'],
  ['put', '/admin/user/{id}', 'updateUserStatus'],
  ['get', '/admin/restaurant/{id}/menu-items', 'listRestaurantMenuItems'],
  ['get', '/admin/booking/{id}', 'getBooking'],
  ['get', '/images/{id}', 'getImage'],
  // Added by the contract (issue #15): CSV exports of the lists.
  ['get', '/admin/exports/bookings', 'exportBookings'],
  ['get', '/admin/exports/users', 'exportUsers'],
  ['get', '/admin/exports/restaurants', 'exportRestaurants'],
  ['get', '/admin/exports/reviews', 'exportReviews'],
  ['get', '/admin/exports/content', 'exportContent'],
  ['get', '/admin/exports/audit-logs', 'exportAuditEvents'],
  // Added by the contract (issue #15): saved views of the list screens.
  ['get', '/admin/saved-views', 'listSavedViews'],
  ['post', '/admin/saved-views', 'createSavedView'],
  ['put', '/admin/saved-views/{id}', 'renameSavedView'],
  ['delete', '/admin/saved-views/{id}', 'deleteSavedView'],
  // Added by the contract: the approval queue of refunds and fee changes.
  ['get', '/admin/approvals', 'listApprovals'],
  ['get', '/admin/approvals/{id}', 'getApproval'],
  ['post', '/admin/approvals/{id}/approve', 'approveApproval'],
  ['post', '/admin/approvals/{id}/reject', 'rejectApproval'],
  ['post', '/admin/approvals/{id}/cancel', 'cancelApproval'],
  ['get', '/admin/exports/approvals', 'exportApprovals'],
  // Added by the contract (issue #26): bulk actions on list rows.
  ['post', '/admin/reviews/bulk', 'bulkUpdateReviewStatus'],
  ['post', '/admin/users/bulk', 'bulkUpdateUserStatus'],
  ['post', '/admin/restaurants/bulk', 'bulkUpdateRestaurants'],
  // Added by the contract (issue #27): two-step sign-in and step-up.
  ['post', '/user/login/mfa', 'loginMfa'],
  ['post', '/user/verify', 'verifyStepUp'],
  ['get', '/user/mfa', 'getMfaStatus'],
  ['post', '/user/mfa/totp', 'startTotpEnrolment'],
  ['post', '/user/mfa/totp/confirm', 'confirmTotpEnrolment'],
  ['post', '/user/mfa/recovery-codes', 'regenerateRecoveryCodes'],
  ['delete', '/user/mfa/{id}', 'removeMfaFactor'],
  ['delete', '/admin/team/{id}/mfa', 'resetTeamMemberMfa'],
  // Passkeys (issue #27): options, then the browser's answer.
  ['post', '/user/login/mfa/passkey-options', 'startPasskeySignIn'],
  ['post', '/user/verify/passkey-options', 'startPasskeyVerification'],
  ['post', '/user/mfa/passkey/options', 'startPasskeyRegistration'],
  ['post', '/user/mfa/passkey', 'addPasskey'],
];

/**
 * Operations reachable without a token: login and its second step (with its passkey options), a
 * first password from a link, and images so that <img> tags work.
 */
const PUBLIC = new Set(['login', 'loginMfa', 'startPasskeySignIn', 'setupPassword', 'getImage']);

type SecurityRequirement = Record<string, string[]>;
interface Operation {
  operationId?: string;
  security?: SecurityRequirement[];
  responses?: Record<string, unknown>;
}
interface Contract {
  openapi: string;
  servers?: { url: string }[];
  security?: SecurityRequirement[];
  paths: Record<string, Partial<Record<Method, Operation>>>;
  components?: {
    securitySchemes?: Record<string, { type?: string; scheme?: string }>;
    responses?: Record<string, unknown>;
  };
}
interface FoundOperation {
  method: Method;
  path: string;
  op: Operation;
}

let contract: Contract;
let operations: FoundOperation[];

beforeAll(async () => {
  const config = await loadConfig({ configPath });
  const result = await bundle({ ref: specPath, config, dereference: true });
  const errors = result.problems.filter((p) => p.severity === 'error');
  expect(errors.map((p) => p.message)).toEqual([]);
  contract = result.bundle.parsed as Contract;
  operations = Object.entries(contract.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      op: item[method] as Operation,
    })),
  );
});

describe('v1 contract operations', () => {
  it('is OpenAPI 3.1 served under /api/v1', () => {
    expect(contract.openapi).toMatch(/^3\.1\./);
    expect(contract.servers?.map((s) => s.url)).toEqual(['/api/v1']);
  });

  it.each(EXPECTED)('has %s %s as %s', (method, path, operationId) => {
    const op = contract.paths[path]?.[method];
    expect(op).toBeDefined();
    expect(op?.operationId).toBe(operationId);
  });

  it('has no operation beyond the agreed list', () => {
    const expected = EXPECTED.map(([m, p]) => `${m.toUpperCase()} ${p}`).sort();
    const actual = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    expect(actual).toEqual(expected);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it('declares bearerAuth as an http bearer scheme', () => {
    expect(contract.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('requires the bearer token on every operation except login, loginMfa (and its passkey options), setupPassword and getImage', () => {
    const wrong = operations
      .filter(({ op }) => {
        const security = op.security ?? contract.security ?? [];
        const bearer =
          security.length > 0 && security.every((req) => Object.keys(req).includes('bearerAuth'));
        return PUBLIC.has(op.operationId ?? '') ? security.length > 0 : !bearer;
      })
      .map(({ op }) => op.operationId);
    expect(wrong).toEqual([]);
  });

  it('lists a 2xx and a 4xx response on every operation, and 401 and 403 when secured', () => {
    const wrong = operations
      .filter(({ op }) => {
        const codes = Object.keys(op.responses ?? {});
        const secured = !PUBLIC.has(op.operationId ?? '');
        return (
          !codes.some((c) => c.startsWith('2')) ||
          !codes.some((c) => c.startsWith('4')) ||
          (secured && !(codes.includes('401') && codes.includes('403')))
        );
      })
      .map(({ op }) => op.operationId);
    expect(wrong).toEqual([]);
  });

  it('declares the shared 503 (database unavailable, load shed) on every operation', () => {
    const shared = JSON.stringify(contract.components?.responses?.ServiceUnavailable);
    expect(shared).toContain('Retry-After');
    const wrong = operations
      .filter(({ op }) => JSON.stringify(op.responses?.['503']) !== shared)
      .map(({ op }) => op.operationId);
    expect(wrong).toEqual([]);
  });
});
