import { LOGIN_MESSAGES, validateLogin } from './login-validation';

describe('validateLogin', () => {
  it('requires both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
  });

  it('rejects an email that does not look like one', () => {
    for (const email of ['admin', 'admin@', '@example.com', 'admin@example', 'a b@example.com']) {
      expect(validateLogin({ email, password: 'x' })).toEqual({ email: 'Email is invalid' });
    }
  });

  it('accepts a valid pair, ignoring spaces around the email', () => {
    expect(validateLogin({ email: ' admin@example.com ', password: 'admin1234' })).toEqual({});
  });

  it('keeps the spec texts', () => {
    expect(LOGIN_MESSAGES).toMatchObject({
      notAdmin: 'You are not authorized to access this panel',
      failed: 'Login failed',
    });
  });
});
