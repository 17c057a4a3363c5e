/**
 * Aliases of the generated contract types (openapi/schema.d.ts). Never write API shapes by
 * hand: change the contract, regenerate, then alias here.
 */
import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];

export type MessageResponse = Schemas['MessageResponse'];

export type User = Schemas['User'];
export type LoginRequest = Schemas['LoginRequest'];
export type LoginResponse = Schemas['LoginResponse'];
/** The login answer: signed in, or (no token) the ticket of a second step or an enrolment. */
export type LoginAnswer = LoginResponse | Schemas['LoginMfaResponse'];
export type LoginMfaRequest = Schemas['LoginMfaRequest'];
export type TotpEnrolmentResponse = Schemas['TotpEnrolmentResponse'];
export type TotpConfirmResponse = Schemas['TotpConfirmResponse'];
export type VerifyResponse = Schemas['VerifyResponse'];
export type VerifyRequest = Schemas['VerifyRequest'];
export type PasskeyOptionsResponse = Schemas['PasskeyOptionsResponse'];
export type AddPasskeyRequest = Schemas['AddPasskeyRequest'];
export type PasskeyAssertion = Schemas['PasskeyAssertion'];
export type AddPasskeyResponse = Schemas['AddPasskeyResponse'];
export type MfaStatusResponse = Schemas['MfaStatusResponse'];
export type RecoveryCodesResponse = Schemas['RecoveryCodesResponse'];
export type TotalBookingsResponse = Schemas['TotalBookingsResponse'];

// Dashboard, users, configuration, restaurants.
type Operations = import('../../openapi/schema').operations;
type QueryOf<K extends keyof Operations> = NonNullable<Operations[K]['parameters']['query']>;

export type TotalUsersResponse = Schemas['TotalUsersResponse'];
export type TotalRestaurantsResponse = Schemas['TotalRestaurantsResponse'];
export type TotalRevenueResponse = Schemas['TotalRevenueResponse'];
export type TopRestaurant = Schemas['TopRestaurant'];
export type TopRestaurantsResponse = Schemas['TopRestaurantsResponse'];
export type ActivityLog = Schemas['ActivityLog'];
export type ActivityLogListResponse = Schemas['ActivityLogListResponse'];
export type ActivityLogQuery = QueryOf<'listActivityLogs'>;

export type UserListResponse = Schemas['UserListResponse'];
export type UserResponse = Schemas['UserResponse'];
export type UserListQuery = QueryOf<'listUsers'>;
export type ConfigurationResponse = Schemas['ConfigurationResponse'];
export type UpdateConfigurationRequest = Schemas['UpdateConfigurationRequest'];

export type RestaurantListItem = Schemas['RestaurantListItem'];
export type RestaurantListResponse = Schemas['RestaurantListResponse'];
export type RestaurantListQuery = QueryOf<'listRestaurants'>;
export type RestaurantResponse = Schemas['RestaurantResponse'];
export type UpdateRestaurantRequest = Schemas['UpdateRestaurantRequest'];
export type RestaurantDetail = Schemas['RestaurantDetail'];
export type RestaurantDetailResponse = Schemas['RestaurantDetailResponse'];
export type StaffMember = Schemas['StaffMember'];

export type MenuItemResponse = Schemas['MenuItemResponse'];
export type RestaurantLookupResponse = Schemas['RestaurantLookupResponse'];

// Content: list screen and editor screen (issue 7).
export type ContentType = Schemas['ContentType'];
export type ContentStatus = Schemas['ContentStatus'];
export type StaticContent = Schemas['StaticContent'];
export type StaticContentListResponse = Schemas['StaticContentListResponse'];
export type StaticContentResponse = Schemas['StaticContentResponse'];
export type StaticContentQuery = QueryOf<'listStaticContent'>;
export type CreateStaticContentRequest = Schemas['CreateStaticContentRequest'];
export type UpdateStaticContentRequest = Schemas['UpdateStaticContentRequest'];

