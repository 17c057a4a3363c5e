/** The content items list's search and filters, one builder for the list and its export. */
import { and, eq, ilike, type SQL } from 'drizzle-orm';
import { staticContents } from '../db/schema.js';
import { likePattern } from '../lib/paging.js';

export type ContentQuery = { search?: string; type?: string; status?: string; slug?: string };

/** Title contains the text; type, status and slug equal. */
export function contentWhere(query: ContentQuery): SQL | undefined {
  const pattern = likePattern(query.search);
  return and(
    pattern ? ilike(staticContents.title, pattern) : undefined,
    query.type ? eq(staticContents.type, query.type) : undefined,
    query.status ? eq(staticContents.status, query.status) : undefined,
    query.slug ? eq(staticContents.slug, query.slug) : undefined,
  );
}
