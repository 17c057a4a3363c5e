import { act, screen, waitFor, within } from '@testing-library/react';
import { NETWORK_ERROR, offContract, reply } from '../../test/fake-api/reply';
import { fakeApi } from '../../test/fake-api/fake-api';
import { configurationFake } from '../../test/fake-api/configuration';
import { eventsFake } from '../../test/fake-api/events';
import { userRow, usersFake } from '../../test/fake-api/users';
import { dialogTitled } from '../../test/dialogs';
import { changedByColleague } from '../../test/fake-api/versions';
import { adminUser } from '../../test/fake-api/session';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';

const people = Array.from({ length: 23 }, (_, i) =>
  i === 0
    ? userRow(i, { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.net' })
    : userRow(i, { role: i === 1 ? 'admin' : 'user', status: i !== 2 }),
);

/** The users (what the server finds for the searches these tests make) and the platform fee. */
const usersServer = () =>
  fakeApi(
    usersFake(
      people.map((p) => ({ ...p })),
      { 'search=JANE': (rows) => [rows[0]], 'search=nobody': () => [] },
    ),
    configurationFake(10),
  );

describe('users list', () => {
  it('shows the columns and rows, and pages with "Page X of Y"', async () => {
    const api = usersServer();
    const { router } = openAsAdmin('/admin/users');
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    for (const title of ['Name', 'Email', 'Role', 'Registered Date', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    const jane = rowOf('Jane Doe');
    expect(jane).toHaveTextContent('jane@example.net');
    expect(jane).toHaveTextContent('user');
    expect(jane).toHaveTextContent('Mar 5, 2026');
    expect(jane).toHaveTextContent('Active');
    expect(rowOf('First2 Last2')).toHaveTextContent('Inactive');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    await setupUser().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('First10 Last10')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(api.callsOf('listUsers').at(-1)!.url.searchParams.get('skip')).toBe('10');
    expect(api.callsOf('listUsers').at(-1)!.url.searchParams.get('limit')).toBe('10');
  });

  it('searches trimmed after typing stops, back on page 1; "No users found" when nothing matches', async () => {
    const api = usersServer();
    const { router } = openAsAdmin('/admin/users?page=2');
    await screen.findByText('First10 Last10');
    const user = setupUser();
    await user.type(screen.getByPlaceholderText('Search users by name or email...'), '  JANE ');
    await waitFor(() => expect(router.state.location.search).toBe('?search=JANE'));
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    const last = api.callsOf('listUsers').at(-1)!.url.searchParams;
    expect(last.get('search')).toBe('JANE');
    expect(last.get('skip')).toBe('0');
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('Search users by name or email...'));
    await user.type(screen.getByPlaceholderText('Search users by name or email...'), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('shows the server message on failure with Retry', async () => {
    let fail = true;
    usersServer().on('listUsers', () =>
      fail
        ? offContract(500, { success: false, message: 'Database unavailable', status_code: 500 })
        : undefined,
    );
    openAsAdmin('/admin/users');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
  });

  it('shows the network failure text', async () => {
    usersServer().on('listUsers', () => NETWORK_ERROR);
    openAsAdmin('/admin/users');
    expect(
      await screen.findByText('Failed to load users. Please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('user status', () => {
  it('deactivates on the server and flips the row only when the server says so', async () => {
    const { calls } = usersServer();
    openAsAdmin('/admin/users');
    await screen.findByText('Jane Doe');
    const user = setupUser();
    // Deactivating asks first; Cancel sends nothing.
    await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'Deactivate' }));
    const confirm = await dialogTitled('Deactivate user');
    expect(confirm).toHaveTextContent('Deactivate Jane Doe?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'Deactivate' }));
    await user.click(
      within(await dialogTitled('Deactivate user')).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    await waitFor(() => expect(rowOf('Jane Doe')).toHaveTextContent('Inactive'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/admin/user/${people[0]._id}`);
    expect(put.body).toEqual({ status: false });
    expect(within(rowOf('Jane Doe')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('keeps the row and shows the server message when the change fails', async () => {
    usersServer().on('updateUserStatus', () =>
      reply('updateUserStatus', 400, {
        success: false,
        message: 'You cannot deactivate your own account',
        status_code: 400,
      }),
    );
    openAsAdmin('/admin/users');
    await screen.findByText('Jane Doe');
    const user = setupUser();
    await user.click(within(rowOf('Jane Doe')).getByRole('button', { name: 'Deactivate' }));
    // Enter confirms.
    await dialogTitled('Deactivate user');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('You cannot deactivate your own account')).toBeInTheDocument();
    expect(rowOf('Jane Doe')).toHaveTextContent('Active');
    expect(rowOf('Jane Doe')).not.toHaveTextContent('Inactive');
  });

  it('View opens User Details with Activate/Deactivate User', async () => {
    usersServer();
    openAsAdmin('/admin/users');
    await screen.findByText('Jane Doe');
    const user = setupUser();
    await user.click(within(rowOf('First2 Last2')).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('User Details')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('First2 Last2');
    expect(dialog).toHaveTextContent('user2@example.net');
    expect(dialog).toHaveTextContent('Mar 5, 2026');
    expect(dialog).toHaveTextContent('Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Activate User' }));
    // "Inactive" already contains "Active": wait for the button the server's answer brings.
    expect(
      await within(dialog).findByRole('button', { name: 'Deactivate User' }),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Inactive');
  });
});

describe('platform fee', () => {
  const feeInput = () => screen.getByLabelText('Platform Fee (%)');
  const button = (text: string) => screen.getByText(text).closest('button') as HTMLElement;

  it('loads the fee; Update → Updating... → Updated! for 2 seconds; Enter submits', async () => {
    let release: () => void = () => undefined;
    const { calls, on } = usersServer();
    // Hold each change until released, to see "Updating...".
    on('updateConfiguration', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return undefined;
    });

    openAsAdmin('/admin/users');
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    const user = setupUser();
    await user.clear(feeInput());
    await user.type(feeInput(), '12.5');
    await user.click(button('Update'));
    expect((await screen.findByText('Updating...')).closest('button')).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ platformFee: 12.5 });
    await waitFor(() => expect(button('Update')).toBeInTheDocument());

    await user.clear(feeInput());
    await user.type(feeInput(), '7{Enter}');
    await act(async () => release());
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
        { platformFee: 12.5 },
        { platformFee: 7 },
      ]),
    );
  });

  it('a fee a colleague changed meanwhile: theirs beside mine, nothing lost; Save mine anyway, or Reload after asking', async () => {
    const config = configurationFake(10);
    const { callsOf } = fakeApi(usersFake([]), config);
    openAsAdmin('/admin/users');
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    changedByColleague(
      config.state,
      { platformFee: 15 },
      {
        type: 'configuration',
        name: 'Platform fee',
        action: 'configuration.update',
        changes: [{ field: 'platformFee', before: 10, after: 15 }],
        at: '2026-03-05T10:31:00.000Z',
      },
    );
    const user = setupUser();
    await user.clear(feeInput());
    await user.type(feeInput(), '12{Enter}');
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent(
      'Fiona Finance changed the platform fee on 2026-03-05 at 10:31 (Platform Fee 10% → 15%). Reload to see it.',
    );
    expect(within(notice).getByLabelText('Platform Fee: theirs and yours')).toHaveTextContent(
      'Platform Fee: theirs 15%, yours 12%',
    );
    expect(feeInput()).toHaveValue(12);
    expect(config.state.platformFee).toBe(15);

    // Reload asks first; kept, the fee typed stays.
    await user.click(within(notice).getByText('Reload'));
    await user.click(within(await dialogTitled('Discard your changes?')).getByText('Keep mine'));
    expect(feeInput()).toHaveValue(12);

    await user.click(within(notice).getByText('Save mine anyway'));
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    const [stale, mine] = callsOf('updateConfiguration');
    expect([stale.headers.get('If-Match'), mine.headers.get('If-Match')]).toEqual(['"1"', '"2"']);
    expect(mine.headers.get('X-Overrides-Version')).toBe('1');
    expect(config.state).toEqual({ platformFee: 12, version: 3 });
    expect(screen.queryByText('Changed by someone else')).toBeNull();
  });

  /** A colleague sets the fee from 10 to 15 (version 2), and the event stream says so. */
  const colleagueSetsFee15 = (
    config: ReturnType<typeof configurationFake>,
    events: ReturnType<typeof eventsFake>,
  ) => {
    changedByColleague(
      config.state,
      { platformFee: 15 },
      {
        type: 'configuration',
        name: 'Platform fee',
        action: 'configuration.update',
        changes: [{ field: 'platformFee', before: 10, after: 15 }],
      },
    );
    events.emit({ recordType: 'configuration', action: 'configuration.update', version: 2 });
  };

  it("a fee typed while a colleague's change arrives is saved from the version the field was read at: the conflict, not an overwrite", async () => {
    const config = configurationFake(10);
    const events = eventsFake();
    const { callsOf } = fakeApi(usersFake([]), config, events);
    openAsAdmin('/admin/users');
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    await waitFor(() => expect(events.openCount).toBe(1));
    const user = setupUser();
    await user.clear(feeInput());
    await user.type(feeInput(), '12');
    const reads = callsOf('getConfiguration').length;
    colleagueSetsFee15(config, events);
    await waitFor(() => expect(callsOf('getConfiguration')).toHaveLength(reads + 1));
    expect(
      await screen.findByText(/^Sam Support changed the platform fee \d+ s ago$/),
    ).toBeInTheDocument();
    expect(feeInput()).toHaveValue(12);
    await user.click(button('Update'));
    expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
    expect(callsOf('updateConfiguration')[0].headers.get('If-Match')).toBe('"1"');
    expect(config.state).toEqual({ platformFee: 15, version: 2 });
  });

  it("an untouched fee takes a colleague's change silently, and is saved from its version", async () => {
    const config = configurationFake(10);
    const events = eventsFake();
    const { callsOf } = fakeApi(usersFake([]), config, events);
    openAsAdmin('/admin/users');
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    await waitFor(() => expect(events.openCount).toBe(1));
    colleagueSetsFee15(config, events);
    await waitFor(() => expect(feeInput()).toHaveValue(15));
    expect(screen.queryByText(/changed the platform fee/)).toBeNull();
    const user = setupUser();
    await user.clear(feeInput());
    await user.type(feeInput(), '16{Enter}');
    expect(await screen.findByText('Updated!')).toBeInTheDocument();
    expect(callsOf('updateConfiguration')[0].headers.get('If-Match')).toBe('"2"');
  });

  it('Reload takes the fee a colleague saved', async () => {
    const config = configurationFake(10);
    fakeApi(usersFake([]), config);
    openAsAdmin('/admin/users');
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    changedByColleague(
      config.state,
      { platformFee: 15 },
      {
        type: 'configuration',
        name: 'Platform fee',
        action: 'configuration.update',
        changes: [{ field: 'platformFee', before: 10, after: 15 }],
      },
    );
    const user = setupUser();
    await user.clear(feeInput());
    await user.type(feeInput(), '12{Enter}');
    await user.click(await screen.findByText('Reload'));
    await user.click(
      within(await dialogTitled('Discard your changes?')).getByText('Discard and reload'),
    );
    await waitFor(() => expect(feeInput()).toHaveValue(15));
    expect(screen.queryByText('Changed by someone else')).toBeNull();
  });

  it('a change sent for approval (202) says so, and the fee stays as stored', async () => {
    const { on, callsOf } = usersServer();
    on('updateConfiguration', () =>
      reply('updateConfiguration', 202, {
        success: true,
        message: 'Platform fee change to 12% sent for approval',
        data: { approvalId: '00000000-0000-4000-8000-00000000a111', status: 'pending' },
      }),
    );
    openAsAdmin('/admin/users');
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    const user = setupUser();
    await user.clear(feeInput());
    await user.type(feeInput(), '12{Enter}');
    expect(await screen.findByText('Platform fee change to 12% sent for approval')).toBeVisible();
    expect(callsOf('updateConfiguration')).toHaveLength(1);
    expect(feeInput()).toHaveValue(10);
    expect(screen.queryByText('Updated!')).not.toBeInTheDocument();
  });

  it('does nothing when the field is empty', async () => {
    const { calls } = usersServer();
    openAsAdmin('/admin/users');
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    const user = setupUser();
    await user.clear(feeInput());
    await user.click(button('Update'));
    await user.type(feeInput(), '{Enter}');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(button('Update')).toBeInTheDocument();
  });

  it('shows load and save failures', async () => {
    let failLoad = true;
    const { on } = usersServer();
    on('updateConfiguration', () =>
      reply('updateConfiguration', 400, {
        success: false,
        message: 'Invalid request: body/platformFee must be >= 0',
        status_code: 400,
      }),
    );
    on('getConfiguration', () => (failLoad ? NETWORK_ERROR : undefined));
    openAsAdmin('/admin/users');
    expect(await screen.findByText('Failed to load the platform fee')).toBeInTheDocument();
    failLoad = false;
    const user = setupUser();
    await user.click(
      within(
        screen.getByText('Failed to load the platform fee').closest('.ant-alert') as HTMLElement,
      ).getByRole('button', { name: 'Retry' }),
    );
    await waitFor(() => expect(feeInput()).toHaveValue(10));
    await user.click(button('Update'));
    expect(await screen.findByText('Platform fee must be 0 or more')).toBeInTheDocument();
    expect(button('Update')).toBeInTheDocument();
  });
});

describe('bulk status', () => {
  it('deactivates the selected users in one request; the own account is refused (forbidden) and stays selected', async () => {
    const rows = [
      userRow(1, { firstName: 'Jane', lastName: 'Doe' }),
      userRow(2, { firstName: 'Ada', lastName: 'Admin', _id: adminUser._id, role: 'admin' }),
      userRow(3, { firstName: 'Tom', lastName: 'Lee' }),
    ];
    const { callsOf } = fakeApi(usersFake(rows), configurationFake(10));
    openAsAdmin('/admin/users');
    await screen.findByText('Jane Doe');
    const user = setupUser();
    for (const name of ['Jane Doe', 'Ada Admin', 'Tom Lee']) {
      await user.click(screen.getByLabelText(`Select ${name}`));
    }
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('3 selected');
    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('2 done, 1 not allowed')).toBeInTheDocument();
    expect(callsOf('bulkUpdateUserStatus')[0].body).toEqual({
      status: false,
      items: rows.map((row) => ({ _id: row._id, version: 1 })),
    });
    expect(screen.getByLabelText('Results by row')).toHaveTextContent(
      'Ada Admin: Not allowed. You cannot deactivate your own account',
    );
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
    expect(screen.getByLabelText('Select Ada Admin')).toBeChecked();
    await waitFor(() => expect(rowOf('Jane Doe')).toHaveTextContent('Inactive'));
    expect(rows.map((row) => row.status)).toEqual([false, true, false]);
  });
});