// Bookings, booking detail, admin notes, activities and refunds (issue 5).
export type Booking = Schemas['Booking'];
export type BookingOrder = Schemas['Order'];
export type BookingStatus = Schemas['BookingStatus'];
export type PaymentStatus = Schemas['PaymentStatus'];
export type BookingListResponse = Schemas['BookingListResponse'];
export type BookingListQuery = QueryOf<'listBookings'>;
export type BookingResponse = Schemas['BookingResponse'];
export type BookingActivity = Schemas['BookingActivity'];
export type BookingActivityListResponse = Schemas['BookingActivityListResponse'];
export type OrderRefundRequest = Schemas['OrderRefundRequest'];
export type BookingRefundRequest = Schemas['BookingRefundRequest'];
export type RefundResponse = Schemas['RefundResponse'];

export type PendingRefundApproval = Schemas['PendingRefundApproval'];

// Approval requests: refunds above a limit and fee changes waiting for a second admin.
export type Approval = Schemas['Approval'];
export type ApprovalKind = Schemas['ApprovalKind'];
export type ApprovalStatus = Schemas['ApprovalStatus'];
export type ApprovalListResponse = Schemas['ApprovalListResponse'];
export type ApprovalListQuery = QueryOf<'listApprovals'>;
export type ApprovalResponse = Schemas['ApprovalResponse'];
/** A refund or fee change sent for another admin's approval (202) instead of being made. */
export type ApprovalRequestedResponse = Schemas['ApprovalRequestedResponse'];

// Reviews (issue 6); the reference lists' types come from their operations (reference-data-api.ts).
export type ReviewStatus = Schemas['ReviewStatus'];
export type Review = Schemas['Review'];
export type ReviewListResponse = Schemas['ReviewListResponse'];
export type ReviewResponse = Schemas['ReviewResponse'];
export type ReviewListQuery = QueryOf<'listReviews'>;

// Audit trail (issue 14).
export type AuditAction = Schemas['AuditAction'];
export type AuditValue = Schemas['AuditValue'];
export type AuditEvent = Schemas['AuditEvent'];
export type AuditEventListResponse = Schemas['AuditEventListResponse'];
export type AuditEventQuery = QueryOf<'listAuditEvents'>;
export type RefundReasonCode = Schemas['RefundReasonCode'];
export type SavedViewScreen = Schemas['SavedViewScreen'];
export type SavedView = Schemas['SavedView'];
export type SavedViewListResponse = Schemas['SavedViewListResponse'];
export type SavedViewResponse = Schemas['SavedViewResponse'];
export type CreateSavedViewRequest = Schemas['CreateSavedViewRequest'];

// Team roles (issue 25).
export type SessionUser = Schemas['SessionUser'];
export type SessionUserResponse = Schemas['SessionUserResponse'];

// The team and one's own account.
export type TeamRole = Schemas['TeamRole'];
export type TeamMember = Schemas['TeamMember'];
export type TeamListResponse = Schemas['TeamListResponse'];
export type TeamMemberResponse = Schemas['TeamMemberResponse'];
export type AddTeamMemberRequest = Schemas['AddTeamMemberRequest'];
export type AddedTeamMemberResponse = Schemas['AddedTeamMemberResponse'];
export type UpdateTeamMemberRequest = Schemas['UpdateTeamMemberRequest'];
export type EndedSessionsResponse = Schemas['EndedSessionsResponse'];
export type SetupPasswordRequest = Schemas['SetupPasswordRequest'];
export type ChangePasswordRequest = Schemas['ChangePasswordRequest'];
export type AccountSession = Schemas['AccountSession'];
export type AccountSessionListResponse = Schemas['AccountSessionListResponse'];

// Bulk actions on list rows: each row with the version it was read at, one result per row.
export type BulkItem = Schemas['BulkItem'];
export type BulkResult = Schemas['BulkResult'];
export type BulkResponse = Schemas['BulkResponse'];
export type BulkReviewStatusRequest = Schemas['BulkReviewStatusRequest'];
export type BulkUserStatusRequest = Schemas['BulkUserStatusRequest'];
export type BulkRestaurantRequest = Schemas['BulkRestaurantRequest'];
