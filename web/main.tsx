// Entry point of the SPA.
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { setInspector, withoutSecrets } from './lib/live-actors';
import { createSession } from './lib/session';
import { maybeSignedIn } from './lib/session-hint';
import { enableLiveFeed } from './live';
import { preloadScreenAt } from './routes';
import './ui/theme.css';

async function start() {
  // Development only: `?inspect` opens the Stately inspector on the live machines; never in a build.
  if (import.meta.env.DEV && new URLSearchParams(location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    // The inspector's window is stately.ai's: passwords and one-time codes stay in the tab.
    setInspector(
      createBrowserInspector({ serialize: (event) => withoutSecrets(event) as typeof event }).inspect,
    );
  }
  // Development and QA builds (QA_CONSOLE=true) only: the flow player under /__flows, its own chunk.
  if ((import.meta.env.DEV || import.meta.env.QA_CONSOLE) && location.pathname.startsWith('/__flows')) {
    const { FlowPlayer } = await import('./flow-player');
    createRoot(document.getElementById('root')!).render(<FlowPlayer />);
    return;
  }
  // The change feed runs in the app (not in the flow player above, nor in the web unit tests).
  enableLiveFeed();
  const session = createSession();
  session.start();
  // A visitor who may be signed in: the layout and this page's screen load beside the session's check.
  if (maybeSignedIn()) preloadScreenAt(location.pathname);
  createRoot(document.getElementById('root')!).render(<App session={session} />);
}

void start();
