/** How audit events read on screen: action labels, field names, values, and record links. */
import type { AuditAction, AuditEvent, AuditValue } from '../../api/types';
import { changeText as commonChangeText, fieldLabel } from '../../../common/change-text';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'restaurant.update': 'Restaurant changed',
  'configuration.update': 'Platform fee changed',
  'user.status': 'User status changed',
  'refund.create': 'Refund',
  'booking.notes': 'Booking notes edited',
  'review.moderate': 'Review moderated',
  'content.create': 'Content created',
  'content.update': 'Content edited',
  'content.publish': 'Content published or unpublished',
  'content.delete': 'Content deleted',
  'content.faq_delete': 'FAQ removed',
  'reference.create': 'Reference item added',
  'reference.update': 'Reference item edited',
  'reference.status': 'Reference item activated or deactivated',
  'reference.delete': 'Reference item deleted',
  'menu.bulk_item': 'Menu item uploaded',
  'saved_view.create': 'Saved view created',
  'saved_view.rename': 'Saved view renamed',
  'saved_view.delete': 'Saved view deleted',
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in refused',
  'auth.logout': 'Signed out',
  'admin.create': 'Administrator created',
  'admin.reset': 'Administrator password reset',
  'access.denied': 'Access denied',
  'list.export': 'List exported (CSV)',
  'team.create': 'Administrator added',
  'team.role': 'Team role changed',
  'team.status': 'Administrator activated or deactivated',
  'team.sessions_end': 'Administrator signed out everywhere',
  'team.setup_link': 'New set-password link',
  'account.password_setup': 'First password set',
  'account.password': 'Own password changed',
  'account.session_end': 'Own session ended',
  'mfa.enroll': 'Second factor added',
  'mfa.verify': "Confirmed it's them (two-step)",
  'mfa.passkey_challenge': 'Passkey requested',
  'mfa.verify_failed': 'Wrong verification code or passkey',
  'mfa.recovery_code_used': 'Recovery code used',
  'mfa.recovery_codes': 'New recovery codes',
  'mfa.remove': 'Second factor removed',
  'mfa.reset': 'Two-step verification reset',
  'audit.view': 'Audit Log viewed',
  'approval.request': 'Approval requested',
  'approval.approve': 'Request approved',
  'approval.reject': 'Request rejected',
  'approval.cancel': 'Request withdrawn',
  'approval.expire': 'Request expired',
  'booking.activity': 'Booking activity',
  'activity.legacy': 'Activity (before the audit trail)',
};

export { RECORD_TYPE_LABELS, recordTypeLabel, valueText } from '../../../common/change-text';

export const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;

/** "Platform Commission: 10% → 12.25%" */
export const changeText = (change: { field: string; before: AuditValue; after: AuditValue }) =>
  commonChangeText(change);

/** An export's search and filters, one "name: value" each ("All rows" without any). */
export const exportFilterTexts = (details: Record<string, string>): string[] => {
  const entries = Object.entries(details);
  return entries.length
    ? entries.map(([name, value]) => `${fieldLabel(name)}: ${value}`)
    : ['All rows'];
};

/** Time in UTC with seconds: "2026-11-23 16:58:07 UTC". */
export const utcTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

/** Where the record is shown in the panel, when it has a screen of its own. */
export function recordLink(event: Pick<AuditEvent, 'entity'>): string | null {
  const { type, id, name } = event.entity;
  const search = (path: string) => `/admin/${path}?search=${encodeURIComponent(name)}`;
  switch (type) {
    case 'restaurant':
      return id ? `/admin/restaurants/${id}/bookings` : null;
    case 'booking':
      return id ? `/admin/bookings?booking=${id}` : null;
    case 'user':
      return search('users');
    case 'review':
      // A review's name is "{diner email} on {restaurant}"; the reviews list searches restaurants.
      return `/admin/reviews?search=${encodeURIComponent(name.split(' on ').pop() ?? name)}`;
    case 'content':
      return search('content');
    default:
      return null;
  }
}

/** The Audit Log filtered to one record. */
export const auditLogLink = (entityType: string, entityId: string) =>
  `/admin/audit-log?entityType=${encodeURIComponent(entityType)}&entityId=${encodeURIComponent(entityId)}`;

/** The event's Changes cell as lines: an export's filters, else one line per change. */
export const changeLines = (event: Pick<AuditEvent, 'action' | 'changes' | 'details'>): string[] =>
  event.action === 'list.export'
    ? exportFilterTexts(event.details)
    : event.changes.map((change) => changeText(change));
