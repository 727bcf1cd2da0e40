// The logo, drawn by the splash, the sign-in card and the side menu. Imported rather than fetched: at
// 363 bytes the build writes it into the script as a data URL, so it is painted with the first frame
// that shows it, with no request of its own and nothing to preload (docs/decisions/058).
import logoUrl from './logo.svg?inline';

export { logoUrl };
