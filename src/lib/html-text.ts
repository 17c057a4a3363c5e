/**
 * Stored FAQ text is sanitised HTML ("a &lt; b"). The FAQ tab shows and edits it as plain text:
 * parsed in an inert document (no script runs, no image loads) and read back as text, so no
 * stored markup is ever injected into the page.
 */
export function htmlToText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}
