/**
 * Versions on writes (docs/contract.md, "Versions and conflicts"): every write of a record sends
 * the version it was read at (`If-Match: "<version>"`, from the list row's `version` or the single
 * read's, which is its ETag), so the server refuses it with 412 when a colleague changed the
 * record since, instead of replacing their change unseen. Every versioned endpoint builds its
 * request with `versioned`, the one place the headers are written.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { components } from '../../openapi/schema';
import { httpStatus } from './errors';

/** What a versioned write carries besides its fields. */
export interface Versioned {
  /** The version the record was read at (0: a record that does not exist yet). */
  version: number;
  /**
   * "Save mine anyway": the version the change was first made on, sent as X-Overrides-Version
   * with `version` the one the 412 gave, so the audit trail shows it replaced a colleague's change.
   */
  overrides?: number;
}

/** The headers of a versioned write. */
function versionHeaders({ version, overrides }: Versioned): Record<string, string> {
  return {
    'If-Match': `"${version}"`,
    ...(overrides === undefined ? {} : { 'X-Overrides-Version': String(overrides) }),
  };
}

/** `request` sent against `version` (its own headers kept). */
export function versioned(request: FetchArgs, version: Versioned): FetchArgs {
  return {
    ...request,
    headers: { ...(request.headers as Record<string, string>), ...versionHeaders(version) },
  };
}

/** A 412's body: who changed the record since, what, and the record as it is now. */
export type VersionConflict = components['schemas']['VersionConflict'];

/** The 412 of a write refused because the record changed since it was read; else undefined. */
export function versionConflict(error: unknown): VersionConflict | undefined {
  if (httpStatus(error) !== 412) return undefined;
  const data = (error as { data?: unknown }).data;
  return data && typeof data === 'object' && 'current' in data && 'changes' in data
    ? (data as VersionConflict)
    : undefined;
}
