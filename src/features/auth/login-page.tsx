import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { serverMessage } from '../../api/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useLoginMutation } from './auth-api';
import { noticeDismissed } from './auth-slice';
import { completeSignIn } from './auth-thunks';
import { LoginIcon, type LoginIconName } from './login-icons';
import {
  LOGIN_MESSAGES,
  validateLogin,
  type LoginErrors,
  type LoginValues,
} from './login-validation';
import { isAdmin } from './session-storage';
import { LoginSecondStep, type Challenge } from './login-second-step';
import './login-page.css';

/** A labelled field with its icon and, under it, its error. */
function Field({
  id,
  label,
  icon,
  error,
  children,
  suffix,
}: {
  id: string;
  label: string;
  icon: LoginIconName;
  error: string | undefined;
  children: ReactNode;
  suffix?: ReactNode;
}) {
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <span className={error ? 'login-input login-input-error' : 'login-input'}>
        <LoginIcon name={icon} />
        {children}
        {suffix}
      </span>
      {error ? (
        <div id={`${id}-error`} className="login-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The login screen. Plain elements and its own small stylesheet (the look of the admin area's
 * Ant Design theme), so the first download of /login carries no antd. After a successful
 * sign-in the /login route itself moves on to the page first asked for (see GuestOnly).
 */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const notice = useAppSelector((state) => state.auth.notice);
  const [login, { isLoading }] = useLoginMutation();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const titleId = useId();

  const edit = (field: keyof LoginValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setGeneralError(null);
    if (notice) dispatch(noticeDismissed());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found = validateLogin(values);
    setErrors(found);
    setGeneralError(null);
    if (found.email || found.password) return;
    try {
      const response = await login({
        email: values.email.trim(),
        password: values.password,
      }).unwrap();
      // A second factor follows: the code step (or, under MFA_REQUIRED, the enrolment).
      if ('mfa' in response) {
        setChallenge({ ...response.mfa, message: response.message });
        return;
      }
      const { user } = response.data;
      if (!isAdmin(user) || !response.token) {
        setGeneralError(LOGIN_MESSAGES.notAdmin);
        return;
      }
      dispatch(completeSignIn({ user, token: response.token }));
    } catch (error) {
      setGeneralError(serverMessage(error) ?? LOGIN_MESSAGES.failed);
    }
  };

  const message = generalError ?? notice;

  return (
    <main className="login-page">
      <section className="login-card" aria-labelledby={titleId}>
        <h1 id={titleId} className="login-title">
          Admin Login
        </h1>
        {message ? (
          <div className="login-alert" role="alert">
            <LoginIcon name="error" />
            <span>{message}</span>
          </div>
        ) : null}
        {challenge ? (
          <LoginSecondStep
            challenge={challenge}
            onBack={() => {
              setChallenge(null);
              setValues((current) => ({ ...current, password: '' }));
            }}
          />
        ) : (
          <form noValidate onSubmit={submit} aria-label="Login">
            <Field id="login-email" label="Email" icon="mail" error={errors.email}>
              <input
                id="login-email"
                type="email"
                autoComplete="username"
                placeholder="Enter your email"
                value={values.email}
                onChange={(event) => edit('email', event.target.value)}
                aria-invalid={Boolean(errors.email)}
                aria-describedby={errors.email ? 'login-email-error' : undefined}
              />
            </Field>
            <Field
              id="login-password"
              label="Password"
              icon="lock"
              error={errors.password}
              suffix={
                <button
                  type="button"
                  className="login-reveal"
                  aria-label={showPassword ? 'Hide' : 'Show'}
                  aria-controls="login-password"
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  <LoginIcon name={showPassword ? 'eye' : 'eyeInvisible'} />
                </button>
              }
            >
              <input
                id="login-password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder="Enter your password"
                value={values.password}
                onChange={(event) => edit('password', event.target.value)}
                aria-invalid={Boolean(errors.password)}
                aria-describedby={errors.password ? 'login-password-error' : undefined}
              />
            </Field>
            <div className="login-forgot">
              <Link to="/forgot-password">Forgot Password</Link>
            </div>
            <button type="submit" className="login-submit" aria-busy={isLoading}>
              {isLoading ? <span className="login-spinner" aria-hidden="true" /> : null}
              {isLoading ? 'Logging in...' : 'Login'}
            </button>
          </form>
        )}
        <p className="login-help">
          For admin access only. If you&apos;re having trouble logging in, please contact the system
          administrator.
        </p>
      </section>
    </main>
  );
}
