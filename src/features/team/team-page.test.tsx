/**
 * The Team screen against the contract-checked fake: the administrators with role, status, last
 * sign-in, sessions and marks; adding a colleague shows the one-time link; role and status
 * changes are confirmed and sent; one's own role and status cannot be changed; the server's
 * refusal is shown in its words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api/fake-api';
import { reply } from '../../test/fake-api/reply';
import { meAsMember, teamFake, teamMember } from '../../test/fake-api/team';
import { dialogTitled } from '../../test/dialogs';
import { changedByColleague } from '../../test/fake-api/versions';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';

const team = () => [
  meAsMember(),
  teamMember(1, { firstName: 'Sam', lastName: 'Support', teamRole: 'support', activeSessions: 2 }),
  teamMember(2, {
    firstName: 'Dora',
    lastName: 'Dormant',
    dormant: true,
    lastSignInAt: null,
    activeSessions: 0,
  }),
  teamMember(3, { firstName: 'Nina', lastName: 'New', setupPending: true, lastSignInAt: null }),
];

/** The option of the open select's list (other rows' selects show the same titles). */
const optionTitled = (title: string) =>
  waitFor(() => {
    const option = document.querySelector(`.ant-select-item-option[title="${title}"]`);
    if (!option) throw new Error(`no option ${title}`);
    return option as HTMLElement;
  });

async function openTeam(members = team()) {
  const fake = teamFake(members);
  const api = fakeApi(fake);
  openAsAdmin('/admin/team');
  await screen.findByText('Sam Support');
  return { api, fake };
}

it('lists every administrator with role, status, last sign-in and sessions, marking dormant and pending ones', async () => {
  await openTeam();
  for (const title of ['Name', 'Email', 'Team role', 'Status', 'Last sign-in', 'Sessions']) {
    expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
  }
  expect(rowOf('admin@example.com')).toHaveTextContent('You');
  expect(rowOf('Sam Support')).toHaveTextContent('Support');
  expect(rowOf('Sam Support')).toHaveTextContent('Active');
  expect(rowOf('Dora Dormant')).toHaveTextContent('Dormant');
  expect(rowOf('Dora Dormant')).toHaveTextContent('Never');
  expect(rowOf('Nina New')).toHaveTextContent('Password not set yet');
  // One's own role and status cannot be changed here.
  expect(within(rowOf('admin@example.com')).getByRole('combobox')).toBeDisabled();
  expect(
    within(rowOf('admin@example.com')).queryByRole('button', { name: 'Deactivate' }),
  ).toBeNull();
});

it('adds a colleague and shows the one-time set-password link, never a password', async () => {
  const { api } = await openTeam();
  const user = setupUser();
  await user.click(screen.getByRole('button', { name: /Add administrator/ }));
  const dialog = await dialogTitled('Add administrator');
  await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
  await user.type(within(dialog).getByLabelText('First name'), 'Grace');
  await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
  await user.click(within(dialog).getByLabelText('Team role'));
  await user.click(await optionTitled('Finance'));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  const added = await dialogTitled('Administrator added');
  expect(api.callsOf('addTeamMember')[0].body).toEqual({
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    teamRole: 'finance',
  });
  expect(added).toHaveTextContent(`${window.location.origin}/set-password?token=setup-token-`);
  expect(added).not.toHaveTextContent(/password:/i);
  await user.click(within(added).getByRole('button', { name: 'Done' }));
  expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  expect(rowOf('Grace Hopper')).toHaveTextContent('Password not set yet');
});

it('changes a role after asking, saying their sessions end', async () => {
  const { api } = await openTeam();
  const user = setupUser();
  await user.click(within(rowOf('Sam Support')).getByRole('combobox'));
  await user.click(await optionTitled('Viewer'));
  const dialog = await dialogTitled('Change team role');
  expect(dialog).toHaveTextContent('Make Sam Support Viewer?');
  expect(dialog).toHaveTextContent('Their sessions end');
  await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
  await waitFor(() => expect(api.callsOf('updateTeamMember')).toHaveLength(1));
  expect(api.callsOf('updateTeamMember')[0].body).toEqual({ teamRole: 'viewer' });
  expect(await screen.findByText('Team role changed')).toBeInTheDocument();
  await waitFor(() => expect(rowOf('Sam Support')).toHaveTextContent('Viewer'));
});

