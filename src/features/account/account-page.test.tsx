/**
 * My account (from the user menu) against the contract-checked fake: changing the password
 * (wrong current one shown in the server's words; other sessions signed out), the sessions with
 * a readable browser and system, signing one or all others out.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api/fake-api';
import { dashboardFake } from '../../test/fake-api/dashboard';
import { accountFake, accountSession } from '../../test/fake-api/team';
import { mfaFake, passkeyAttestation } from '../../test/fake-api/mfa';
import { passkeyBrowser } from '../auth';
import { dialogTitled } from '../../test/dialogs';
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

describe('two-step verification', () => {
  /** My account with no factor yet; its "Two-step verification" card. */
  const openTwoStep = async () => {
    const mfa = mfaFake();
    const api = fakeApi(mfa, accountFake(sessions()));
    openAsAdmin('/admin/account');
    const card = (await screen.findByText('Two-step verification')).closest(
      '.ant-card',
    ) as HTMLElement;
    return { mfa, api, card };
  };

  it('adds an authenticator app (QR code, key, a code, the recovery codes), lists it, makes new recovery codes and removes it', async () => {
    const { mfa, api, card } = await openTwoStep();
    expect(
      await within(card).findByText(
        'Two-step verification is off: add an authenticator app to sign in with a code as well as your password.',
      ),
    ).toBeInTheDocument();
    const user = setupUser();
    await user.click(within(card).getByRole('button', { name: 'Add authenticator app' }));
    const dialog = await dialogTitled('Add authenticator app');
    expect(
      await within(dialog).findByAltText('QR code for your authenticator app'),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );
    await user.type(within(dialog).getByLabelText('Verification code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(dialog).findByText(
        'That code is not right: enter the current code from your authenticator app, or a recovery code.',
      ),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Verification code'));
    await user.type(within(dialog).getByLabelText('Verification code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findAllByRole('listitem')).toHaveLength(10);
    await user.click(within(dialog).getByRole('button', { name: 'I saved them, continue' }));
    const factors = await within(card).findByRole('list', { name: 'Second factors' });
    expect(within(factors).getByText('Authenticator app')).toBeInTheDocument();
    expect(within(card).getByText('10 recovery codes left')).toBeInTheDocument();
    expect(api.callsOf('startTotpEnrolment')[0].headers.get('authorization')).toBe(
      'Bearer token-1',
    );

    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    const codes = await dialogTitled('Your new recovery codes');
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(codes).getByRole('button', { name: 'I saved them' }));

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Authenticator app removed')).toBeInTheDocument();
    expect(mfa.state.factors).toEqual([]);
  });

  it('keeps the last factor while two-step verification is required', async () => {
    const mfa = mfaFake();
    mfa.state.required = true;
    mfa.state.factors.push({
      _id: '4f1c2a9e-7b3d-4e8f-9a1b-2c3d4e5f6a7b',
      kind: 'totp',
      name: 'Phone',
      createdAt: '2026-11-27T08:30:00.000Z',
      lastUsedAt: null,
    });
    fakeApi(mfa, accountFake(sessions()));
    openAsAdmin('/admin/account');
    expect(await screen.findByText('Phone')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
  });

  it('adds a passkey (a name, the browser makes it; the first factor with its recovery codes), lists it and removes it', async () => {
    const browserRegister = passkeyBrowser.register;
    const asked: unknown[] = [];
    passkeyBrowser.register = async (options) => {
      asked.push(options);
      return passkeyAttestation();
    };
    try {
      const { mfa, api, card } = await openTwoStep();
      const user = setupUser();
      await user.click(await within(card).findByRole('button', { name: 'Add a passkey' }));
      const dialog = await dialogTitled('Add a passkey');
      await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
      expect(await within(dialog).findByText('Enter a name for this passkey')).toBeInTheDocument();
      expect(api.callsOf('startPasskeyRegistration')).toHaveLength(0);
      await user.type(within(dialog).getByLabelText('Passkey name'), 'Laptop');
      await user.click(within(dialog).getByRole('button', { name: 'Add passkey' }));
      const codes = await dialogTitled('Your new recovery codes');
      expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
      await user.click(within(codes).getByRole('button', { name: 'I saved them' }));
      const factors = await within(card).findByRole('list', { name: 'Second factors' });
      expect(await within(factors).findByText('Laptop')).toBeInTheDocument();
      expect(within(factors).getByText(/^Passkey, added/)).toBeInTheDocument();
      expect(asked).toEqual([expect.objectContaining({ challenge: expect.any(String) })]);
      expect(api.callsOf('addPasskey').map((call) => call.body)).toEqual([
        { name: 'Laptop', webauthn: passkeyAttestation() },
      ]);
      await user.click(within(card).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
      expect(mfa.state.factors).toEqual([]);
    } finally {
      passkeyBrowser.register = browserRegister;
    }
  });
});
