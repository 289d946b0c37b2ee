import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * The libraries every storefront page needs share one long-cached chunk, apart from the app code
 * that changes with each release (and one chunk gzips smaller than several). Only these: a
 * package listed here is downloaded on the first visit, so admin-only libraries stay out.
 */
const STOREFRONT_VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/;

/**
 * The app shell (layout, API client, stores, shared UI and rules) in one chunk beside the entry,
 * except the UI that only some later screens use.
 */
const SHELL = /[\\/]src[\\/](web[\\/](app|lib|stores|ui)|shared)[\\/]/;
const NOT_IN_SHELL = /[\\/]ui[\\/](coming-soon|breadcrumbs|not-found-page)\.tsx$/;

/**
 * React Router ships without tree-shaking hints: its module keeps, for instance, `<Form>` and the
 * data-router renderer alive through top-level `var Form = React10.forwardRef(…)`,
 * `React3.memo(…)` and `Form.displayName = "…"` statements. This marks those top-level
 * createContext / forwardRef / memo / Symbol calls as pure and drops the displayName lines (they
 * only label components in React DevTools), so the parts the app does not use go: about 2 KB
 * gzip of the first load. Calls inside functions (hooks) are left alone.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'cedar:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const shaken = code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(
          /^(var [\w$]+ = )((?:React\d*\.(?:createContext|forwardRef|memo)|Symbol)\()/gm,
          '$1/* @__PURE__ */ $2',
        );
      return { code: shaken, map: null };
    },
  };
}

/**
 * Writes `.br` and `.gz` beside each hashed asset worth compressing, so the server can send them
 * as they are (@fastify/static `preCompressed: true`) instead of compressing on every request.
 */
function precompress(): Plugin {
  let assetsDir = '';
  return {
    name: 'cedar:precompress',
    apply: 'build',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      for (const name of readdirSync(assetsDir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = join(assetsDir, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const proxy = {
  '/api': { target: API_ORIGIN, changeOrigin: true },
  '/uploads': { target: API_ORIGIN, changeOrigin: true },
};

/**
 * The web app lives in src/web and builds to dist/web, which the API server serves. Hashed files
 * go under /assets/ (served with a long cache); manifest.json lists the chunks (the bundle report
 * reads it). `vite dev` proxies the API and the uploads to the server on port 3000.
 */
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), reactRouterTreeShaking(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    // Every browser the shop supports preloads modules natively; the polyfill would cost 0.4 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: STOREFRONT_VENDOR },
            { name: 'app', test: (id: string) => SHELL.test(id) && !NOT_IN_SHELL.test(id) },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
