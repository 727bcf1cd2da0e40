// Public face of web/layout: the protected layout (side menu by role, drawer on small screens).
export { AppLayout } from './app-layout';
