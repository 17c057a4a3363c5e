/**
 * CSV exports of the lists: each takes its list's search and filters, records who exported what
 * (audit action list.export), then streams every matching row in the list's order.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordChange } from '../lib/audit.js';
import { csvStream, type CsvColumn } from '../lib/csv-export.js';
import { BOOKING_COLUMNS, bookingBatches } from '../queries/export-bookings.js';
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
  await recordChange(req.server.db, {
    request: req,
    action: 'list.export',
    entity: { type: 'list', id: null, name: list },
    details: filterDetails(req.query),
    always: true,
  });
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${list}-${day}.csv"`)
    .send(csvStream(columns, batches));
}

export const exportsHandlers: Handlers = {
  async exportBookings(req, reply) {
    return sendCsv(
      req,
      reply,
      'bookings',
      BOOKING_COLUMNS,
      bookingBatches(req.server.db, req.query),
    );
  },
};
