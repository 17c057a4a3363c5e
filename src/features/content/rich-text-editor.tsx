/**
 * The rich-text editor (react-quill-new on Quill 2). Loaded lazily by the editor screen only, so
 * Quill and its stylesheet stay out of every other page's download. Formats follow spec 02 §5
 * and §9; formula and video are left out (Quill 2.0.3 has an open XSS advisory through them).
 */
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './rich-text-editor.css';

/** Quill's own link and image sanitisers already allow exactly the spec's schemes. */
export const EDITOR_FORMATS = [
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
  'list',
  'indent',
  'align',
  'direction',
];

export const EDITOR_MODULES = {
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
  uploader: { mimetypes: ['image/png', 'image/jpeg'] },
};

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  readOnly: boolean;
  label: string;
}

export default function RichTextEditor({ value, onChange, readOnly, label }: RichTextEditorProps) {
  return (
    <div className="rich-text-editor" aria-label={label} data-readonly={readOnly}>
      <ReactQuill
        theme="snow"
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        modules={EDITOR_MODULES}
        formats={EDITOR_FORMATS}
      />
    </div>
  );
}
