// Public face of web/flow-player: the QA flow player (development and QA_CONSOLE builds only; main.tsx
// imports this lazily behind that switch, so a production bundle has no trace of it).
export { FLOW_PLAYER_MARKER, FlowPlayer } from './flow-player';
