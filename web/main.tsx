// Entry point of the SPA.
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { setInspector } from './lib/live-actors';
import { createSession } from './lib/session';
import './ui/theme.css';

async function start() {
  // Development only: `?inspect` opens the Stately inspector on the live machines; never in a build.
  if (import.meta.env.DEV && new URLSearchParams(location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    setInspector(createBrowserInspector().inspect);
  }
  const session = createSession();
  session.start();
  createRoot(document.getElementById('root')!).render(<App session={session} />);
}

void start();
