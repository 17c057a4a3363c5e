/**
 * My account (from the user menu) against the contract-checked fake: changing the password
 * (wrong current one shown in the server's words; other sessions signed out), the sessions with
 * a readable browser and system, signing one or all others out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api/fake-api';
import { dashboardFake } from '../../test/fake-api/dashboard';
import { accountFake, accountSession } from '../../test/fake-api/team';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';

const sessions = () => [
  accountSession(0),
  accountSession(1, { browser: 'Chrome 131', system: 'Windows 10', clientAddress: '198.51.100.4' }),
  accountSession(2, { browser: 'Safari 18', system: 'iOS 18' }),
];

async function openAccount() {
  const fake = accountFake(sessions());
  const api = fakeApi(fake);
  const view = openAsAdmin('/admin/account');
  await screen.findByText('Firefox 133 on Linux');
  return { ...view, api, fake };
}

it('is opened from the user menu', async () => {
  fakeApi(accountFake(sessions()), dashboardFake());
  const { router } = openAsAdmin('/admin/dashboard');
  const user = setupUser();
  const header = await screen.findByRole('banner');
  await user.click(within(header).getByRole('button', { name: /Ada Admin/ }));
  const menu = await screen.findByRole('menu', { name: 'User menu' });
  await user.click(within(menu).getByRole('menuitem', { name: /My account/ }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account'));
  expect(await screen.findByText('Firefox 133 on Linux')).toBeInTheDocument();
});

it('lists the sessions, this one marked, and signs one or all the others out', async () => {
  const { api } = await openAccount();
  expect(rowOf('Firefox 133 on Linux')).toHaveTextContent('This session');
  expect(
    within(rowOf('Firefox 133 on Linux')).queryByRole('button', { name: 'Sign out' }),
  ).toBeNull();
  expect(rowOf('Chrome 131 on Windows 10')).toHaveTextContent('198.51.100.4');
  const user = setupUser();
  await user.click(
    within(rowOf('Chrome 131 on Windows 10')).getByRole('button', { name: 'Sign out' }),
  );
  await waitFor(() => expect(screen.queryByText('Chrome 131 on Windows 10')).toBeNull());
  expect(api.callsOf('endSession')[0].url.pathname).toMatch(
    /\/user\/sessions\/0{8}-0{4}-4000-8000-000000500001$/,
  );
  await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
  expect(await screen.findByText('1 session signed out')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Safari 18 on iOS 18')).toBeNull());
  expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
});

it("changes the password: the server's sentence for a wrong current one; other sessions signed out", async () => {
  const { api } = await openAccount();
  const user = setupUser();
  const form = screen.getByRole('form', { name: 'Change password' });
  await user.type(within(form).getByLabelText('Current password'), 'wrong-password');
  await user.type(within(form).getByLabelText('New password'), 'copper-kettle-orbit-91');
  await user.type(within(form).getByLabelText('Repeat the password'), 'copper-kettle-orbit-91');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('The current password is not right')).toBeInTheDocument();

  await user.clear(within(form).getByLabelText('Current password'));
  await user.type(within(form).getByLabelText('Current password'), 'current-password-1');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(
    await screen.findByText('Password changed; 2 other sessions signed out'),
  ).toBeInTheDocument();
  expect(api.callsOf('changePassword').at(-1)!.body).toEqual({
    currentPassword: 'current-password-1',
    newPassword: 'copper-kettle-orbit-91',
  });
  await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
});
