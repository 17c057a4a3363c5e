/**
 * Saved views on a list screen (the reviews list): the select lists the screen's views with
 * their creator and applies one to the URL; Save view stores the current search and filters;
 * a duplicate name is refused in the modal; rename; delete asks first; `?view=<id>` applies a
 * view, leaving out what no longer applies, and an unknown id says so.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { SavedView } from '../../api/types';
import { adminUser } from '../../test/fake-api/session';
import { fakeApi } from '../../test/fake-api/fake-api';
import { reviewsFake } from '../../test/fake-api/reviews';
import { savedViewsFake } from '../../test/fake-api/saved-views';
import { eventsFake } from '../../test/fake-api/events';
import { changedByColleague } from '../../test/fake-api/versions';
import { renderApp } from '../../test/render-app';
import { setupUser } from '../../test/screen';
import { dialogTitled } from '../../test/dialogs';

const support = {
  _id: '5a7e0c1d-2b3f-4e6a-8c9d-0e1f2a3b4c5d',
  name: 'Sam Support',
  email: 'support@example.com',
};
const view = (id: number, name: string, filters: Record<string, string>, ignored: string[] = []) =>
  ({
    _id: `00000000-0000-4000-8000-00000000010${id}`,
    screen: 'reviews',
    name,
    filters,
    ignoredFilters: ignored,
    createdAt: '2026-11-23T10:00:00.000Z',
    createdBy: support,
    version: 1,
  }) satisfies SavedView;

/** The saved views, and no reviews whatever the filters. */
const server = (views: SavedView[]) =>
  fakeApi(reviewsFake([], { '*': () => [] }), savedViewsFake([...views]));

const locationOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const select = () => screen.getByRole('combobox', { name: 'Saved views' });

/** Sam Support renames the view "Pending" to "Waiting" meanwhile (its version moves). */
const renamedBySam = (pending: SavedView) =>
  changedByColleague(
    pending,
    { name: 'Waiting' },
    {
      type: 'saved_view',
      name: 'Pending',
      action: 'saved_view.rename',
      changes: [{ field: 'name', before: 'Pending', after: 'Waiting' }],
      actor: 'Sam Support',
    },
  );

it('lists the views with their creator and applies the chosen one to the URL', async () => {
  const { calls } = server([view(1, 'Low ratings', { rating: '1', search: 'bistro' })]);
  const { router } = renderApp('/admin/reviews?status=approved&page=3', { storedUser: adminUser });
  await screen.findByText('No reviews found').catch(() => undefined);
  const user = setupUser();
  await user.click(await screen.findByRole('combobox', { name: 'Saved views' }));
  const option = (await screen.findAllByText('Low ratings')).find((node) =>
    node.closest('.ant-select-item-option'),
  )!;
  expect(option.closest('.ant-select-item-option')).toHaveTextContent(
    'by Sam Support (support@example.com)',
  );
  await user.click(option);
  await waitFor(() => expect(locationOf(router)).toEqual({ rating: '1', search: 'bistro' }));
  await waitFor(() =>
    expect(
      calls.some(
        (c) =>
          c.path === '/admin/reviews' &&
          c.url.searchParams.get('rating') === '1' &&
          c.url.searchParams.get('search') === 'bistro' &&
          !c.url.searchParams.has('status'),
      ),
    ).toBe(true),
  );
  const searchBox = screen.getByRole('textbox', { name: /Search by restaurant/ });
  expect(searchBox).toHaveValue('bistro');
  // The box takes no more than the API does (SEARCH_MAX_LENGTH).
  expect(searchBox).toHaveAttribute('maxlength', '200');
  // The view on screen can be renamed and deleted.
  expect(screen.getByRole('button', { name: 'Rename view' })).toBeInTheDocument();
});

it('saves the current search and filters under a name; a duplicate name is refused', async () => {
  const { calls } = server([view(1, 'Pending', { status: 'pending' })]);
  renderApp('/admin/reviews?status=approved&rating=4&search=%20cafe%20', { storedUser: adminUser });
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: 'Save view' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(within(dialog).getByText('Please enter a name')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('View name'), 'pending');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(
    await within(dialog).findByText('A view with this name already exists'),
  ).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText('View name'));
  await user.type(within(dialog).getByLabelText('View name'), '  Good cafes ');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('View saved')).toBeInTheDocument();
  const posts = calls.filter((c) => c.method === 'POST');
  expect(posts.at(-1)!.body).toEqual({
    screen: 'reviews',
    name: 'Good cafes',
    filters: { search: 'cafe', status: 'approved', rating: '4' },
  });
  // The list now shows it as the view on screen.
  await waitFor(() => expect(select().closest('.ant-select')).toHaveTextContent('Good cafes'));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it("a rename open while a colleague's rename of the view arrives is sent against the version it opened with: the name typed stays, beside theirs", async () => {
  const pending = view(1, 'Pending', { status: 'pending' });
  const events = eventsFake();
  const { callsOf } = fakeApi(
    reviewsFake([], { '*': () => [] }),
    savedViewsFake([pending]),
    events,
  );
  renderApp('/admin/reviews?status=pending', { storedUser: adminUser });
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: 'Rename view' }));
  await waitFor(() => expect(events.openCount).toBe(1));
  const dialog = await screen.findByRole('dialog');
  const field = within(dialog).getByLabelText('View name');
  const reads = callsOf('listSavedViews').length;
  renamedBySam(pending);
  events.emit({
    recordType: 'saved_view',
    recordId: pending._id,
    action: 'saved_view.rename',
    version: 2,
  });
  await waitFor(() => expect(callsOf('listSavedViews')).toHaveLength(reads + 1));
  await waitFor(() => expect(select().closest('.ant-select')).toHaveTextContent('Waiting'));
  expect(field).toHaveValue('Pending');
  await user.clear(field);
  await user.type(field, 'To moderate');
  await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
  const notice = (await within(dialog).findByText('Changed by someone else')).closest(
    '[role="alert"]',
  ) as HTMLElement;
  expect(within(notice).getByLabelText('Name: theirs and yours')).toHaveTextContent(
    'Name: theirs Waiting, yours To moderate',
  );
  expect(callsOf('renameSavedView')[0].headers.get('If-Match')).toBe('"1"');
  expect(within(dialog).getByLabelText('View name')).toHaveValue('To moderate');
  expect(pending).toMatchObject({ name: 'Waiting', version: 2 });
  await user.click(within(notice).getByRole('button', { name: 'Save mine anyway' }));
  expect(await screen.findByText('View renamed')).toBeInTheDocument();
  expect(callsOf('renameSavedView')[1].headers.get('If-Match')).toBe('"2"');
  expect(pending).toMatchObject({ name: 'To moderate', version: 3 });
});

