import type { SiteConfig } from '#shared/contracts/site.ts';

/**
 * What the server gives the screens when it renders them in Node (render-page.tsx): the shop's
 * config as it stands now (the browser reads it from the page) and the way to call the API (the browser uses
 * `fetch` on its own origin; the server answers in process). Read only where
 * `import.meta.env.SSR` is true, so none of this reaches the browser bundle.
 */
export const serverContext: { siteConfig?: () => SiteConfig; fetch?: typeof fetch } = {};
