import { useEffect, useId, useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/errors';
import type { SessionUser } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import {
  useConfirmTotpEnrolmentMutation,
  useLoginMfaMutation,
  useStartPasskeySignInMutation,
  useStartTotpEnrolmentMutation,
} from './auth-api';
import { passkeyBrowser, passkeyFailure } from './passkey';
import { completeSignIn } from './auth-thunks';
import { isAdmin } from './session-storage';
import './login-page.css';

/**
 * The second step the login answer asked for: its ticket, how it can be answered, and whether it
 * is an enrolment.
 */
export type Challenge = { ticket: string; enroll?: boolean; message: string; methods?: string[] };

const TEXTS = {
  code: 'Verification code',
  recovery: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  usePasskey: 'Use a passkey',
  back: 'Back',
  verify: 'Verify',
  verifying: 'Verifying...',
  required: 'Enter the code',
  setUp: 'Set up two-step verification',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it, then enter the code it shows.',
  key: 'Key',
  turnOn: 'Turn on',
  save: 'Save your recovery codes',
  saveHelp:
    'Each one signs you in once if you lose your authenticator app. They are shown only now: copy them somewhere safe.',
  continue: 'I saved them, continue',
  failed: 'That did not work. Try again.',
} as const;

/** A code field with its label and error, in the login card's look. */
function CodeField({
  label,
  value,
  error,
  onChange,
  numeric,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  numeric: boolean;
}) {
  const id = useId();
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <span className={error ? 'login-input login-input-error' : 'login-input'}>
        <input
          id={id}
          autoComplete="one-time-code"
          inputMode={numeric ? 'numeric' : 'text'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </span>
      {error ? (
        <div id={`${id}-error`} className="login-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The code step after the password: a code from the authenticator app, or a recovery code. */
function CodeStep({ challenge, onBack }: { challenge: Challenge; onBack: () => void }) {
  const dispatch = useAppDispatch();
  const [loginMfa, { isLoading }] = useLoginMfaMutation();
  const [startPasskey, passkeyStart] = useStartPasskeySignInMutation();
  const withPasskey = Boolean(challenge.methods?.includes('webauthn'));
  const withApp = !challenge.methods || challenge.methods.includes('totp');
  const [recovery, setRecovery] = useState(!withApp);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    if (!code.trim()) return setError(TEXTS.required);
    setError(null);
    try {
      const answer = await loginMfa({ ticket: challenge.ticket, code: code.trim() }).unwrap();
      if (isAdmin(answer.data.user)) {
        dispatch(completeSignIn({ user: answer.data.user, token: answer.token }));
      }
    } catch (failure) {
      setError(serverMessage(failure) ?? TEXTS.failed);
    }
  };

  const signInWithPasskey = async () => {
    if (isLoading || passkeyStart.isLoading) return;
    setError(null);
    try {
      const { options } = (await startPasskey({ ticket: challenge.ticket }).unwrap()).data;
      const webauthn = await passkeyBrowser.authenticate(options);
      const answer = await loginMfa({ ticket: challenge.ticket, webauthn }).unwrap();
      if (isAdmin(answer.data.user)) {
        dispatch(completeSignIn({ user: answer.data.user, token: answer.token }));
      }
    } catch (failure) {
      setError(serverMessage(failure) ?? passkeyFailure(failure) ?? TEXTS.failed);
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Two-step verification">
      <p>{challenge.message}</p>
      {withPasskey ? (
        <button
          type="button"
          className="login-submit"
          aria-busy={passkeyStart.isLoading}
          onClick={signInWithPasskey}
        >
          {TEXTS.usePasskey}
        </button>
      ) : null}
      <CodeField
        label={recovery ? TEXTS.recovery : TEXTS.code}
        value={code}
        error={error}
        numeric={!recovery}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
      />
      <button type="submit" className="login-submit" aria-busy={isLoading}>
        {isLoading ? TEXTS.verifying : TEXTS.verify}
      </button>
      <div className="login-step-links">
        {withApp ? (
          <button
            type="button"
            className="login-link"
            onClick={() => {
              setRecovery((shown) => !shown);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? TEXTS.useApp : TEXTS.useRecovery}
          </button>
        ) : null}
        <button type="button" className="login-link" onClick={onBack}>
          {TEXTS.back}
        </button>
      </div>
    </form>
  );
}

/**
 * "Set up two-step verification": the QR code and the key of a new authenticator app, a code
 * from it to turn it on, then the recovery codes, shown once; then signed in (with an
 * enrolment ticket) or `onDone` (from the account page).
 */
export function EnrolAuthenticator({
  ticket,
  onBack,
  onSignedIn,
  onDone,
}: {
  ticket?: string;
  onBack?: () => void;
  onSignedIn?: (user: SessionUser, token: string) => void;
  /** without a ticket (My account): after the recovery codes were saved */
  onDone?: () => void;
}) {
  const [start, started] = useStartTotpEnrolmentMutation();
  const [confirm, confirming] = useConfirmTotpEnrolmentMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ codes: string[]; finish?: () => void } | null>(null);

  useEffect(() => {
    start({ ticket }).catch(() => undefined);
  }, [start, ticket]);
  const enrolment = started.data?.data;
  const startError = started.error ? (serverMessage(started.error) ?? TEXTS.failed) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming.isLoading) return;
    if (!code.trim()) return setError(TEXTS.required);
    setError(null);
    try {
      const answer = await confirm({ code: code.trim(), ticket }).unwrap();
      const { user } = answer.data;
      const token = answer.token;
      setSaved({
        codes: answer.data.recoveryCodes,
        finish: user && token ? () => onSignedIn?.(user, token) : onDone,
      });
    } catch (failure) {
      setError(serverMessage(failure) ?? TEXTS.failed);
    }
  };

  if (saved) {
    return (
      <section aria-label={TEXTS.save}>
        <h2 className="login-step-title">{TEXTS.save}</h2>
        <p>{TEXTS.saveHelp}</p>
        <ul className="login-recovery-codes" aria-label="Recovery codes">
          {saved.codes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ul>
        {saved.finish ? (
          <button type="button" className="login-submit" onClick={saved.finish}>
            {TEXTS.continue}
          </button>
        ) : null}
      </section>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label={TEXTS.setUp}>
      <h2 className="login-step-title">{TEXTS.setUp}</h2>
      <p>{TEXTS.scan}</p>
      {startError ? (
        <p className="login-field-error" role="alert">
          {startError}
        </p>
      ) : null}
      {enrolment ? (
        <>
          <img
            className="login-qr"
            src={enrolment.qrCode}
            alt="QR code for your authenticator app"
            width={180}
            height={180}
          />
          <p>
            {TEXTS.key}: <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </>
      ) : null}
      <CodeField
        label={TEXTS.code}
        value={code}
        error={error}
        numeric
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
      />
      <button type="submit" className="login-submit" aria-busy={confirming.isLoading}>
        {confirming.isLoading ? TEXTS.verifying : TEXTS.turnOn}
      </button>
      {onBack ? (
        <div className="login-step-links">
          <button type="button" className="login-link" onClick={onBack}>
            {TEXTS.back}
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** The step after the right password: a code, or (under MFA_REQUIRED) setting up an app. */
export function LoginSecondStep({
  challenge,
  onBack,
}: {
  challenge: Challenge;
  onBack: () => void;
}) {
  const dispatch = useAppDispatch();
  if (challenge.enroll) {
    return (
      <EnrolAuthenticator
        ticket={challenge.ticket}
        onBack={onBack}
        onSignedIn={(user, token) => dispatch(completeSignIn({ user, token }))}
      />
    );
  }
  return <CodeStep challenge={challenge} onBack={onBack} />;
}
