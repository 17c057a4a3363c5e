/**
 * Quill 2.0.3's `getSemanticHTML` writes every space as `&nbsp;`, so a saved page would not wrap
 * in the diner apps. Before saving, each run of them becomes what a browser needs to show the same
 * spaces: one ordinary space, preceded by U+00A0 only when the author typed several in a row.
 * ("&amp;nbsp;", the text "&nbsp;" typed by the author, is not a run.)
 */
export function withOrdinarySpaces(html: string): string {
  return html.replace(/(?:&nbsp;|\u00a0)+/g, (run) => {
    const spaces = run.split(/&nbsp;|\u00a0/).length - 1;
    return `${'\u00a0'.repeat(spaces - 1)} `;
  });
}
