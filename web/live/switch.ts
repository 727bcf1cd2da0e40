// Whether the change feed runs in this page: the app's entry (web/main.tsx) turns it on; the web unit
// tests, which render the app on a fake API, run without it unless a test turns it on.
let on = false;

export const enableLiveFeed = (enabled = true) => {
  on = enabled;
};

export const liveFeedEnabled = () => on;
