// Build-time switches defined in vite.config.ts.
interface ImportMetaEnv {
  /** `QA_CONSOLE=true` at build time (a staging build): the flow player and the recorder are included. */
  readonly QA_CONSOLE: boolean;
}
