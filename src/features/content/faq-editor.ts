/**
 * The FAQ tab's editing rules (spec 02 §4 and §5), as a pure reducer: the entry under edit is
 * tracked by its position; saving an edit replaces that entry, otherwise a new one is appended;
 * deleting an entry before the one being edited shifts the position down by one; deleting the
 * entry being edited clears the form; an entry with a blank question or answer is ignored.
 */
interface FaqEntry {
  _id?: string;
  question: string;
  answer: string;
}

export interface FaqEditorState {
  faqs: FaqEntry[];
  /** The list as last loaded or saved, to tell unsaved changes. */
  savedFaqs: FaqEntry[];
  question: string;
  answer: string;
  /** Position of the entry being edited, or null when the form adds a new one. */
  editIndex: number | null;
}

export type FaqEditorAction =
  | { type: 'load'; faqs: FaqEntry[] }
  | { type: 'saved' }
  | { type: 'setQuestion'; value: string }
  | { type: 'setAnswer'; value: string }
  | { type: 'submitEntry' }
  | { type: 'edit'; index: number }
  | { type: 'remove'; index: number };

export const initialFaqEditorState: FaqEditorState = {
  faqs: [],
  savedFaqs: [],
  question: '',
  answer: '',
  editIndex: null,
};

const cleared = { question: '', answer: '', editIndex: null };

export function faqEditorReducer(state: FaqEditorState, action: FaqEditorAction): FaqEditorState {
  switch (action.type) {
    case 'load':
      return { ...initialFaqEditorState, faqs: action.faqs, savedFaqs: action.faqs };
    case 'saved':
      return { ...state, savedFaqs: state.faqs };
    case 'setQuestion':
      return { ...state, question: action.value };
    case 'setAnswer':
      return { ...state, answer: action.value };
    case 'submitEntry': {
      const question = state.question.trim();
      const answer = state.answer.trim();
      if (!question || !answer) return state;
      const { editIndex } = state;
      if (editIndex !== null && editIndex < state.faqs.length) {
        const faqs = state.faqs.map((faq, i) =>
          i === editIndex ? { ...faq, question, answer } : faq,
        );
        return { ...state, ...cleared, faqs };
      }
      return { ...state, ...cleared, faqs: [...state.faqs, { question, answer }] };
    }
    case 'edit': {
      const faq = state.faqs[action.index];
      if (!faq) return state;
      return { ...state, question: faq.question, answer: faq.answer, editIndex: action.index };
    }
    case 'remove': {
      if (action.index < 0 || action.index >= state.faqs.length) return state;
      const faqs = state.faqs.filter((_, i) => i !== action.index);
      const { editIndex } = state;
      if (editIndex === null || action.index > editIndex) return { ...state, faqs };
      if (action.index === editIndex) return { ...state, ...cleared, faqs };
      return { ...state, faqs, editIndex: editIndex - 1 };
    }
    default:
      return state;
  }
}

const sameEntries = (a: FaqEntry[], b: FaqEntry[]) =>
  a.length === b.length &&
  a.every((faq, i) => faq.question === b[i].question && faq.answer === b[i].answer);

/** True when the list differs from the saved one or the form holds text not added yet. */
export function hasUnsavedFaqChanges(state: FaqEditorState): boolean {
  if (!sameEntries(state.faqs, state.savedFaqs)) return true;
  const edited = state.editIndex === null ? null : state.faqs[state.editIndex];
  if (edited) return state.question !== edited.question || state.answer !== edited.answer;
  return state.question.trim() !== '' || state.answer.trim() !== '';
}
