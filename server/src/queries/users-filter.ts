/** The users list's search, one builder for the list and its export. */
import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { likePattern } from '../lib/paging.js';

/** First, last or full name, or email, contains the text. */
export function usersWhere(query: { search?: string }): SQL | undefined {
  const pattern = likePattern(query.search);
  if (!pattern) return undefined;
  return or(
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    ilike(users.email, pattern),
  );
}
