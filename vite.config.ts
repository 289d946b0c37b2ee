import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { adminPanelInBuild } from './scripts/build-flags.ts';
import {
  BRAND,
  type BuildManifestChunk,
  ICONS,
  precacheEntries,
  runtimeCaching,
  SHELL_URL,
  storefrontFiles,
  webAppManifest,
} from './src/web/pwa/service-worker-config.ts';

const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * The libraries every storefront page needs. They go into the one `app` chunk with the shell (see
 * below): a single gzip stream is ~1 KB smaller than two, and the first-load budget (decision 004)
 * matters more than caching the libraries apart from app releases. Only these: a package listed
 * here is downloaded on the first visit, so admin-only libraries stay out.
 */
const STOREFRONT_VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/;
/**
 * Parts of those libraries that only the admin panel uses (the storefront never mutates through
 * TanStack Query): they would otherwise join the storefront's first load.
 */
const ADMIN_ONLY_VENDOR =
  /[\\/]@tanstack[\\/](react-query[\\/].*[\\/]useMutation|query-core[\\/].*[\\/]mutationObserver)\.js$/;

/**
 * The app shell (layout, API client, stores, shared UI) in one chunk beside the entry, except the
 * UI that only some later screens use. From the storefront, the pieces the first page draws: its
 * frame (`shell/`: header and skip links; the footer loads after), its own kit (`ui/`, but not the
 * pager), the product cards, grid and queries and the category queries (`catalogue-kit/`, listed
 * file by file: the rest of that kit loads with the screens that use it), and the buttons of the
 * header and the cards (their drawer, combobox and dialog load on first use); not the forms' helper
 * that puts a server's field errors under their fields (`lib/form-errors.ts`: no first page has a
 * form), nor the shop's public settings query (`lib/shop-settings.ts`: checkout, the order pages and
 * the admin read it). From `src/shared`, only the rules
 * the shell itself uses: any other shared module (the zod contracts above all, which would pull zod
 * in) stays with the screens that import it.
 */
const SHELL =
  /[\\/]src[\\/](web[\\/](app|lib|stores|ui)[\\/]|web[\\/]storefront[\\/](shell|ui)[\\/]|web[\\/]storefront[\\/](catalogue-kit[\\/](product-(card|card-skeleton|grid|image|price)\.tsx|(product|category)-queries\.ts|quick-view-button\.tsx)|cart-kit[\\/]cart-button\.tsx|search[\\/]search-box\.tsx)$|shared[\\/](constants|money|images)\.ts$)/;
const NOT_IN_SHELL =
  /[\\/]((ui[\\/](coming-soon|breadcrumbs|not-found-page|form-field|offline-unavailable|pagination)|storefront[\\/]shell[\\/]site-footer|app[\\/]unmatched-route)\.tsx|lib[\\/](form-errors|shop-settings)\.ts)$/;

/**
 * What adding to and changing the cart takes (the cart rules and the cart's promo code, the Add to
 * cart button, the two quantity steppers, the WhatsApp message builders, and choosing a variant: the
 * selection rules, the picker and the shared variant helpers, decision 012), used by the product
 * page, quick view, the cart drawer and checkout: one small shared chunk instead of one per pair of
 * screens, since each chunk's file name is listed in the first load's dynamic-import map.
 */
const CART_KIT =
  /[\\/]src[\\/](web[\\/]storefront[\\/](cart-kit[\\/](cart-actions\.ts|promo-code-store\.ts|add-to-cart-button\.tsx|(line-)?quantity-stepper\.tsx|sync[\\/]sync-status\.ts)|catalogue-kit[\\/](variant-picker\.tsx|variant-selection\.ts))|shared[\\/](whatsapp|product-variants)\.ts)$/;

/** Route chunks a shopper rarely opens first (the admin, a not-found page, the blog placeholder): see modulePreload below. */
const RARE_ROUTE_CHUNK = /(^|\/)(admin-app|unmatched-route|blog-page|blog-post-page)-[\w-]+\.js$/;

