/**
 * Marks the player's own panels as react-aria's top layer: a played screen's modal dialog (portalled into
 * the screen's frame) leaves them usable, focusable and clickable without dismissing it, as it does toasts.
 */
export const TOP_LAYER = { 'data-react-aria-top-layer': true };
