/** Login form rules and texts (spec 01 §5 and §8). */
export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  notAdmin: 'You are not authorized to access this panel',
  failed: 'Login failed',
} as const;

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = LOGIN_MESSAGES.emailRequired;
  else if (!EMAIL.test(email)) errors.email = LOGIN_MESSAGES.emailInvalid;
  if (!values.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}
