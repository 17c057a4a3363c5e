/**
 * Every handler by operationId. One module per area; an operation left out answers 501. The
 * approvals carry out each kind of request with the handler module of its operation.
 */
import type { Handlers } from './types.js';
import { authHandlers } from './auth.js';
import { dashboardHandlers } from './dashboard.js';
import { platformFeeApprovals, usersHandlers } from './users.js';
import { commissionApprovals, restaurantsHandlers } from './restaurants.js';
import { bookingsHandlers } from './bookings.js';
import { refundApprovals, refundsHandlers } from './refunds.js';
import { approvalsHandlers } from './approvals.js';
import { referenceDataHandlers } from './reference-data.js';
import { reviewsHandlers } from './reviews.js';
import { contentHandlers } from './content.js';
import { menuHandlers } from './menu.js';
import { imagesHandlers } from './images.js';
import { auditHandlers } from './audit.js';
import { exportsHandlers } from './exports.js';
import { savedViewsHandlers } from './saved-views.js';
import { teamHandlers } from './team.js';
import { accountHandlers } from './account.js';
import { eventsHandlers } from './events.js';
import { mfaHandlers } from './mfa.js';

export const handlers: Handlers = {
  ...authHandlers,
  ...dashboardHandlers,
  ...usersHandlers,
  ...restaurantsHandlers,
  ...bookingsHandlers,
  ...refundsHandlers,
  ...approvalsHandlers({
    refund: refundApprovals,
    platform_fee: platformFeeApprovals,
    commission: commissionApprovals,
  }),
  ...referenceDataHandlers,
  ...reviewsHandlers,
  ...contentHandlers,
  ...menuHandlers,
  ...imagesHandlers,
  ...auditHandlers,
  ...exportsHandlers,
  ...savedViewsHandlers,
  ...teamHandlers,
  ...accountHandlers,
  ...eventsHandlers,
  ...mfaHandlers,
};
