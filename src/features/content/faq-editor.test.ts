import {
  faqEditorReducer as reduce,
  hasUnsavedFaqChanges as unsaved,
  initialFaqEditorState,
  type FaqEditorState,
} from './faq-editor';

const a = { _id: 'a', question: 'Qa', answer: 'Aa' };
const b = { _id: 'b', question: 'Qb', answer: 'Ab' };
const c = { _id: 'c', question: 'Qc', answer: 'Ac' };
const loaded = reduce(initialFaqEditorState, { type: 'load', faqs: [a, b, c] });
const typed = (state: FaqEditorState, question: string, answer: string) =>
  reduce(reduce(state, { type: 'setQuestion', value: question }), {
    type: 'setAnswer',
    value: answer,
  });

describe('FAQ editing rules', () => {
  test('adding appends a trimmed entry and clears the form', () => {
    const next = reduce(typed(loaded, '  New?  ', ' Yes. '), { type: 'submitEntry' });
    expect(next.faqs).toEqual([a, b, c, { question: 'New?', answer: 'Yes.' }]);
    expect(next).toMatchObject({ question: '', answer: '', editIndex: null });
  });

  test('an entry with a blank question or answer is ignored silently', () => {
    for (const [q, ans] of [
      ['', 'x'],
      ['x', ''],
      ['   ', 'x'],
      ['x', '  \n '],
    ]) {
      const state = typed(loaded, q, ans);
      expect(reduce(state, { type: 'submitEntry' })).toBe(state);
    }
    const editing = typed(reduce(loaded, { type: 'edit', index: 1 }), 'Changed', ' ');
    expect(reduce(editing, { type: 'submitEntry' })).toBe(editing);
  });

  test('edit fills the form with the entry and remembers its position', () => {
    const next = reduce(loaded, { type: 'edit', index: 1 });
    expect(next).toMatchObject({ question: 'Qb', answer: 'Ab', editIndex: 1 });
    expect(reduce(loaded, { type: 'edit', index: 7 })).toBe(loaded);
  });

  test('saving an edit replaces that entry in place, keeping its _id', () => {
    const editing = typed(reduce(loaded, { type: 'edit', index: 1 }), 'Qb2', 'Ab2');
    const next = reduce(editing, { type: 'submitEntry' });
    expect(next.faqs).toEqual([a, { _id: 'b', question: 'Qb2', answer: 'Ab2' }, c]);
    expect(next).toMatchObject({ question: '', answer: '', editIndex: null });
  });

  test('deleting an entry before the one being edited shifts the position down by one', () => {
    const editing = reduce(loaded, { type: 'edit', index: 2 });
    const next = reduce(editing, { type: 'remove', index: 0 });
    expect(next.faqs).toEqual([b, c]);
    expect(next).toMatchObject({ editIndex: 1, question: 'Qc', answer: 'Ac' });
    // Saving now still replaces the entry that was being edited.
    const saved = reduce(typed(next, 'Qc2', 'Ac2'), { type: 'submitEntry' });
    expect(saved.faqs).toEqual([b, { _id: 'c', question: 'Qc2', answer: 'Ac2' }]);
  });

  test('deleting an entry after the one being edited keeps the position', () => {
    const editing = reduce(loaded, { type: 'edit', index: 0 });
    const next = reduce(editing, { type: 'remove', index: 2 });
    expect(next.faqs).toEqual([a, b]);
    expect(next).toMatchObject({ editIndex: 0, question: 'Qa' });
  });

  test('deleting the entry being edited clears the form', () => {
    const editing = typed(reduce(loaded, { type: 'edit', index: 1 }), 'half typed', 'x');
    const next = reduce(editing, { type: 'remove', index: 1 });
    expect(next.faqs).toEqual([a, c]);
    expect(next).toMatchObject({ question: '', answer: '', editIndex: null });
    // The next save appends.
    expect(reduce(typed(next, 'Qd', 'Ad'), { type: 'submitEntry' }).faqs).toEqual([
      a,
      c,
      { question: 'Qd', answer: 'Ad' },
    ]);
  });

  test('deleting without an edit in progress just removes; a bad position changes nothing', () => {
    const next = reduce(typed(loaded, 'draft', ''), { type: 'remove', index: 1 });
    expect(next.faqs).toEqual([a, c]);
    expect(next).toMatchObject({ question: 'draft', editIndex: null });
    expect(reduce(loaded, { type: 'remove', index: 3 })).toBe(loaded);
  });

  test('loading replaces the list and resets the form', () => {
    const editing = reduce(loaded, { type: 'edit', index: 1 });
    expect(reduce(editing, { type: 'load', faqs: [c] })).toEqual({
      ...initialFaqEditorState,
      faqs: [c],
      savedFaqs: [c],
    });
  });
});

describe('unsaved FAQ changes', () => {
  test('a loaded list is saved; typing, adding, editing or removing is not until saved', () => {
    expect(unsaved(loaded)).toBe(false);
    expect(unsaved(typed(loaded, 'Q', ''))).toBe(true);
    const added = reduce(typed(loaded, 'Q', 'A'), { type: 'submitEntry' });
    expect(unsaved(added)).toBe(true);
    expect(unsaved(reduce(added, { type: 'saved' }))).toBe(false);
    const editing = reduce(loaded, { type: 'edit', index: 1 });
    expect(unsaved(editing)).toBe(false);
    expect(unsaved(reduce(editing, { type: 'setAnswer', value: 'Changed' }))).toBe(true);
    expect(unsaved(reduce(loaded, { type: 'remove', index: 0 }))).toBe(true);
  });
});
