import { afterEach } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../app/providers';
import { AntdTheme } from '../../components/antd-theme';
import { makeStore } from '../../app/store';
import { offContract, reply } from '../../test/fake-api/reply';
import { contentFake, editorPages } from '../../test/fake-api/content';
import { fakeApi, hold } from '../../test/fake-api/fake-api';
import { eventsFake } from '../../test/fake-api/events';
import TextEditorPage from './text-editor-page';
import { setupUser } from '../../test/screen';
import { dialogTitled } from '../../test/dialogs';
import { changedByColleague } from '../../test/fake-api/versions';
import { within } from '@testing-library/react';
import { openAsAdmin } from '../../test/render-app';

// Each render adds antd's style sheets to <head>; jsdom's getComputedStyle (which Quill and antd
// call often) reads them all, so later tests would slow down without this.
afterEach(() => {
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

// Skipping the pointer-events check avoids a getComputedStyle walk per click (slow in jsdom).
const setup = () => setupUser({ pointerEventsCheck: 0 });
const tabOf = (label: string) => screen.getByText(label, { selector: '[role="tab"]' });
const editorArea = () => document.querySelector('.ql-editor') as HTMLElement;
// While busy the button's name also carries its spinner's label ("loading submit").
const submitButton = () => screen.getByText('submit').closest('button') as HTMLButtonElement;

/** The editor's four pages. */
function contentServer() {
  const api = fakeApi(contentFake(editorPages()));
  /** The calls of the editor's pages: their reads (by slug) and saves. */
  const reads = () => api.callsOf('listStaticContent');
  const saves = () => api.callsOf('updateStaticContent');
  return { ...api, reads, saves };
}

async function waitForEditor(text: string) {
  await waitFor(() => expect(editorArea()).toHaveTextContent(text));
  await waitFor(() => expect(editorArea()).toHaveAttribute('contenteditable', 'true'));
}

describe('rich-text tabs', () => {
  it('loads the privacy policy into the editor and saves title, content and status draft', async () => {
    const server = contentServer();
    openAsAdmin('/admin/text-editor');
    expect(await screen.findByRole('tab', { name: 'Privacy Policy' })).toBeInTheDocument();
    for (const name of ['Terms & Conditions', 'FAQs', 'About App']) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    await waitForEditor('Our privacy rules');
    expect(editorArea().querySelector('strong')).toHaveTextContent('privacy');
    expect(server.reads()[0].url.searchParams.get('slug')).toBe('privacy-policy');
    expect(server.reads()[0].headers.get('authorization')).toBe('Bearer token-1');

    // A draft is saved at once (spec 02 §7), its status beside the button.
    expect(screen.getByText('Draft')).toBeInTheDocument();
    await setup().click(submitButton());
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    const put = server.saves()[0];
    expect(put.url.searchParams.get('slug')).toBe('privacy-policy');
    expect(put.body).toEqual({
      title: 'Privacy Policy',
      content: expect.stringContaining('<strong>privacy</strong>'),
      status: 'draft',
    });
  });
});

describe('a published page', () => {
  it('shows its status and asks before the draft save takes it off the site', async () => {
    const pages = editorPages().map((page) =>
      page.slug === 'privacy-policy' ? { ...page, status: 'published' as const } : page,
    );
    const api = fakeApi(contentFake(pages));
    openAsAdmin('/admin/text-editor');
    await waitForEditor('Our privacy rules');
    expect(screen.getByText('Published')).toBeInTheDocument();
    const user = setup();
    await user.click(submitButton());
    const question = await dialogTitled('Save as draft?');
    expect(question).toHaveTextContent(
      'Privacy Policy is published. Saving it here makes it a draft, which takes it off the site.',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Save as draft?')).not.toBeInTheDocument());
    expect(api.callsOf('updateStaticContent')).toEqual([]);

    await user.click(submitButton());
    await user.click(
      within(await dialogTitled('Save as draft?')).getByRole('button', { name: 'Save as draft' }),
    );
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(api.callsOf('updateStaticContent')[0].body).toMatchObject({ status: 'draft' });
  });
});

describe('a colleague saved the page since it was read', () => {
  /** The editor's pages, the privacy policy then changed by Fiona Finance. */
  async function changedMeanwhile() {
    const pages = editorPages();
    const api = fakeApi(contentFake(pages));
    openAsAdmin('/admin/text-editor');
    await waitForEditor('Our privacy rules');
    changedByColleague(
      pages[0],
      { content: '<p>Their new rules</p>' },
      {
        type: 'content',
        name: 'Privacy Policy',
        action: 'content.update',
        changes: [{ field: 'content', before: pages[0].content, after: '<p>Their new rules</p>' }],
        at: '2026-03-05T10:31:00.000Z',
      },
    );
    const user = setup();
    await user.click(submitButton());
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    return { api, pages, user, notice };
  }

  it("shows who changed what and keeps the admin's text; Save mine anyway saves it over theirs", async () => {
    const { api, pages, user, notice } = await changedMeanwhile();
    expect(notice).toHaveTextContent(
      'Fiona Finance changed this page on 2026-03-05 at 10:31 (Content edited). Reload to see it.',
    );
    expect(within(notice).getByLabelText('Their changes')).toHaveTextContent(
      'Fiona Finance, 2026-03-05 10:31 UTC: Content edited',
    );
    // Nothing was saved, nothing replaced: the admin's text is still in the editor.
    expect(pages[0].content).toBe('<p>Their new rules</p>');
    expect(editorArea()).toHaveTextContent('Our privacy rules');
    expect(screen.queryByText('Created successfully')).toBeNull();

    await user.click(within(notice).getByText('Save mine anyway'));
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    const [stale, mine] = api.callsOf('updateStaticContent');
    expect(stale.headers.get('If-Match')).toBe('"1"');
    expect(mine.headers.get('If-Match')).toBe('"2"');
    expect(mine.headers.get('X-Overrides-Version')).toBe('1');
    expect(pages[0].content).toContain('privacy');
    expect(screen.queryByText('Changed by someone else')).toBeNull();
  });

  it('Reload takes theirs only after a confirmation; Keep mine keeps the text', async () => {
    const { user, notice } = await changedMeanwhile();
    await user.click(within(notice).getByText('Reload'));
    const ask = await dialogTitled('Discard your changes?');
    await user.click(within(ask).getByText('Keep mine'));
    expect(editorArea()).toHaveTextContent('Our privacy rules');
    await user.click(within(notice).getByText('Reload'));
    await user.click(
      within(await dialogTitled('Discard your changes?')).getByText('Discard and reload'),
    );
    await waitForEditor('Their new rules');
    expect(screen.queryByText('Changed by someone else')).toBeNull();
  });
});

describe('loading, read-only and busy states', () => {
  it('is read-only and loads nothing without a token', async () => {
    const server = contentServer();
    const store = makeStore();
    expect(store.getState().auth.token).toBeNull();
    render(
      <AppProviders store={store}>
        <AntdTheme>
          <RouterProvider
            router={createMemoryRouter([{ path: '/', element: <TextEditorPage /> }])}
          />
        </AntdTheme>
      </AppProviders>,
    );
    await waitFor(() => expect(editorArea()).toBeInTheDocument());
    expect(editorArea()).toHaveAttribute('contenteditable', 'false');
    expect(submitButton()).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The page has mounted, so its queries have started (RTK Query starts them as it mounts):
    // none is the page's, so nothing will be sent.
    const started = Object.keys(store.getState().api.queries);
    expect(started.filter((query) => query.startsWith('getStaticPage'))).toEqual([]);
    expect(server.calls).toHaveLength(0);

    await setup().click(tabOf('FAQs'));
    expect(screen.getByPlaceholderText('Add Question')).toBeDisabled();
    expect(submitButton()).toBeDisabled();
    expect(server.calls).toHaveLength(0);
  });

  it('stays read-only until loading completes, then shows a spinner on submit until the answer', async () => {
    const load = hold();
    const save = hold();
    const server = contentServer();
    server.on('listStaticContent', ({ url }) =>
      url.searchParams.get('slug') === 'terms-and-conditions' ? load.until() : undefined,
    );
    server.on('updateStaticContent', save.until);
    openAsAdmin('/admin/text-editor');
    await waitForEditor('Our privacy rules');
    await setup().click(tabOf('Terms & Conditions'));
    await waitFor(() => expect(editorArea()).toBeInTheDocument());
    expect(editorArea()).toHaveAttribute('contenteditable', 'false');
    expect(submitButton()).toBeDisabled();

    load.release();
    await waitForEditor('The terms');

    await setup().click(submitButton());
    await waitFor(() => expect(submitButton()).toHaveClass('ant-btn-loading'));
    expect(editorArea()).toHaveAttribute('contenteditable', 'false');
    save.release();
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    await waitFor(() => expect(submitButton()).not.toHaveClass('ant-btn-loading'));
    expect(server.saves()[0].body).toMatchObject({
      title: 'Terms & Conditions',
      status: 'draft',
    });
  });

  it('loads the page again each time its tab is shown', async () => {
    const server = contentServer();
    openAsAdmin('/admin/text-editor');
    await waitForEditor('Our privacy rules');
    const user = setup();
    await user.click(tabOf('About App'));
    await waitForEditor('About the app');
    await user.click(tabOf('Privacy Policy'));
    await waitForEditor('Our privacy rules');
    const slugs = server.reads().map((c) => c.url.searchParams.get('slug'));
    expect(slugs).toEqual(['privacy-policy', 'about-us', 'privacy-policy']);
  });

  it('shows the server message, or "An error occurred", when a save fails', async () => {
    let answer = reply('updateStaticContent', 400, {
      success: false,
      status_code: 400,
      message: 'Content must not be empty',
    });
    contentServer().on('updateStaticContent', () => answer);
    openAsAdmin('/admin/text-editor');
    await waitForEditor('Our privacy rules');
    const user = setup();
    await user.click(submitButton());
    expect(await screen.findByText('Content must not be empty')).toBeInTheDocument();
    // A server fault without a message (outside the contract).
    answer = offContract(500, {});
    await user.click(submitButton());
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });

  it('keeps the editor read-only with a retry when loading fails', async () => {
    let fail = true;
    contentServer().on('listStaticContent', () =>
      fail ? offContract(500, { success: false, status_code: 500, message: '' }) : undefined,
    );
    openAsAdmin('/admin/text-editor');
    expect(await screen.findByText('Failed to fetch static content')).toBeInTheDocument();
    expect(editorArea()).toHaveAttribute('contenteditable', 'false');
    expect(submitButton()).toBeDisabled();
    fail = false;
    await setup().click(screen.getByText('Retry').closest('button')!);
    await waitForEditor('Our privacy rules');
  });
});

describe('FAQs tab', () => {
  // Plain selectors: role queries compute styles for the whole tree, which is slow in jsdom.
  const cards = () =>
    Array.from(document.querySelectorAll<HTMLElement>('[aria-label="FAQs"] [role="listitem"]'));
  const button = (name: string) => screen.getByText(name).closest('button') as HTMLButtonElement;

  it('adds, edits by position, deletes and saves the whole list', async () => {
    const server = contentServer();
    openAsAdmin('/admin/text-editor');
    const user = setup();
    await user.click(await screen.findByText('FAQs', { selector: '[role="tab"]' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    // FAQ text is plain text; the card shows it exactly.
    expect(cards()[0]).toHaveTextContent('Open the booking & cancel.');

    const question = screen.getByPlaceholderText('Add Question');
    const answer = screen.getByPlaceholderText('Add Answer');
    await waitFor(() => expect(question).toBeEnabled());
    // Blank answer: nothing happens, no message.
    const type = (field: HTMLElement, value: string) =>
      fireEvent.change(field, { target: { value } });
    type(question, 'Is there parking?');
    await user.click(button('Add FAQ'));
    expect(cards()).toHaveLength(2);
    type(answer, 'Street parking only.');
    await user.click(button('Add FAQ'));
    expect(cards()).toHaveLength(3);
    expect(cards()[2]).toHaveTextContent('Is there parking?');
    expect(question).toHaveValue('');

    // Edit the third, delete the first: the edit position moves with it.
    await user.click(screen.getByLabelText('Edit FAQ 3'));
    expect(question).toHaveValue('Is there parking?');
    expect(button('Update FAQ')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Delete FAQ 1'));
    expect(await screen.findByText('Are you sure you want to delete this FAQ?')).toBeVisible();
    expect(cards()).toHaveLength(3);
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(cards()).toHaveLength(2);
    type(answer, 'Yes, free.');
    await user.click(button('Update FAQ'));
    expect(cards()[1]).toHaveTextContent('Yes, free.');
    expect(button('Add FAQ')).toBeInTheDocument();

    // Deleting the entry being edited clears the form.
    await user.click(screen.getByLabelText('Edit FAQ 1'));
    expect(question).toHaveValue('When am I charged?');
    await user.click(screen.getByLabelText('Delete FAQ 1'));
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(question).toHaveValue('');
    expect(button('Add FAQ')).toBeInTheDocument();

    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(submitButton());
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    const put = server.saves()[0];
    expect(put.url.searchParams.get('slug')).toBe('frequently-asked-questions');
    expect(put.body).toEqual({
      title: 'FAQs',
      content: '<p>Frequently asked questions</p>',
      status: 'draft',
      faqs: [{ question: 'Is there parking?', answer: 'Yes, free.' }],
    });
  });
});

describe('a colleague changes the open page (live stream)', () => {
  const cards = () =>
    Array.from(document.querySelectorAll<HTMLElement>('[aria-label="FAQs"] [role="listitem"]'));
  const faqChange = {
    type: 'content',
    name: 'FAQs',
    action: 'content.update' as const,
    actor: 'Sam Support',
    changes: [],
  };

  it('an unchanged editor takes their text by itself, with no banner', async () => {
    const pages = editorPages();
    const events = eventsFake();
    fakeApi(events, contentFake(pages));
    openAsAdmin('/admin/text-editor');
    await waitForEditor('Our privacy rules');
    await waitFor(() => expect(events.openCount).toBe(1));
    changedByColleague(
      pages[0],
      { content: '<p>Their new rules</p>' },
      { ...faqChange, name: 'Privacy Policy' },
    );
    events.emit({
      recordType: 'content',
      recordId: pages[0]._id,
      version: pages[0].version,
      action: 'content.update',
    });
    await waitForEditor('Their new rules');
    expect(screen.queryByText(/changed this page/)).toBeNull();
  });

  it('unsaved changes stay, a banner names who changed the page and when, Reload takes theirs and their version', async () => {
    const pages = editorPages();
    const events = eventsFake();
    const api = fakeApi(events, contentFake(pages));
    openAsAdmin('/admin/text-editor');
    const user = setup();
    await user.click(await screen.findByText('FAQs', { selector: '[role="tab"]' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    const question = screen.getByPlaceholderText('Add Question');
    await waitFor(() => expect(question).toBeEnabled());
    fireEvent.change(question, { target: { value: 'Is there parking?' } });
    fireEvent.change(screen.getByPlaceholderText('Add Answer'), {
      target: { value: 'Street parking only.' },
    });
    await user.click(screen.getByText('Add FAQ').closest('button')!);
    expect(cards()).toHaveLength(3);

    await waitFor(() => expect(events.openCount).toBe(1));
    const faqs = pages.find((page) => page.slug === 'frequently-asked-questions')!;
    const read = faqs.version;
    changedByColleague(faqs, { faqs: faqs.faqs!.slice(0, 1) }, faqChange);
    const reads = api.callsOf('listStaticContent').length;
    events.emit({
      recordType: 'content',
      recordId: faqs._id,
      version: faqs.version,
      action: 'content.update',
    });
    const banner = (await screen.findByText(/^Sam Support changed this page \d+ s ago$/)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    // The page was read again, and the admin's list is still in the editor.
    expect(api.callsOf('listStaticContent').length).toBeGreaterThan(reads);
    expect(cards()).toHaveLength(3);

    await user.click(within(banner).getByText('Reload'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByText(/changed this page/)).toBeNull();
    // Saved from now on against their version.
    await user.click(submitButton());
    expect(await screen.findByText('Created successfully')).toBeInTheDocument();
    expect(api.callsOf('updateStaticContent')[0].headers.get('If-Match')).toBe(`"${read + 1}"`);
  });
});
