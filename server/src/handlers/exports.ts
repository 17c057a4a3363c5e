/**
 * CSV exports of the lists: each takes its list's search and filters, records who exported what
 * (audit action list.export), then streams every matching row in the list's order.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type ReferenceList,
} from '../../../common/reference-lists.js';
import { recordChange } from '../lib/audit.js';
import { csvStream, type CsvColumn } from '../lib/csv-export.js';
import { AUDIT_COLUMNS, auditBatches } from '../queries/audit.js';
import { APPROVAL_COLUMNS, approvalBatches } from '../queries/approvals.js';
import { approverOf, expireOverdueApprovals } from '../auth/approval-gate.js';
import { BOOKING_COLUMNS, bookingBatches } from '../queries/bookings.js';
import { CONTENT_COLUMNS, contentBatches } from '../queries/content.js';
import { RESTAURANT_COLUMNS, restaurantBatches } from '../queries/restaurants.js';
import { REVIEW_COLUMNS, reviewBatches } from '../queries/reviews.js';
import { USER_COLUMNS, userBatches } from '../queries/users.js';
import { referenceBatches, referenceColumns } from '../queries/reference-data.js';
import type { Handlers } from './types.js';

/** The request's parameters as the event's details (text values, empty ones left out). */
function filterDetails(query: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * Records the export and answers with the file `{list}-{YYYY-MM-DD}.csv`. The rows' condition is
 * built before this is called, so a bad filter is a 400 and not a broken download.
 */
async function sendCsv<Row>(
  req: FastifyRequest,
  reply: FastifyReply,
  list: string,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Promise<FastifyReply> {
  // The first batch is read before anything is sent: a query the database refuses (a value out
  // of range, say) is then the usual 4xx answer instead of a file broken after its headers.
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => iterator };
  }
  await recordChange(req.server.db, {
    request: req,
    action: 'list.export',
    entity: { type: 'list', id: null, name: list },
    version: null,
    details: filterDetails(req.query),
    always: true,
  });
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${list}-${day}.csv"`)
    .send(csvStream(columns, all()));
}

/** A reference list's export, under its entry's export operation and file name. */
const referenceExport = (config: ReferenceList) => ({
  [config.operations.export.operationId]: (
    req: FastifyRequest<{ Querystring: { search?: string } }>,
    reply: FastifyReply,
  ) =>
    sendCsv(
      req,
      reply,
      config.exportFile,
      referenceColumns(config),
      referenceBatches(req.server.db, config, req.query),
    ),
});

export const exportsHandlers: Handlers = {
  exportBookings: (req, reply) =>
    sendCsv(req, reply, 'bookings', BOOKING_COLUMNS, bookingBatches(req.server.db, req.query)),
  exportUsers: (req, reply) =>
    sendCsv(req, reply, 'users', USER_COLUMNS, userBatches(req.server.db, req.query)),
  exportRestaurants: (req, reply) =>
    sendCsv(
      req,
      reply,
      'restaurants',
      RESTAURANT_COLUMNS,
      restaurantBatches(req.server.db, req.query),
    ),
  exportReviews: (req, reply) =>
    sendCsv(req, reply, 'reviews', REVIEW_COLUMNS, reviewBatches(req.server.db, req.query)),
  exportContent: (req, reply) =>
    sendCsv(req, reply, 'content', CONTENT_COLUMNS, contentBatches(req.server.db, req.query)),
  exportAuditEvents: (req, reply) =>
    sendCsv(req, reply, 'audit-log', AUDIT_COLUMNS, auditBatches(req.server.db, req.query)),
  async exportApprovals(req, reply) {
    await expireOverdueApprovals(req);
    const batches = approvalBatches(req.server.db, req.query, approverOf(req));
    return sendCsv(req, reply, 'approvals', APPROVAL_COLUMNS, batches);
  },
  // Each reference list's export takes the list's search only (its contract's one parameter).
  ...(Object.assign(
    {},
    ...REFERENCE_LIST_KEYS.map((key) => referenceExport(REFERENCE_LISTS[key])),
  ) as Handlers),
};
