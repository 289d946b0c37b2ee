/** Build-time flags replaced by Vite's `define` (vite.config.ts, scripts/build-flags.ts). */
interface ImportMetaEnv {
  /** FEATURE_ADMIN_PANEL at build time: false removes the admin routes and their chunks. */
  readonly ADMIN_PANEL: boolean;
}
