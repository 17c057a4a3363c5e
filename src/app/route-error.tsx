import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import './route-error.css';

/** When the page last reloaded itself for a missing chunk (sessionStorage, per tab). */
const RELOADED_AT = 'chunk-reloaded-at';
/** A second failure within this time shows the message instead of reloading again. */
const RELOAD_WINDOW_MS = 30_000;

/** A script or style chunk that could not be loaded (a new build replaced it, or no network). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadError' || /Loading (CSS )?chunk \S+ failed/i.test(error.message))
  );
}

function reloadedRecently(): boolean {
  const at = Number(window.sessionStorage.getItem(RELOADED_AT));
  return Number.isFinite(at) && Date.now() - at < RELOAD_WINDOW_MS;
}

/**
 * Whether the server that serves the chunk answers at all (any status: a new build answers 404
 * for the old chunk). Only then does a reload help; without a server it would replace the app
 * with the browser's own error page.
 */
async function serverAnswers(error: unknown): Promise<boolean> {
  const url = (error as { request?: unknown }).request;
  if (typeof url !== 'string' || !url) return true;
  try {
    await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

type Phase = 'checking' | 'reloading' | 'unreachable' | 'shown';

/**
 * What a route shows when its screen fails to load or render: a short message and Reload, inside
 * the layout (sidebar kept) for admin screens, never a stack. A chunk that fails to load (a new
 * build replaced it) reloads the page once by itself first, when the server can be reached.
 */
export function RouteError({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const [phase, setPhase] = useState<Phase>(() =>
    chunk && !reloadedRecently() ? 'checking' : 'shown',
  );

  useEffect(() => {
    if (phase !== 'checking') return;
    let live = true;
    void serverAnswers(error).then((answers) => {
      if (!live) return;
      if (!answers) return setPhase('unreachable');
      window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      setPhase('reloading');
      window.location.reload();
    });
    return () => {
      live = false;
    };
  }, [phase, error]);

  if (phase === 'checking' || phase === 'reloading') return <PageSpinner fullScreen={fullScreen} />;
  // Plain elements: this must show even when no further chunk (antd's included) can be loaded.
  return (
    <div className={fullScreen ? 'route-error route-error-full' : 'route-error'}>
      <svg className="route-error-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 2 1 21h22L12 2zm1 15h-2v2h2v-2zm0-7h-2v5h2v-5z" fill="currentColor" />
      </svg>
      <h2 className="route-error-title">
        {chunk ? 'This screen could not be loaded.' : 'This screen could not be shown.'}
      </h2>
      <p className="route-error-text">
        {phase === 'unreachable' ? 'Cannot reach the server. ' : ''}
        {chunk ? 'Check your connection, then reload the page.' : 'Reload the page to try again.'}
      </p>
      <button type="button" className="route-error-reload" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
