// The logo splash shown while the current user loads.
import { logoUrl } from './logo';
import * as css from './theme.css';

export function Splash() {
  return (
    <div className={css.splash} role="status" aria-live="polite">
      <img src={logoUrl} alt="Chargement" className={css.splashLogo} />
    </div>
  );
}
