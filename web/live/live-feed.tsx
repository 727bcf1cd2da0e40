// The change feed of the signed-in app: one stream per tab, run by the liveFeed machine (machines/), and
// its status, shown only once the stream has been down a few seconds (docs/decisions/059).
import { useEffect, useState } from 'react';
import { liveFeedMachine } from '../../machines/live-feed.machine';
import { useLiveMachine } from '../lib/live-actors';
import * as css from './live.css';
import { connectStream } from './stream';

/** How long the stream may be down before the layout says so. */
export const QUIET_MS = 4_000;

export const LIVE_TEXT = { lost: 'Connexion perdue — reconnexion…' } as const;

const logic = liveFeedMachine.provide({ actors: { connect: connectStream } });

/** Runs the feed while mounted (the protected layout) and shows its status when it has been down a while. */
export function LiveFeed() {
  const [state, send] = useLiveMachine('liveFeed', logic);
  useEffect(() => {
    const offline = () => send({ type: 'browser.offline' });
    const online = () => send({ type: 'browser.online' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) offline();
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [send]);
  const downSince = state.hasTag('down') ? state.context.downSince : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (downSince === null) return;
    const wait = downSince + QUIET_MS - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(timer);
  }, [downSince]);
  const lost = downSince !== null && Math.max(now, Date.now()) - downSince >= QUIET_MS;
  // The region is always there, so that screen readers announce the text when it comes (politely).
  return (
    <p role="status" aria-live="polite" className={lost ? css.status : css.statusHidden}>
      {lost ? LIVE_TEXT.lost : ''}
    </p>
  );
}
