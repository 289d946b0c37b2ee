/**
 * Feature flags that shape the built web app (docs/product.md#feature-flags), read from the same environment variables
 * as the server's config. With FEATURE_ADMIN_PANEL off, the admin routes and chunks are left out
 * of the build entirely (vite.config.ts `define`), not just hidden.
 */
export function adminPanelInBuild(env: NodeJS.ProcessEnv = process.env): boolean {
  return !['false', '0', 'no', 'off'].includes((env.FEATURE_ADMIN_PANEL ?? '').trim().toLowerCase());
}
