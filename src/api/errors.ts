import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { validationSentence } from '../lib/validation-message';

/** The HTTP status of a failed call, or undefined when no HTTP response came (network, parse). */
export function httpStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const { status } = error as FetchBaseQueryError;
    if (typeof status === 'number') return status;
    if (status === 'PARSING_ERROR')
      return (error as unknown as { originalStatus: number }).originalStatus;
  }
  return undefined;
}

/**
 * The `message` of an error response body, when the server sent one; a contract validation
 * answer is turned into sentences (lib/validation-message).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim()) return validationSentence(message);
  }
  return undefined;
}

/**
 * The text to show for a failed call, following the spec's pattern: when the server answered,
 * its message or `fallbacks.http`; when it did not (network failure, bad body), `fallbacks.other`.
 * Example: errorText(error, { http: 'Failed to fetch users',
 *   other: 'Failed to load users. Please try again later.' })
 */
export function errorText(error: unknown, fallbacks: { http: string; other: string }): string {
  if (httpStatus(error) === undefined) return fallbacks.other;
  return serverMessage(error) ?? fallbacks.http;
}
