import { afterEach } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import { NETWORK_ERROR, offContract } from '../../test/fake-api/reply';
import { contentFake, contentRow } from '../../test/fake-api/content';
import { fakeApi, hold } from '../../test/fake-api/fake-api';
import type { Filters } from '../../test/fake-api/list';
import type { StaticContent } from '../../api/types';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';
import { changedByColleague } from '../../test/fake-api/versions';

// Each render adds antd's style sheets to <head>, which jsdom's getComputedStyle reads in full.
afterEach(() => {
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

const items = () => [
  contentRow({ slug: 'home-hero', title: 'Home hero', type: 'section', status: 'published' }),
  contentRow({ slug: 'partner-with-us', title: 'Partner with us' }),
  ...Array.from({ length: 11 }, (_, i) => contentRow({ slug: `item-${i}`, title: `Item ${i}` })),
];

/** The content items (what the server finds for the filters a test sends: `filters`). */
function contentServer(rows: StaticContent[], filters: Filters<StaticContent> = {}) {
  return fakeApi(contentFake(rows, filters));
}

// Skipping the pointer-events check avoids a getComputedStyle walk per click (slow in jsdom).
const setup = () => setupUser({ pointerEventsCheck: 0 });
/** The open modal with this title (antd keeps its dialog role on an inner element). */
async function dialogOf(title: string) {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest('.ant-modal') as HTMLElement;
}
// Buttons by their exact text: role queries compute styles for the whole tree (slow in jsdom).
const queryButtonIn = (container: HTMLElement, text: string) =>
  within(container).queryByText(text, { selector: 'button span' })?.closest('button') ?? null;
const buttonIn = (container: HTMLElement, text: string) => {
  const button = queryButtonIn(container, text);
  if (!button) throw new Error(`No button "${text}"`);
  return button;
};

async function chooseOption(label: string, option: string) {
  const user = setup();
  await user.click(screen.getByLabelText(label));
  const options = await screen.findAllByText(option, {
    selector: '.ant-select-item-option-content',
  });
  await user.click(options[options.length - 1]);
}

describe('content list', () => {
  it('shows the columns with dates and times, and the right action per status', async () => {
    const server = contentServer(items());
    openAsAdmin('/admin/content');
    expect(await screen.findByText('Home hero')).toBeInTheDocument();
    for (const title of ['Title', 'Type', 'Slug', 'Status', 'Created', 'Updated', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const hero = rowOf('Home hero');
    expect(hero).toHaveTextContent('Section');
    expect(hero).toHaveTextContent('home-hero');
    expect(hero).toHaveTextContent('Published');
    expect(hero).toHaveTextContent(/Mar 5, 2026, \d{1,2}:\d{2} (AM|PM)/);
    expect(buttonIn(hero, 'Unpublish')).toBeInTheDocument();
    expect(queryButtonIn(hero, 'Publish')).not.toBeInTheDocument();
    expect(buttonIn(rowOf('Partner with us'), 'Publish')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const first = server.callsOf('listStaticContent')[0].url.searchParams;
    expect([first.get('skip'), first.get('limit')]).toEqual(['0', '10']);
  });

  it('keeps search, type and status in the URL, back on page 1, and clears them', async () => {
    // What the server finds for each.
    const server = contentServer(items(), {
      'search=partner': (rows) => [rows[1]],
      'search=partner&type=section': () => [],
      'status=published': (rows) => [rows[0]],
    });
    const { router } = openAsAdmin('/admin/content?page=2');
    await screen.findByText('Item 10');
    const user = setup();
    await user.type(screen.getByPlaceholderText('Search by title...'), ' partner ');
    await waitFor(() => expect(router.state.location.search).toBe('?search=partner'));
    expect(await screen.findByText('Partner with us')).toBeInTheDocument();

    await chooseOption('Type', 'Section');
    await waitFor(() => expect(router.state.location.search).toBe('?search=partner&type=section'));
    expect(await screen.findByText('No content items found')).toBeInTheDocument();
    await user.click(buttonIn(document.body, 'Clear Filters'));
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await chooseOption('Status', 'Published');
    await waitFor(() => expect(router.state.location.search).toBe('?status=published'));
    await waitFor(() => expect(screen.queryByText('Partner with us')).not.toBeInTheDocument());
    expect(screen.getByText('Home hero')).toBeInTheDocument();
    expect(server.callsOf('listStaticContent').at(-1)!.url.searchParams.get('status')).toBe(
      'published',
    );
  });

  it('ignores type and status values in the URL that the list does not have', async () => {
    const server = contentServer(items());
    openAsAdmin('/admin/content?type=bogus&status=zzz');
    expect(await screen.findByText('Home hero')).toBeInTheDocument();
    const sent = server.callsOf('listStaticContent')[0].url.searchParams;
    expect([sent.has('type'), sent.has('status')]).toEqual([false, false]);
    expect(screen.queryByText('bogus')).not.toBeInTheDocument();
    expect(screen.queryByText('zzz')).not.toBeInTheDocument();
    expect(screen.getAllByText('All')).toHaveLength(2);
  });

  it('creates a page by default, refuses blank fields, and shows the duplicate-title message', async () => {
    const server = contentServer(items());
    openAsAdmin('/admin/content');
    await screen.findByText('Home hero');
    const user = setup();
    await user.click(buttonIn(document.body, 'Create Content'));
    const dialog = await dialogOf('Create Content');
    expect(within(dialog).getByText('Page')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.click(buttonIn(dialog, 'Create'));
    expect(
      await within(dialog).findByText('Please fill in all required fields'),
    ).toBeInTheDocument();
    expect(server.callsOf('createStaticContent')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Home Hero');
    await user.type(within(dialog).getByLabelText('Content'), '<p>Hi</p>');
    await user.click(buttonIn(dialog, 'Create'));
    expect(
      await screen.findByText(
        'A content item with a similar title already exists. Please use a different title.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Create Content', { selector: '.ant-modal-title' }),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Gift cards');
    await user.click(buttonIn(dialog, 'Create'));
    expect(await screen.findByText('Content created successfully')).toBeInTheDocument();
    expect(server.callsOf('createStaticContent').at(-1)!.body).toEqual({
      title: 'Gift cards',
      type: 'page',
      content: '<p>Hi</p>',
    });
    expect(await screen.findByText('gift-cards')).toBeInTheDocument();
  });

  it('edits an item by slug, with "Failed to update content" when no message comes', async () => {
    let fail = true;
    const server = contentServer(items());
    server.on('updateStaticContent', () => (fail ? offContract(500, {}) : undefined));
    openAsAdmin('/admin/content');
    await screen.findByText('Partner with us');
    const user = setup();
    await user.click(buttonIn(rowOf('Partner with us'), 'Edit'));
    const dialog = await dialogOf('Edit Content');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Partner with us');
    await user.type(within(dialog).getByLabelText('Title'), ' today');
    await user.click(buttonIn(dialog, 'Update'));
    expect(await screen.findByText('Failed to update content')).toBeInTheDocument();
    fail = false;
    await user.click(buttonIn(dialog, 'Update'));
    expect(await screen.findByText('Content updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Partner with us today')).toBeInTheDocument();
    const put = server.callsOf('updateStaticContent').at(-1)!;
    expect(put.url.searchParams.get('slug')).toBe('partner-with-us');
    expect(put.body).toEqual({ title: 'Partner with us today', type: 'page', content: '<p>x</p>' });
  });

  it('an item a colleague renamed meanwhile: the form keeps mine beside theirs; Reload fills it with theirs after asking', async () => {
    const rows = items();
    const server = contentServer(rows);
    openAsAdmin('/admin/content');
    await screen.findByText('Partner with us');
    const user = setup();
    await user.click(buttonIn(rowOf('Partner with us'), 'Edit'));
    const dialog = await dialogOf('Edit Content');
    changedByColleague(
      rows[1],
      { title: 'Partner with us now' },
      {
        type: 'content',
        name: 'Partner with us',
        action: 'content.update',
        changes: [{ field: 'title', before: 'Partner with us', after: 'Partner with us now' }],
        at: '2026-03-05T10:31:00.000Z',
        actor: 'Cody Content',
      },
    );
    await user.type(within(dialog).getByLabelText('Title'), ' today');
    await user.click(buttonIn(dialog, 'Update'));
    const notice = (await within(dialog).findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent(
      'Cody Content changed this page on 2026-03-05 at 10:31 (Title Partner with us → Partner with us now). Reload to see it.',
    );
    expect(within(notice).getByLabelText('Title: theirs and yours')).toHaveTextContent(
      'Title: theirs Partner with us now, yours Partner with us today',
    );
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Partner with us today');

    await user.click(buttonIn(notice, 'Reload'));
    const ask = await dialogOf('Discard your changes?');
    await user.click(buttonIn(ask, 'Discard and reload'));
    const again = await dialogOf('Edit Content');
    await waitFor(() =>
      expect(within(again).getByLabelText('Title')).toHaveValue('Partner with us now'),
    );
    expect(screen.queryByText('Changed by someone else')).toBeNull();
    await user.click(buttonIn(again, 'Update'));
    expect(await screen.findByText('Content updated successfully')).toBeInTheDocument();
    expect(server.callsOf('updateStaticContent').map((c) => c.headers.get('If-Match'))).toEqual([
      '"1"',
      '"2"',
    ]);
  });

  it('publishes and unpublishes with their toasts and a busy button', async () => {
    const publish = hold();
    let holdNext = true;
    const server = contentServer(items());
    server.on('updateStaticContent', () => {
      if (!holdNext) return undefined;
      holdNext = false;
      return publish.until();
    });
    openAsAdmin('/admin/content');
    await screen.findByText('Partner with us');
    const user = setup();
    await user.click(buttonIn(rowOf('Partner with us'), 'Publish'));
    await waitFor(() =>
      expect(within(rowOf('Partner with us')).getByRole('button', { name: /Publish/ })).toHaveClass(
        'ant-btn-loading',
      ),
    );
    publish.release();
    expect(await screen.findByText('Content published successfully')).toBeInTheDocument();
    expect(server.callsOf('updateStaticContent')[0].body).toEqual({ status: 'published' });
    await user.click(await waitFor(() => buttonIn(rowOf('Partner with us'), 'Unpublish')));
    expect(await screen.findByText('Content unpublished successfully')).toBeInTheDocument();
    expect(server.callsOf('updateStaticContent')[1].body).toEqual({ status: 'draft' });
  });

  it('Publish and Delete of an item a colleague changed meanwhile: the compact notice beside the button, nothing changed; Save mine anyway sends it against their version', async () => {
    const rows = items();
    const server = contentServer(rows);
    openAsAdmin('/admin/content');
    await screen.findByText('Partner with us');
    changedByColleague(
      rows[1],
      { content: 'Their text' },
      {
        type: 'content',
        name: 'Partner with us',
        action: 'content.update',
        changes: [{ field: 'content', before: '', after: 'Their text' }],
        actor: 'Cody Content',
      },
    );
    const user = setup();
    await user.click(buttonIn(rowOf('Partner with us'), 'Publish'));
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent('Cody Content');
    expect(rows[1]).toMatchObject({ status: 'draft', version: 2 });
    expect(screen.queryByText('Failed to publish content')).toBeNull();
    await user.click(buttonIn(notice, 'Save mine anyway'));
    expect(await screen.findByText('Content published successfully')).toBeInTheDocument();
    const [stale, mine] = server.callsOf('updateStaticContent');
    expect([stale.headers.get('If-Match'), mine.headers.get('If-Match')]).toEqual(['"1"', '"2"']);
    expect(rows[1]).toMatchObject({ status: 'published', version: 3 });

    changedByColleague(
      rows[2],
      { content: 'Their text' },
      {
        type: 'content',
        name: 'Item 0',
        action: 'content.update',
        changes: [{ field: 'content', before: '', after: 'Their text' }],
        actor: 'Cody Content',
      },
    );
    await user.click(buttonIn(rowOf('Item 0'), 'Delete'));
    await user.click(buttonIn(await dialogOf('Delete Content'), 'Delete'));
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
    expect(server.callsOf('deleteStaticContent')[0].headers.get('If-Match')).toBe('"1"');
    expect(rows.map((row) => row.slug)).toContain('item-0');
    expect(screen.queryByText('Failed to delete content')).toBeNull();
  });

  it('deletes after confirmation', async () => {
    const server = contentServer(items());
    openAsAdmin('/admin/content');
    await screen.findByText('Partner with us');
    const user = setup();
    await user.click(buttonIn(rowOf('Partner with us'), 'Delete'));
    const dialog = await dialogOf('Delete Content');
    expect(dialog).toHaveTextContent('Are you sure you want to delete "Partner with us"?');
    await user.click(buttonIn(dialog, 'Delete'));
    expect(await screen.findByText('Content deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Partner with us')).not.toBeInTheDocument());
    expect(server.callsOf('deleteStaticContent')[0].url.searchParams.get('slug')).toBe(
      'partner-with-us',
    );
  });

  it('shows the load error with Retry, which goes back to page 1', async () => {
    let fail = true;
    contentServer(items()).on('listStaticContent', () => (fail ? NETWORK_ERROR : undefined));
    const { router } = openAsAdmin('/admin/content?page=2');
    const error = await screen.findByText('Failed to load content items. Please try again later.');
    fail = false;
    // The list's own Retry (the outage banner has one too).
    await setup().click(buttonIn(error.closest('[role="alert"]') as HTMLElement, 'Retry'));
    expect(await screen.findByText('Home hero')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
