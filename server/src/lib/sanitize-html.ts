/**
 * The one HTML cleaner for stored rich text (content pages, FAQ text; reusable for any other
 * free-text field). The allow-list mirrors the editor's formats (react-quill-new on Quill 2)
 * without formula and video: anything else, including event-handler attributes, style tricks
 * and script-capable URLs, is removed before it is stored.
 */
import sanitize from 'sanitize-html';

const BLOCKS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'li', 'div'];
const INLINE = [
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'code',
  'span',
  'br',
];
const TAGS = [...BLOCKS, ...INLINE, 'ol', 'ul', 'img'];

/** Quill's class-based formats: alignment, indent 1 to 8, direction, size, font, code blocks. */
const QUILL_CLASSES = [
  /^ql-align-(center|right|justify)$/,
  /^ql-indent-[1-8]$/,
  /^ql-direction-rtl$/,
  /^ql-size-(small|large|huge)$/,
  /^ql-font-(serif|monospace)$/,
  /^ql-(syntax|code-block|code-block-container)$/,
];

/** Colours only, in the forms Quill writes: #hex, rgb()/rgba() with numbers, or a bare name. */
const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

/** data: is allowed only for inline PNG and JPEG images (what the editor accepts on paste/drop). */
const DATA_IMAGE = /^data:image\/(png|jpeg);base64,[a-z0-9+/]+=*$/i;

const OPTIONS: sanitize.IOptions = {
  allowedTags: TAGS,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: [
      { name: 'data-list', multiple: false, values: ['bullet', 'ordered', 'checked', 'unchecked'] },
    ],
    pre: ['data-language'],
    div: ['data-language'],
    '*': ['class', 'style'],
  },
  allowedClasses: { '*': QUILL_CLASSES },
  allowedStyles: {
    '*': {
      color: COLOUR,
      'background-color': COLOUR,
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'sms'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Links open outside the page without handing it a window.opener.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      },
    }),
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      const next = { ...attribs };
      if (/^data:/i.test(src) && !DATA_IMAGE.test(src)) delete next.src;
      for (const size of ['width', 'height'] as const) {
        if (next[size] !== undefined && !/^\d{1,5}(px|%)?$/.test(next[size])) delete next[size];
      }
      return { tagName, attribs: next };
    },
  },
  // An image left without a source shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  nestingLimit: 50,
};

/** Elements whose whole content the cleaner drops (sanitize-html's default `nonTextTags`). */
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'xmp'];

/**
 * An opening tag of a dropped-with-content element that is never closed would take every later
 * character with it ("<style><p>after</p>" loses "after"). Such an opening is kept as the text it
 * was, so what follows a malformed tag is cleaned like the rest and stays visible.
 */
function escapeUnclosedDroppedTags(html: string): string {
  let result = html;
  for (const tag of DROPPED_WITH_CONTENT) {
    const opening = new RegExp(`<${tag}(?=[\\s/>])`, 'gi');
    const closing = new RegExp(`</${tag}[\\s>]`, 'gi');
    let match: RegExpExecArray | null;
    while ((match = opening.exec(result))) {
      closing.lastIndex = match.index;
      const closed = closing.exec(result);
      if (closed) {
        opening.lastIndex = closed.index + closed[0].length;
        continue;
      }
      result = `${result.slice(0, match.index)}&lt;${result.slice(match.index + 1)}`;
    }
  }
  return result;
}

/** Cleans rich text (HTML) to the editor's allow-list; text after a malformed tag is kept. */
export function sanitizeRichText(html: string): string {
  return sanitize(escapeUnclosedDroppedTags(html), OPTIONS).trim();
}

/** True when the cleaned HTML shows nothing: no text and no image. */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  const text = sanitize(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|\s/g, '').length === 0;
}
