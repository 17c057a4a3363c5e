/**
 * Downloading a list's CSV export (the contract's /admin/exports/* operations). A file streamed
 * over many seconds with a running row count is not a cached query, so this is a thunk over
 * fetch rather than an RTK Query endpoint; it sends the session's token and ends the session on
 * a 401 as every other call does.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { paths } from '../../openapi/schema';
import { csvRecordCounter } from '../lib/csv-rows';
import { validationSentence } from '../lib/validation-message';
import { api, unauthorized } from './api';
import { API_BASE_URL } from './config';

/** The path of an export operation, e.g. '/admin/exports/bookings'. */
export type ExportPath = Extract<keyof paths, `/admin/exports/${string}`>;

export type ExportParams = Readonly<Record<string, unknown>>;

export const EXPORT_FAILED = 'The export failed. Please try again.';
const EXPORT_UNREACHABLE = 'The export failed: the server could not be reached.';
const EXPORT_CUT_SHORT = 'The export stopped before the end of the file. Please try again.';

/** An export refused or broken, with the sentence to show. */
export class ExportError extends Error {}

const tokenOf = (state: unknown): string | null =>
  (state as { auth?: { token: string | null } }).auth?.token ?? null;

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim()) {
      return validationSentence(body.message);
    }
  } catch {
    // not JSON: the generic sentence below
  }
  return EXPORT_FAILED;
}

/**
 * Fetches the export with these parameters (unset ones left out), calling `onRows` with the
 * number of data rows received so far; resolves to the file. Rejects with an ExportError, or
 * with the abort when `signal` cancels it.
 */
export const fetchCsvExport =
  (
    path: ExportPath,
    params: ExportParams,
    { signal, onRows }: { signal: AbortSignal; onRows: (rows: number) => void },
  ): ThunkAction<Promise<Blob>, unknown, unknown, UnknownAction> =>
  async (dispatch, getState) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
    }
    const token = tokenOf(getState());
    const search = query.toString();
    let response: Response;
    try {
      response = await fetch(`${API_BASE_URL}${path}${search ? `?${search}` : ''}`, {
        headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ExportError(EXPORT_UNREACHABLE);
    }
    if (response.status === 401 && token && tokenOf(getState()) === token) {
      dispatch(unauthorized());
      dispatch(api.util.resetApiState());
    }
    if (!response.ok || !response.body) throw new ExportError(await messageOf(response));

    const parts: BlobPart[] = [];
    const counter = csvRecordCounter();
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        // The header is a record too; the count shown is of data rows.
        onRows(Math.max(0, counter.add(decoder.decode(value, { stream: true })) - 1));
      }
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ExportError(EXPORT_CUT_SHORT);
    }
    return new Blob(parts, { type: 'text/csv;charset=utf-8' });
  };
