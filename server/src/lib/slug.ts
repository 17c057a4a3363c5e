/** Slugs of content items: lower-case kebab-case derived from the title. */
import { randomBytes } from 'node:crypto';

/** "Terms & Conditions!" → "terms-conditions"; accents are folded ("Café" → "cafe"). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** The slug for a new item; a title with no Latin letters or digits gets a random one. */
export function slugForTitle(title: string): string {
  return slugify(title) || `content-${randomBytes(4).toString('hex')}`;
}
