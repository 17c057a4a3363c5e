/**
 * The texts of the dashboard's Recent Activity and of a booking's activities, read from audit
 * events: the activity lists are views over the audit trail, not copies of it.
 */
import type { AuditEvent as Event, AuditValue } from '../db/schema.js';
import { REFERENCE_LISTS, type ReferenceListKey } from '../../../common/reference-lists.js';
import { approvalLine, approvalOutcome } from '../../../common/approval-text.js';

const after = (event: Event, field: string): AuditValue | undefined =>
  event.changes.find((c) => c.field === field)?.after;

const referenceLabel = (event: Event) =>
  REFERENCE_LISTS[event.entityType as ReferenceListKey]?.label ?? 'Reference item';

/** The refund's line: "Refund of 12.50 USD processed for the order of Jane Doe" (amount as written). */
function refundText(event: Event): string {
  const amount = event.details.amountText;
  const customer = event.details.customerName;
  return `Refund of ${amount} processed${customer ? ` for the order of ${customer}` : ''}`;
}

const APPROVAL_TITLES: Record<string, string> = {
  'approval.request': 'Approval requested',
  'approval.approve': 'Request approved',
  'approval.reject': 'Request rejected',
  'approval.cancel': 'Request withdrawn',
  'approval.expire': 'Request expired',
};

function restaurantTitle(event: Event): { title: string; description: string } {
  const name = event.entityName;
  const value = event.changes[0]?.after;
  switch (event.changes[0]?.field) {
    case 'online':
      return {
        title: 'Restaurant status updated',
        description: `${name} is now ${value ? 'online' : 'offline'}`,
      };
    case 'isFeatured':
      return {
        title: 'Restaurant featured status updated',
        description: `${name} is ${value ? 'now featured' : 'no longer featured'}`,
      };
    default:
      return {
        title: 'Restaurant commission updated',
        description: `${name}'s platform commission is now ${String(value)}%`,
      };
  }
}

/** Title and description of an event in the dashboard's Recent Activity. */
export function activityTitle(event: Event): { title: string; description: string } {
  const d = event.details;
  switch (event.action) {
    case 'restaurant.update':
      return restaurantTitle(event);
    case 'configuration.update':
      return {
        title: 'Platform fee updated',
        description: `The platform fee is now ${String(after(event, 'platformFee'))}%`,
      };
    case 'user.status': {
      const verb = after(event, 'status') ? 'activated' : 'deactivated';
      return {
        title: `User ${verb}`,
        description: `${event.entityName} (${d.email ?? ''}) was ${verb}`,
      };
    }
    case 'refund.create':
      return {
        title: 'Payment refunded',
        description: `${refundText(event)} on booking ${event.entityName}`,
      };
    case 'approval.request':
    case 'approval.approve':
    case 'approval.reject':
    case 'approval.cancel':
    case 'approval.expire':
      return {
        title: APPROVAL_TITLES[event.action],
        description: `${d.summary}, ${approvalOutcome(event.action, d, event.actorName)}`,
      };
    case 'booking.notes':
      return {
        title: 'Booking notes updated',
        description: `Admin notes of booking ${event.entityName} were updated`,
      };
    case 'review.moderate': {
      const status = String(after(event, 'status'));
      return {
        title: `Review ${status}`,
        description: `Review by ${d.userEmail} of ${d.restaurantName} (${d.rating}/5) was ${status}`,
      };
    }
    case 'content.create':
    case 'content.update':
    case 'content.publish':
    case 'content.delete': {
      const verb = event.action === 'content.publish' ? 'update' : event.action.slice(8);
      return {
        title: `Content ${verb}d`,
        description: `Content "${event.entityName}" (${d.slug}) was ${verb}d`,
      };
    }
    case 'content.faq_delete':
      return { title: 'FAQ removed', description: `An FAQ was removed from "${event.entityName}"` };
    case 'reference.create':
      return { title: `${referenceLabel(event)} added`, description: event.entityName };
    case 'reference.update':
      return { title: `${referenceLabel(event)} updated`, description: event.entityName };
    case 'reference.status':
      return {
        title: `${referenceLabel(event)} ${after(event, 'status') ? 'activated' : 'deactivated'}`,
        description: event.entityName,
      };
    case 'reference.delete':
      return { title: `${referenceLabel(event)} deleted`, description: event.entityName };
    case 'admin.create':
      return {
        title: 'Administrator created',
        description: `${d.email} was created as an administrator`,
      };
    case 'admin.reset':
      return {
        title: 'Administrator password reset',
        description: `${d.email} was given a new password and made an active administrator`,
      };
    case 'menu.bulk_item':
      return {
        title: 'Menu item uploaded',
        description: `Menu item "${event.entityName}" was added to ${d.restaurantName}`,
      };
    case 'booking.activity':
      return {
        title: d.activity,
        description: d.restaurantName
          ? `${event.entityName} at ${d.restaurantName}`
          : event.entityName,
      };
    default:
      // Events moved from the old activity log, and anything without a text of its own.
      return { title: d.title ?? event.action, description: d.description ?? event.entityName };
  }
}

/** The line of a booking's activity list. */
export function bookingActivityText(event: Event): string {
  switch (event.action) {
    case 'refund.create':
      return refundText(event);
    case 'booking.notes':
      return 'Admin notes updated';
    case 'approval.request':
    case 'approval.approve':
    case 'approval.reject':
    case 'approval.cancel':
    case 'approval.expire':
      return approvalLine(event.action, event.details, event.actorName);
    default:
      return event.details.activity ?? activityTitle(event).title;
  }
}
