import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { everyResource } from '../../test/fake-api/every-resource';
import { fakeApi, hold } from '../../test/fake-api/fake-api';
import { NETWORK_ERROR, reply } from '../../test/fake-api/reply';
import { adminUser } from '../../test/fake-api/session';
import { renderApp } from '../../test/render-app';

/** The API: signs in admin@example.com with admin1234 (sessionFake), then the screens. */
const server = () => fakeApi(...everyResource());

async function openLogin(path = '/login') {
  const view = renderApp(path);
  const email = await screen.findByLabelText('Email');
  const password = screen.getByLabelText('Password');
  return { ...view, email, password, user: userEvent.setup({ delay: null }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const submit = () => screen.getByRole('button', { name: /login/i });

describe('login page', () => {
  it('shows the fields, the links and the help text', async () => {
    server();
    await openLogin();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(
      screen.getByText(
        "For admin access only. If you're having trouble logging in, please contact the system administrator.",
      ),
    ).toBeInTheDocument();
    expect(submit()).toHaveTextContent('Login');
  });

  it('validates before sending anything, and clears a field error when that field is edited', async () => {
    const { calls } = server();
    const { email, password, user } = await openLogin();

    await user.click(submit());
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await fill(user, email, 'admin');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.click(submit());
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();

    await fill(user, password, 'secret');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('toggles the password visibility', async () => {
    server();
    const { password, user } = await openLogin();
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it("shows the server's message on failure, and clears it on any edit", async () => {
    server();
    const { email, password, user } = await openLogin();
    await fill(user, email, 'admin@example.com');
    await fill(user, password, 'wrong');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    await fill(user, password, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to "Login failed" when the server sends no message', async () => {
    server().on('login', () => NETWORK_ERROR);
    const { email, password, user } = await openLogin();
    await fill(user, email, 'admin@example.com');
    await fill(user, password, 'admin1234');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('refuses a user whose role is not admin and stores nothing', async () => {
    // The server refuses a restaurant owner itself (403); the screen does not rely on it.
    server().on('login', () =>
      reply('login', 200, {
        success: true,
        message: 'Login successful',
        token: 'new-token',
        data: { user: { ...adminUser, role: 'owner' } },
      }),
    );
    const { email, password, user } = await openLogin();
    await fill(user, email, 'owner@example.com');
    await fill(user, password, 'owner1234');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are not authorized to access this panel',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reads "Logging in..." while busy, then stores the session and opens the dashboard', async () => {
    const login = hold();
    const { calls, on } = server();
    on('login', login.until);
    const { email, password, user, router } = await openLogin();
    await fill(user, email, ' admin@example.com ');
    await fill(user, password, 'admin1234');
    await user.click(submit());
    expect(await screen.findByText('Logging in...')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/user/login',
      body: { email: 'admin@example.com', password: 'admin1234' },
    });
    login.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ role: 'admin' });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('returns to the page first asked for', async () => {
    server();
    const { email, password, user, router } = await openLogin('/admin/users?search=ann');
    expect(router.state.location.pathname).toBe('/login');
    await fill(user, email, 'admin@example.com');
    await fill(user, password, 'admin1234');
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(router.state.location.search).toBe('?search=ann');
  });
});
