import { useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { lastActivityAt } from '../../api/activity';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { refreshUser, signOut } from './auth-thunks';

/** The server's SESSION_IDLE_MINUTES default, for a session stored before it was sent. */
const DEFAULT_IDLE_MINUTES = 30;
const WARN_BEFORE_MS = 60_000;
const CHECK_EVERY_MS = 1000;
/** A key or a click with no request of the admin's own for this long sends one (keeps alive). */
const TOUCH_AFTER_MS = 60_000;

const IDLE_WARNING = 'You will be signed out in 60 seconds';
const idleNotice = (minutes: number) =>
  `You were signed out after ${minutes} minutes without activity.`;

/**
 * The idle timeout as the admin sees it: a token unused by the admin's own requests for
 * `sessionIdleMinutes` (the signed-in user's, from the server) is refused by the server, so a minute before that "You will be signed out in 60
 * seconds" asks whether to stay (Stay signed in sends a request, which counts as activity), and
 * at the end the session ends here too; the login page then leads back to the same screen. A key
 * pressed or a click made counts as activity: when the admin's last request is over a minute
 * old, one goes out (`GET /user/me`).
 */
export function IdleWarning() {
  const dispatch = useAppDispatch();
  // The server's SESSION_IDLE_MINUTES, as the login answer and GET /user/me carry it.
  const idleMinutes = useAppSelector(
    (state) => state.auth.user?.sessionIdleMinutes ?? DEFAULT_IDLE_MINUTES,
  );
  const [warning, setWarning] = useState(false);

  useEffect(() => {
    const idleMs = idleMinutes * 60_000;
    const check = () => {
      const last = lastActivityAt();
      if (last === null) return;
      const left = last + idleMs - Date.now();
      if (left <= 0) {
        setWarning(false);
        void dispatch(signOut(idleNotice(idleMinutes)));
        return;
      }
      setWarning(left <= WARN_BEFORE_MS);
    };
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [dispatch, idleMinutes]);

  useEffect(() => {
    const onAction = () => {
      const last = lastActivityAt();
      if (last === null || Date.now() - last > TOUCH_AFTER_MS)
        void dispatch(refreshUser({ background: false }));
    };
    window.addEventListener('keydown', onAction, true);
    window.addEventListener('pointerdown', onAction, true);
    return () => {
      window.removeEventListener('keydown', onAction, true);
      window.removeEventListener('pointerdown', onAction, true);
    };
  }, [dispatch]);

  const stay = () => {
    setWarning(false);
    void dispatch(refreshUser({ background: false }));
  };

  return (
    <Modal
      open={warning}
      destroyOnHidden
      title="Are you still there?"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={stay}>
          Stay signed in
        </Button>
      }
    >
      {IDLE_WARNING}
    </Modal>
  );
}
