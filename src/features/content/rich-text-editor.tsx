/**
 * The rich-text editor (react-quill-new on Quill 2). Loaded lazily by the editor screen only, so
 * Quill and its stylesheet stay out of every other page's download. Formats follow spec 02 §5
 * and §9; formula and video are left out (Quill 2.0.3 has an open XSS advisory through them).
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import sql from 'highlight.js/lib/languages/sql';
import xml from 'highlight.js/lib/languages/xml';
import { useEffect, useRef } from 'react';
import ReactQuill, { Quill } from 'react-quill-new';
import 'highlight.js/styles/github.css';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';

/** Code blocks are highlighted in these languages (highlight.js core, so only these are bundled). */
const CODE_LANGUAGES = [
  { key: 'plain', label: 'Plain', grammar: null },
  { key: 'bash', label: 'Bash', grammar: bash },
  { key: 'css', label: 'CSS', grammar: css },
  { key: 'xml', label: 'HTML/XML', grammar: xml },
  { key: 'javascript', label: 'JavaScript', grammar: javascript },
  { key: 'json', label: 'JSON', grammar: json },
  { key: 'sql', label: 'SQL', grammar: sql },
] as const;

for (const { key, grammar } of CODE_LANGUAGES) if (grammar) hljs.registerLanguage(key, grammar);

type SyntaxModule = (new (...args: never[]) => object) & { DEFAULTS: Record<string, unknown> };
const Syntax = Quill.import('modules/syntax') as SyntaxModule;
/**
 * The code-block module offering exactly these languages, each once. As its default list, not as
 * an option: Quill merges a module's options into its defaults index by index, so a shorter list
 * given as an option kept the tail of Quill's fourteen (JavaScript and SQL twice, and Python, Ruby
 * and others that are not loaded and threw when chosen).
 */
class CodeSyntax extends Syntax {
  static override DEFAULTS = {
    ...Syntax.DEFAULTS,
    languages: CODE_LANGUAGES.map(({ key, label }) => ({ key, label })),
  };
}
Quill.register('modules/syntax', CodeSyntax, true);

/** Quill's own link and image sanitisers already allow exactly the spec's schemes. */
const EDITOR_FORMATS = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'script',
  'code',
  'link',
  'image',
  'blockquote',
  'code-block',
  'code-token',
  'list',
  'indent',
  'align',
  'direction',
];

const EDITOR_MODULES = {
  toolbar: [
    [{ header: [1, 2, 3, false] }],
    ['bold', 'italic', 'underline', 'strike'],
    [{ color: [] }, { background: [] }],
    [{ script: 'sub' }, { script: 'super' }],
    [{ list: 'ordered' }, { list: 'bullet' }, { indent: '-1' }, { indent: '+1' }],
    [{ align: [] }, { direction: 'rtl' }],
    ['link', 'image', 'blockquote', 'code-block'],
    ['clean'],
  ],
  history: { delay: 1000, maxStack: 100, userOnly: true },
  // Spec 02 §9: code blocks are highlighted again 1000 ms after the last change.
  syntax: { hljs, interval: 1000 },
  uploader: { mimetypes: ['image/png', 'image/jpeg'] },
  // Tab and Shift+Tab leave the editor, so the keyboard is never trapped in it (Quill would
  // insert a tab or indent); the toolbar's buttons indent.
  keyboard: {
    bindings: Object.fromEntries(
      [
        'indent',
        'outdent',
        'indent code-block',
        'outdent code-block',
        'remove tab',
        'tab',
        'table tab',
      ].map((name) => [name, { key: 'Tab', handler: () => true }]),
    ),
  },
};

export interface RichTextEditorProps {
  value: string;
  /** `typed` is true for a change the user made (not one from setting `value`). */
  onChange: (html: string, typed: boolean) => void;
  readOnly: boolean;
  label: string;
}

/** Names of the toolbar's drop-downs, which Quill leaves without one. */
const PICKER_NAMES: Readonly<Record<string, string>> = {
  header: 'Heading',
  color: 'Text color',
  background: 'Background color',
  align: 'Alignment',
};

/** Gives each of Quill's toolbar drop-downs (a span with role="button") an accessible name. */
function namePickers(root: HTMLElement): void {
  for (const picker of root.querySelectorAll<HTMLElement>('.ql-toolbar .ql-picker')) {
    const format = [...picker.classList].find(
      (name) => name.startsWith('ql-') && name !== 'ql-picker',
    );
    const name = format && PICKER_NAMES[format.slice(3)];
    const control = picker.querySelector('.ql-picker-label');
    if (name && control && !control.hasAttribute('aria-label'))
      control.setAttribute('aria-label', name);
  }
}

export default function RichTextEditor({ value, onChange, readOnly, label }: RichTextEditorProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (root.current) namePickers(root.current);
  });
  return (
    <div ref={root} className="rich-text-editor" aria-label={label} data-readonly={readOnly}>
      <ReactQuill
        theme="snow"
        value={value}
        onChange={(html, _delta, source) => onChange(html, source === 'user')}
        readOnly={readOnly}
        modules={EDITOR_MODULES}
        formats={EDITOR_FORMATS}
      />
    </div>
  );
}
