/**
 * The set-password page of a one-time link: the password typed twice with the shared length
 * rule, then signed in and in the panel with the role the owner chose; a used link says so.
 */
import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api/fake-api';
import { dashboardFake } from '../../test/fake-api/dashboard';
import { teamFake, teamMember } from '../../test/fake-api/team';
import { setupUser } from '../../test/screen';
import { renderApp } from '../../test/render-app';

function openLink(token = 'setup-token-x') {
  const fake = teamFake([
    teamMember(7, {
      firstName: 'Grace',
      lastName: 'Hopper',
      teamRole: 'content',
      setupPending: true,
    }),
  ]);
  fake.links.set('setup-token-x', fake.members[0]._id);
  const api = fakeApi(fake, dashboardFake());
  const view = renderApp(`/set-password?token=${token}`);
  return { ...view, api, fake };
}

async function typePasswords(password: string, confirm = password) {
  const user = setupUser();
  await user.type(await screen.findByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Repeat the password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

it('sets the password, signs in and lands in the panel with the chosen role', async () => {
  const { api, router, store } = openLink();
  await typePasswords('quiet-meadow-lantern-58');
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  expect(api.callsOf('setupPassword')[0].body).toEqual({
    token: 'setup-token-x',
    password: 'quiet-meadow-lantern-58',
  });
  expect(store.getState().auth.user).toMatchObject({
    email: 'admin7@example.com',
    teamRole: 'content',
  });
  expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
});

it('asks for the same password twice and at least 12 characters, before sending anything', async () => {
  const { api } = openLink();
  await typePasswords('quiet-meadow-lantern-58', 'quiet-meadow-lantern-59');
  expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
  const user = setupUser();
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), 'short-one');
  expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument();
  expect(api.callsOf('setupPassword')).toHaveLength(0);
});

it("shows the server's sentence for a link used already", async () => {
  openLink('used-token');
  await typePasswords('quiet-meadow-lantern-58');
  expect(
    await screen.findByText(
      'This set-password link is not valid any more: it was used or it expired. Ask an owner for a new one.',
    ),
  ).toBeInTheDocument();
});

it('a link without its token says so', async () => {
  fakeApi(teamFake());
  renderApp('/set-password');
  expect(
    await screen.findByText('This link is incomplete. Open the whole link an owner gave you.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Set password and sign in' })).toBeDisabled();
});
