// The logo splash shown while the current user loads.
import * as css from './theme.css';

export function Splash() {
  return (
    <div className={css.splash} role="status" aria-live="polite">
      <img src="/logo.svg" alt="Chargement" className={css.splashLogo} />
    </div>
  );
}
