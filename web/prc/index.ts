// Public face of web/prc: the 'PRC' page, until the operator describes the screen.
export { PrcScreen } from './prc-screen';
