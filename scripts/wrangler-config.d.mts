// Types of scripts/wrangler-config.mjs, for the TypeScript that imports it (bench/edge-proxy.ts).
/** The wrangler.toml to pass with `--config`, and what removes its temporary folder (if any). */
export function wranglerConfig(root: string): { config: string; cleanup(): void };