it('renames the view on screen, and deletes it after asking', async () => {
  const { calls } = server([view(1, 'Pending', { status: 'pending' })]);
  renderApp('/admin/reviews?status=pending', { storedUser: adminUser });
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: 'Rename view' }));
  const dialog = await screen.findByRole('dialog');
  const field = within(dialog).getByLabelText('View name');
  expect(field).toHaveValue('Pending');
  await user.clear(field);
  await user.type(field, 'To moderate');
  await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
  expect(await screen.findByText('View renamed')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'To moderate' });
  await waitFor(() => expect(select().closest('.ant-select')).toHaveTextContent('To moderate'));
  await user.click(screen.getByRole('button', { name: 'Delete view' }));
  const ask = async () =>
    (await screen.findByText('Are you sure you want to delete the view "To moderate"?')).closest(
      '.ant-modal',
    ) as HTMLElement;
  await user.click(within(await ask()).getByRole('button', { name: 'Cancel' }));
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Delete view' }));
  await user.click(within(await ask()).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('View deleted')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: 'Delete view' })).not.toBeInTheDocument(),
  );
});

describe('deleting a view a colleague renamed since it was read', () => {
  /** The view on screen, renamed by Sam Support before Delete is confirmed: refused. */
  async function deleteStale() {
    const pending = view(1, 'Pending', { status: 'pending' });
    const api = server([pending]);
    renderApp('/admin/reviews?status=pending', { storedUser: adminUser });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Delete view' }));
    renamedBySam(pending);
    const ask = (
      await screen.findByText('Are you sure you want to delete the view "Pending"?')
    ).closest('.ant-modal') as HTMLElement;
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    return { ...api, pending, user, notice };
  }

  it('shows the compact notice beside Delete view, nothing deleted; Save mine anyway deletes it with their version', async () => {
    const { callsOf, pending, user, notice } = await deleteStale();
    expect(notice).toHaveTextContent(
      /Sam Support changed this saved view at \d\d:\d\d \(Name Pending → Waiting\)\. Reload to see it\./,
    );
    // Beside the button (the popover), not a toast; the view is still there.
    expect(notice.closest('.ant-popover')).not.toBeNull();
    expect(screen.queryByText('View deleted')).toBeNull();
    expect(screen.queryByText(/Are you sure you want to delete/)).toBeNull();
    expect(callsOf('deleteSavedView')[0].headers.get('If-Match')).toBe('"1"');
    expect(pending.version).toBe(2);

    await user.click(within(notice).getByRole('button', { name: 'Save mine anyway' }));
    expect(await screen.findByText('View deleted')).toBeInTheDocument();
    const again = callsOf('deleteSavedView')[1];
    expect(again.headers.get('If-Match')).toBe('"2"');
    expect(again.headers.get('X-Overrides-Version')).toBe('1');
    await waitFor(() => expect(screen.queryByText('Changed by someone else')).toBeNull());
  });

  it('Reload, after asking, reads the views again and deletes nothing', async () => {
    const { callsOf, user, notice } = await deleteStale();
    const reads = callsOf('listSavedViews').length;
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    const ask = await dialogTitled('Discard your changes?');
    await user.click(within(ask).getByRole('button', { name: 'Discard and reload' }));
    await waitFor(() => expect(callsOf('listSavedViews').length).toBeGreaterThan(reads));
    await waitFor(() => expect(select().closest('.ant-select')).toHaveTextContent('Waiting'));
    expect(screen.queryByText('Changed by someone else')).toBeNull();
    expect(callsOf('deleteSavedView')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Delete view' })).toBeInTheDocument();
  });
});

it('a link with ?view= applies what still applies; an unknown view says so', async () => {
  const stale = view(1, 'Old', { rating: '2' }, ['status']);
  server([stale]);
  const { router } = renderApp(`/admin/reviews?view=${stale._id}&status=approved`, {
    storedUser: adminUser,
  });
  await waitFor(() => expect(locationOf(router)).toEqual({ rating: '2' }));
  expect(
    await screen.findByText('Some filters of "Old" no longer apply and were left out: status'),
  ).toBeInTheDocument();
  await act(() =>
    router.navigate('/admin/reviews?view=00000000-0000-4000-8000-000000000999&rating=5'),
  );
  expect(await screen.findByText('This saved view no longer exists')).toBeInTheDocument();
  await waitFor(() => expect(locationOf(router)).toEqual({ rating: '5' }));
});
