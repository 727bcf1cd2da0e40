// Entry point of the SPA.
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createSession, setInspector } from './lib/session';
import './ui/theme.css';

async function start() {
  // Development only: `?inspect` opens the Stately inspector on the live machines; never in a build.
  if (import.meta.env.DEV && new URLSearchParams(location.search).has('inspect')) {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    setInspector(createBrowserInspector().inspect as (event: unknown) => void);
  }
  const session = createSession();
  session.start();
  createRoot(document.getElementById('root')!).render(<App session={session} />);
}

void start();
