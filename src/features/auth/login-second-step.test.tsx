import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { everyResource } from '../../test/fake-api/every-resource';
import { fakeApi } from '../../test/fake-api/fake-api';
import { mfaFake, passkeyAssertion } from '../../test/fake-api/mfa';
import { passkeyBrowser } from './passkey';
import { renderApp } from '../../test/render-app';

/** Signs in admin@example.com with admin1234, which answers a second step (mfaFake). */
async function passwordStep(mfa: ReturnType<typeof mfaFake>) {
  const api = fakeApi(mfa, ...everyResource());
  const view = renderApp('/login');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByLabelText('Email'));
  await user.paste('admin@example.com');
  await user.click(screen.getByLabelText('Password'));
  await user.paste('admin1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return { ...view, api, user };
}

describe('the second step of a sign-in', () => {
  it('asks for the verification code after the password, shows a wrong code`s message, then signs in', async () => {
    const { user, router, api } = await passwordStep(mfaFake());
    expect(
      await screen.findByText('Enter the code from your authenticator app'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    const code = screen.getByLabelText('Verification code');
    await user.click(code);
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'That code is not right: enter the current code from your authenticator app, or a recovery code.',
      ),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(api.callsOf('loginMfa').map((call) => call.body)).toEqual([
      { ticket: 'fake-ticket', code: '000000' },
      { ticket: 'fake-ticket', code: '123456' },
    ]);
  });

  it('takes a recovery code instead, and Back returns to the password step with its texts', async () => {
    const mfa = mfaFake();
    const { user, router } = await passwordStep(mfa);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('admin@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('admin1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByLabelText('Recovery code'));
    await user.paste(mfa.recoveryCodes[0]);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect([...mfa.state.recoveryUsed]).toEqual([mfa.recoveryCodes[0]]);
  });

  it('under MFA_REQUIRED walks through "Set up two-step verification": QR code, key, a code, the recovery codes, then signed in', async () => {
    const { user, router, api } = await passwordStep(mfaFake({ enroll: true }));
    expect(
      await screen.findByRole('heading', { name: 'Set up two-step verification' }),
    ).toBeInTheDocument();
    expect(await screen.findByAltText('QR code for your authenticator app')).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(api.callsOf('startTotpEnrolment')[0].headers.get('authorization')).toBe(
      'Bearer fake-ticket',
    );
    await user.click(screen.getByLabelText('Verification code'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByRole('heading', { name: 'Save your recovery codes' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I saved them, continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  describe('with a passkey', () => {
    const browserAuthenticate = passkeyBrowser.authenticate;
    afterEach(() => {
      passkeyBrowser.authenticate = browserAuthenticate;
    });

    it('offers "Use a passkey" only when the login says the admin has one', async () => {
      const { user } = await passwordStep(mfaFake());
      await screen.findByLabelText('Verification code');
      expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Back' }));
    });

    it('"Use a passkey": the options for the ticket, the browser\'s answer, signed in; a refused one shows its message', async () => {
      const answers = [passkeyAssertion('c29tZW9uZS1lbHNl'), passkeyAssertion()];
      const asked: unknown[] = [];
      passkeyBrowser.authenticate = async (options) => {
        asked.push(options);
        return answers.shift()!;
      };
      const { user, router, api } = await passwordStep(mfaFake({ passkey: true }));
      await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
      expect(
        await screen.findByText('That passkey was not accepted: try again, or use a code.'),
      ).toBeInTheDocument();
      expect(localStorage.getItem('token')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
      expect(localStorage.getItem('token')).toBe('new-token');
      expect(api.callsOf('startPasskeySignIn').map((call) => call.body)).toEqual([
        { ticket: 'fake-ticket' },
        { ticket: 'fake-ticket' },
      ]);
      expect(asked[0]).toMatchObject({ challenge: expect.any(String) });
      expect(api.callsOf('loginMfa').at(-1)?.body).toEqual({
        ticket: 'fake-ticket',
        webauthn: passkeyAssertion(),
      });
    });

    it('a passkey the browser did not use (cancelled) says so and keeps the code step', async () => {
      passkeyBrowser.authenticate = async () => {
        throw Object.assign(new Error('cancelled'), { name: 'NotAllowedError' });
      };
      const { user } = await passwordStep(mfaFake({ passkey: true }));
      await user.click(await screen.findByRole('button', { name: 'Use a passkey' }));
      expect(
        await screen.findByText(
          'The passkey was not used (cancelled or timed out): try again, or use a code.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    });
  });
});
