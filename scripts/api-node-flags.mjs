// The Node flags the API process runs with, wherever it runs: scripts/start.ts, api/test/api-process.ts and
// bench/missions-sync.ts take them from here; the Dockerfile (NODE_OPTIONS) and `npm run start:api` write
// them out, and scripts/api-node-flags.test.ts checks that both still say the same (docs/decisions/045).
// A heap limit of 512 MB: what the API holds stays far below it (a first sync of 100,000 trips keeps about
// 45 MB live), and under a small limit V8 lets the heap grow less far beyond what it holds before collecting.
export const API_NODE_FLAGS = ['--max-old-space-size=512'];

/** NODE_OPTIONS for an API process: what the caller had, then API_NODE_FLAGS (the later flag wins). */
export function apiNodeOptions(existing = process.env.NODE_OPTIONS) {
  return [existing, ...API_NODE_FLAGS].filter(Boolean).join(' ');
}
