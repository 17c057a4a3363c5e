import { errorText, serverMessage } from '../../api/errors';

/** Spec 02 §8: shown when the server reports a duplicate title. */
const DUPLICATE_TITLE_MESSAGE =
  'A content item with a similar title already exists. Please use a different title.';
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** The server's message, the duplicate-title text for a duplicate, or the spec's default. */
export function contentErrorText(error: unknown, fallback: string): string {
  const message = serverMessage(error);
  if (message && /duplicate key error|similar title already exists/i.test(message)) {
    return DUPLICATE_TITLE_MESSAGE;
  }
  return errorText(error, { http: fallback, other: fallback });
}