it('deactivates after asking, and signs an admin out everywhere', async () => {
  const { api } = await openTeam();
  const user = setupUser();
  await user.click(within(rowOf('Sam Support')).getByRole('button', { name: 'Deactivate' }));
  await user.click(
    within(await dialogTitled('Deactivate administrator')).getByRole('button', {
      name: 'Deactivate',
    }),
  );
  await waitFor(() => expect(rowOf('Sam Support')).toHaveTextContent('Inactive'));
  expect(api.callsOf('updateTeamMember')[0].body).toEqual({ status: false });

  await user.click(within(rowOf('Nina New')).getByRole('button', { name: 'Sign out everywhere' }));
  await user.click(
    within(await dialogTitled('Sign out everywhere')).getByRole('button', { name: 'Sign out' }),
  );
  expect(await screen.findByText('1 session ended')).toBeInTheDocument();
  expect(api.callsOf('endTeamMemberSessions')).toHaveLength(1);

  // Reset two-step verification: asked first, never offered on one's own row.
  // (Four administrators, the signed-in owner among them.)
  expect(screen.getAllByRole('button', { name: 'Reset two-step verification' })).toHaveLength(3);
  await user.click(
    within(rowOf('Sam Support')).getByRole('button', { name: 'Reset two-step verification' }),
  );
  const reset = await dialogTitled('Reset two-step verification');
  expect(reset).toHaveTextContent(
    "Remove Sam Support's authenticator apps and recovery codes, and sign them out? Their next sign-in sets up two-step verification again.",
  );
  await user.click(within(reset).getByRole('button', { name: 'Reset' }));
  expect(await screen.findByText('Two-step verification reset')).toBeInTheDocument();
  expect(api.callsOf('resetTeamMemberMfa')).toHaveLength(1);
});

it('a role or status change of a member a colleague changed meanwhile: the compact notice beside it, nothing changed; Save mine anyway sends it against their version', async () => {
  const { api, fake } = await openTeam();
  const sam = fake.members[1];
  changedByColleague(
    sam,
    { teamRole: 'finance' },
    {
      type: 'user',
      name: 'Sam Support',
      action: 'team.role',
      changes: [{ field: 'teamRole', before: 'support', after: 'finance' }],
      actor: 'Olga Owner',
    },
  );
  const user = setupUser();
  await user.click(within(rowOf('Sam Support')).getByRole('combobox'));
  await user.click(await optionTitled('Viewer'));
  await user.click(
    within(await dialogTitled('Change team role')).getByRole('button', { name: 'Change role' }),
  );
  const notice = (await screen.findByText('Changed by someone else')).closest(
    '[role="alert"]',
  ) as HTMLElement;
  expect(notice).toHaveTextContent('Olga Owner');
  expect(sam).toMatchObject({ teamRole: 'finance', version: 2 });
  expect(screen.queryByText('The change was refused')).toBeNull();
  await user.click(within(notice).getByRole('button', { name: 'Save mine anyway' }));
  expect(await screen.findByText('Team role changed')).toBeInTheDocument();
  const [stale, mine] = api.callsOf('updateTeamMember');
  expect([stale.headers.get('If-Match'), mine.headers.get('If-Match')]).toEqual(['"1"', '"2"']);
  expect(mine.headers.get('X-Overrides-Version')).toBe('1');
  expect(sam).toMatchObject({ teamRole: 'viewer', version: 3 });

  // Deactivate, the same.
  changedByColleague(
    sam,
    { activeSessions: 1 },
    {
      type: 'user',
      name: 'Sam Support',
      action: 'team.sessions_end',
      changes: [{ field: 'activeSessions', before: 0, after: 1 }],
      actor: 'Olga Owner',
    },
  );
  await user.click(within(rowOf('Sam Support')).getByRole('button', { name: 'Deactivate' }));
  await user.click(
    within(await dialogTitled('Deactivate administrator')).getByRole('button', {
      name: 'Deactivate',
    }),
  );
  expect(await screen.findByText('Changed by someone else')).toBeInTheDocument();
  expect(sam).toMatchObject({ status: true, version: 4 });
});

it("shows the server's refusal in its words (the last active owner)", async () => {
  const { api } = await openTeam();
  api.on('updateTeamMember', () =>
    reply('updateTeamMember', 409, {
      success: false,
      status_code: 409,
      message: 'Sam Support is the last active owner: make another administrator an owner first.',
    }),
  );
  const user = setupUser();
  await user.click(within(rowOf('Sam Support')).getByRole('button', { name: 'Deactivate' }));
  await user.click(
    within(await dialogTitled('Deactivate administrator')).getByRole('button', {
      name: 'Deactivate',
    }),
  );
  expect(
    await screen.findByText(
      'Sam Support is the last active owner: make another administrator an owner first.',
    ),
  ).toBeInTheDocument();
  expect(rowOf('Sam Support')).toHaveTextContent('Active');
});

it('gives an administrator who has not set a password a new link', async () => {
  const { api } = await openTeam();
  expect(within(rowOf('Sam Support')).queryByRole('button', { name: 'New link' })).toBeNull();
  const user = setupUser();
  await user.click(within(rowOf('Nina New')).getByRole('button', { name: 'New link' }));
  const dialog = await dialogTitled('New set-password link');
  expect(dialog).toHaveTextContent(`${window.location.origin}/set-password?token=setup-token-`);
  expect(api.callsOf('renewSetupLink')).toHaveLength(1);
});