/**
 * React Router ships without tree-shaking hints: its module keeps, for instance, `<Form>` and the
 * data-router renderer alive through top-level `var Form = React10.forwardRef(…)`,
 * `React3.memo(…)` and `Form.displayName = "…"` statements. This marks those top-level
 * createContext / forwardRef / memo / Symbol calls as pure and drops the displayName lines (they
 * only label components in React DevTools), so the parts the app does not use go: about 2 KB
 * gzip of the first load. Calls inside functions (hooks) are left alone.
 *
 * It also takes out of `<Link>` the route prefetching of framework mode (`<Link prefetch>`:
 * `usePrefetchBehavior` and `<PrefetchPageLinks>`, which read the route manifest that only
 * `<HydratedRouter>` provides). Under our declarative routers (BrowserRouter, StaticRouter,
 * MemoryRouter) that hook always answers "no prefetch, no extra handlers", so the link draws the
 * same `<a>`; the code behind it is about 1.8 KB gzip. Our screens prefetch themselves
 * (docs/product.md#loading-and-prefetch).
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'cedar:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const shaken = code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/\busePrefetchBehavior\(\s*prefetch,\s*rest\s*\)/, '[false, undefined, {}]')
        .replace(/React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/, 'null')
        .replace(
          /^(var [\w$]+ = )((?:React\d*\.(?:createContext|forwardRef|memo)|Symbol)\()/gm,
          '$1/* @__PURE__ */ $2',
        );
      return { code: shaken, map: null };
    },
  };
}

/**
 * Writes `.br` and `.gz` beside each hashed asset worth compressing, and beside the service worker,
 * so the server can send them as they are (@fastify/static `preCompressed: true`) instead of
 * compressing on every request. Runs last, after vite-plugin-pwa has written sw.js.
 */
function precompress(): Plugin {
  let outDir = '';
  let assetsDir = '';
  const compress = (file: string) => {
    const data = readFileSync(file);
    if (data.length < 1024) return;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  };
  return {
    name: 'cedar:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      assetsDir = resolve(outDir, config.build.assetsDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const name of readdirSync(assetsDir)) {
          if (/\.(js|css|svg|json)$/.test(name)) compress(join(assetsDir, name));
        }
        for (const name of ['sw.js', 'manifest.webmanifest']) {
          if (existsSync(join(outDir, name))) compress(join(outDir, name));
        }
      },
    },
  };
}

/**
 * The app icons of the web app manifest, drawn from favicon.svg with sharp at build time (no
 * download, nothing binary in the repository). The maskable one puts the mark inside the safe
 * zone (the inner 80 %) on a full-bleed square of the mark's green, since launchers crop it.
 */
function pwaIcons(): Plugin {
  let faviconPath = '';
  return {
    name: 'cedar:pwa-icons',
    apply: 'build',
    configResolved(config) {
      faviconPath = resolve(config.root, config.publicDir, 'favicon.svg');
    },
    async generateBundle() {
      const { default: sharp } = await import('sharp');
      const svg = readFileSync(faviconPath);
      // The favicon is drawn on a 32-unit grid; render it at the target size, not scaled up.
      const draw = (size: number) =>
        sharp(svg, { density: (72 * size) / 32 })
          .resize(size, size)
          .png()
          .toBuffer();
      const maskable = async (size: number) => {
        const inner = Math.round(size * 0.7);
        return sharp({ create: { width: size, height: size, channels: 4, background: BRAND.mark } })
          .composite([{ input: await draw(inner), gravity: 'centre' }])
          .png()
          .toBuffer();
      };
      const apple = async (size: number) =>
        // iOS fills transparent corners with black: put the mark on the page colour instead.
        sharp({ create: { width: size, height: size, channels: 4, background: BRAND.page } })
          .composite([{ input: await maskable(size) }])
          .png()
          .toBuffer();
      const icons: [string, Promise<Buffer>][] = [
        [ICONS.any192, draw(192)],
        [ICONS.any512, draw(512)],
        [ICONS.maskable512, maskable(512)],
        [ICONS.apple180, apple(180)],
      ];
      for (const [fileName, source] of icons) this.emitFile({ type: 'asset', fileName, source: await source });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: `/${ICONS.apple180}` }, injectTo: 'head' },
    ],
  };
}

