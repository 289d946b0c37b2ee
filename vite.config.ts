import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * The libraries every storefront page needs share one long-cached chunk, apart from the app code
 * that changes with each release (and one chunk gzips smaller than several). Only these: a
 * package listed here is downloaded on the first visit, so admin-only libraries stay out.
 */
const STOREFRONT_VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|zustand)[\\/]/;

/**
 * The web app lives in src/web and builds to dist/web, which the API server serves. Hashed files
 * go under /assets/ (served with a long cache); manifest.json lets the server find the entry.
 */
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
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
            { name: 'app', test: (id: string) => /[\\/]src[\\/](web[\\/](app|lib|stores|ui)|shared)[\\/]/.test(id) && !/(coming-soon|breadcrumbs|not-found-page)\.tsx$/.test(id) },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/uploads': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/uploads': { target: API_ORIGIN, changeOrigin: true },
    },
  },
});
