// Ports, secrets and data folder of the stack the browser tests run against (kept apart from `npm start`).
export const E2E = {
  baseURL: 'http://127.0.0.1:8797',
  apiURL: 'http://127.0.0.1:3100',
  simURL: 'http://127.0.0.1:4110',
  componentCheckURL: 'http://127.0.0.1:4173/dev/component-check.html',
  sessionSecret: 'e2e-session-secret-0123456789abcdef0123456789',
  password: 'Demo-2026!',
  serverEnv: {
    NODE_ENV: 'test',
    API_PORT: '3100',
    EDGE_PORT: '8797',
    LEON_SIM_PORT: '4110',
    PUBLIC_ORIGIN: 'http://127.0.0.1:8797',
    DATA_DIR: '.e2e-data',
    SESSION_SECRET: 'e2e-session-secret-0123456789abcdef0123456789',
    SEED_DEMO: 'true',
    LEON_POLL_MINUTES: '0',
  } as Record<string, string>,
};