/**
 * Installable app and offline support (src/web/pwa/service-worker-config.ts says what is cached).
 * The page registers the worker itself, lazily (src/web/pwa/), so nothing is injected for that.
 */
function pwa(): Plugin[] {
  let outDir = '';
  return [
    {
      name: 'cedar:pwa-paths',
      apply: 'build',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
    },
    ...VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: webAppManifest(),
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,svg,png,webmanifest}'],
        globIgnores: ['.vite/**', '**/*.{br,gz}'],
        // No navigateFallback: navigations are network-only with the precached shell as fallback.
        navigateFallback: null,
        navigationPreload: true,
        runtimeCaching,
        // The first worker takes the open page at once; later ones wait for 'Update Now'.
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        sourcemap: false,
        manifestTransforms: [
          (entries) => {
            const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
              string,
              BuildManifestChunk
            >;
            const html = readFileSync(join(outDir, 'index.html'));
            const revision = createHash('sha256').update(html).digest('hex').slice(0, 16);
            const shell = { url: SHELL_URL, revision, size: html.length };
            return { manifest: precacheEntries(entries, storefrontFiles(manifest), shell) };
          },
        ],
      },
    }),
  ];
}

const proxy = {
  '/api': { target: API_ORIGIN, changeOrigin: true },
  '/uploads': { target: API_ORIGIN, changeOrigin: true },
};

/**
 * The web app lives in src/web and builds to dist/web, which the API server serves. Hashed files
 * go under /assets/ (served with a long cache); manifest.json lists the chunks (the bundle report
 * reads it). `vite dev` proxies the API and the uploads to the server on port 3000.
 *
 * `vite build --ssr` (scripts/web-build.ts runs both) builds the same screens for Node into
 * dist/ssr: `ssr/render-page.tsx`, which the server uses to send the storefront's entry pages
 * already drawn (decision 009). Libraries are bundled in, so the server needs nothing from
 * node_modules to render; the PWA, icons and compression plugins only concern the browser build.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: 'src/web',
        plugins: [react(), reactRouterTreeShaking()],
        define: {
          'import.meta.env.ADMIN_PANEL': JSON.stringify(adminPanelInBuild()),
          // React picks its build from `process.env.NODE_ENV` at run time, and `npm start` does
          // not set it: without this the server drew every page with React's development build
          // (prop checks, dev warnings), ~5× slower per page (issue 32).
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        ssr: { noExternal: true, target: 'node' },
        build: {
          outDir: '../../dist/ssr',
          emptyOutDir: true,
          ssr: 'ssr/render-page.tsx',
          target: 'node20',
          minify: false,
          copyPublicDir: false,
        },
      }
    : {
        root: 'src/web',
        plugins: [react(), tailwindcss(), reactRouterTreeShaking(), pwaIcons(), pwa(), precompress()],
        define: { 'import.meta.env.ADMIN_PANEL': JSON.stringify(adminPanelInBuild()) },
        build: {
          outDir: '../../dist/web',
          emptyOutDir: true,
          assetsDir: 'assets',
          manifest: true,
          target: 'es2022',
          // Every browser the shop supports preloads modules natively; the polyfill would cost 0.4 KB.
          modulePreload: {
            polyfill: false,
            // Chunks the storefront reaches only on rare paths (the admin, a not-found page) are loaded
            // without preload hints: each hint names a file in the storefront's first-load JavaScript.
            resolveDependencies: (filename, deps) => (RARE_ROUTE_CHUNK.test(filename) ? [] : deps),
          },
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'app',
                    test: (id: string) =>
                      (STOREFRONT_VENDOR.test(id) && !ADMIN_ONLY_VENDOR.test(id)) ||
                      (SHELL.test(id) && !NOT_IN_SHELL.test(id)),
                  },
                  { name: 'cart-kit', test: (id: string) => CART_KIT.test(id) },
                ],
              },
            },
          },
        },
        server: { proxy },
        preview: { proxy },
      },
);
