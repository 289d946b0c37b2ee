import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import fences as allow-lists (docs/engineering.md "Import fences"): what each part of src/
 * may import, read from every source file (type-only and lazy imports included) with the
 * TypeScript compiler's pre-processor. biome.json keeps the deny-lists that an editor shows while
 * typing; this test is the one that holds, because a fence that lists what is allowed has no
 * holes for the next library or folder.
 *
 * - src/shared: only zod and itself.
 * - src/web: only the browser libraries below, never server code; `ui/`, `lib/`, `stores/` never
 *   reach `app/`, the admin or the storefront.
 * - src/server: only the server libraries below (no react-dom/server, no zustand).
 * - An admin feature (src/web/admin/<feature>/) imports its own folder, the shared admin folders
 *   (ui, shared, shell, auth, editor), #web/ui, #web/lib, #web/test and #shared.
 * - A storefront feature (src/web/storefront/<feature>/) imports its own folder, the storefront's
 *   kits (STOREFRONT_KITS), #web/ui, #web/lib, #web/stores, #web/test and #shared. A kit imports
 *   only other kits and those; the shell (the frame that draws the header's cart and search) may
 *   draw features, and no feature or kit imports it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

const WEB_PACKAGES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react-dom/server', // ssr/ only: see below
  'react-router',
  '@tanstack/react-query',
  'react-hook-form',
  '@hookform/resolvers',
  'zod',
  'zustand',
  'vitest',
  '@tiptap',
  // The admin's charts (admin/analytics/ only, loaded with that screen; never in the storefront's bundle).
  'recharts',
  'socket.io-client',
  'workbox',
  'virtual:pwa-register',
  'sonner',
  'workbox-window',
  // The service worker's build settings (web/pwa/service-worker-config.ts), read by the build only.
  'vite-plugin-pwa',
  'workbox-build',
];
const SERVER_PACKAGES = [
  'node:',
  'fastify',
  '@fastify',
  'fastify-plugin',
  'drizzle-orm',
  'drizzle-kit',
  'pg',
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'ioredis',
  'nodemailer',
  'ipaddr.js',
  'pino',
  'sharp',
  'socket.io',
  'zod',
  'vitest',
  'typescript',
  'jose',
  '@fastify/',
  'fastify-type-provider-zod',
  'otplib',
  'qrcode',
  '@zxcvbn-ts',
  // Backup archives (backups/backup-archive.ts, decision 030).
  'tar-stream',
  'isbot',
  'sanitize-html',
  'minisearch',
  'pino-pretty',
  'rate-limiter-flexible',
  'papaparse',
  '@socket.io/redis-adapter',
  // The order mails' templates, filled per mail (mail/order-mail-render.ts, decision 032).
  'handlebars',
  // Reports as PDF (reports/report-pdf.ts); its font, IBM Plex Sans Arabic, is read from
  // '@expo-google-fonts/ibm-plex-sans-arabic' by path (never imported).
  'pdfkit',
];

/** Admin folders every admin feature may use; the rest are features that never import each other. */
const ADMIN_SHARED = ['ui', 'shared', 'shell', 'auth', 'editor'];
/**
 * The storefront's kits: the pieces several storefront features use, one domain per folder (the
 * folder map in docs/architecture.md "Web app"). The rest of src/web/storefront are features (a
 * page or a header control each), the shell and the entry files (storefront-routes.tsx,
 * screens.ts).
 */
const STOREFRONT_KITS = ['ui', 'modal', 'catalogue-kit', 'cart-kit', 'shopper-kit', 'order-kit', 'content-kit'];
const STOREFRONT_FRAME = 'shell';

interface BiomeOverride {
  includes: string[];
  linter: { rules: { style: { noRestrictedImports: { options: { patterns: unknown[] } } } } };
}
interface BiomeConfig {
  overrides: BiomeOverride[];
}

interface Import {
  from: string;
  specifier: string;
  /** The src-relative file it names, or null for a package. */
  target: string | null;
}

function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

function importsOf(file: string): Import[] {
  const from = path.relative(SRC, file).split(path.sep).join('/');
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles.map(({ fileName: specifier }) => {
    const alias = /^#(shared|server|web)\/(.*)$/.exec(specifier);
    let target: string | null = null;
    if (alias) target = `${alias[1]}/${alias[2]}`;
    else if (specifier.startsWith('.'))
      target = path
        .relative(SRC, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
    return { from, specifier, target: target?.replace(/\?.*$/, '') ?? null };
  });
}

const all = sources(SRC).flatMap(importsOf);
const packageAllowed = (specifier: string, allowed: readonly string[]) =>
  allowed.some(
    (name) => specifier === name || specifier.startsWith(name.endsWith('/') || name.endsWith(':') ? name : `${name}/`),
  );
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const show = (list: Import[]) => list.map((item) => `${item.from} -> ${item.specifier}`);

/** `admin/blog/x.tsx` → `blog`; null outside a feature folder. */
function featureOf(file: string, area: 'admin' | 'storefront', shared: readonly string[]): string | null {
  const match = new RegExp(`^web/${area}/([^/]+)/`).exec(file);
  return match?.[1] && !shared.includes(match[1]) ? match[1] : null;
}

describe('import fences (allow-lists)', () => {
  it('src/shared imports only zod and itself', () => {
    const bad = all.filter(
      (item) =>
        item.from.startsWith('shared/') &&
        !(
          item.target?.startsWith('shared/') ||
          item.specifier === 'zod' ||
          (isTest(item.from) && item.specifier === 'vitest')
        ),
    );
    expect(show(bad)).toEqual([]);
  });

  it('src/web imports only browser libraries, and never server code', () => {
    const bad = all.filter((item) => {
      if (!item.from.startsWith('web/')) return false;
      // A test may read a fixture from tests/ (`?raw`).
      if (item.target)
        return !/^(web|shared)\//.test(item.target) && !(isTest(item.from) && item.target.startsWith('../tests/'));
      // The SSR entry renders to a string; nothing else in web/ may.
      if (item.specifier === 'react-dom/server') return !item.from.startsWith('web/ssr/');
      // The web test kit teaches happy-dom (the test DOM) elements it lacks.
      if (item.specifier.startsWith('happy-dom/')) return !item.from.startsWith('web/test/');
      return !packageAllowed(item.specifier, WEB_PACKAGES);
    });
    expect(show(bad)).toEqual([]);
  });

  it('src/server imports only server libraries (no react-dom/server, no zustand)', () => {
    const bad = all.filter((item) => {
      if (!item.from.startsWith('server/') || item.target) return false;
      return !packageAllowed(item.specifier, SERVER_PACKAGES);
    });
    expect(show(bad)).toEqual([]);
  });

  it("web's shared code (ui, lib, stores) never reaches app/, the admin or the storefront", () => {
    const bad = all.filter(
      (item) =>
        /^web\/(ui|lib|stores)\//.test(item.from) &&
        !isTest(item.from) &&
        /^web\/(app|admin|storefront)\//.test(item.target ?? ''),
    );
    expect(show(bad)).toEqual([]);
  });

  it('an admin feature imports only its own folder, the shared admin folders, #web/ui, #web/lib and #shared', () => {
    const crossings = all.flatMap((item) => {
      const target = item.target;
      // admin-app.tsx, the admin's entry, routes to every feature.
      if (!/^web\/admin\/[^/]+\//.test(item.from) || !target?.startsWith('web/') || isTest(item.from)) return [];
      // The shared folders themselves never reach into a feature.
      const feature = featureOf(item.from, 'admin', ADMIN_SHARED) ?? 'shared';
      const other = featureOf(target, 'admin', ADMIN_SHARED);
      const allowed =
        /^web\/(ui|lib|test)\//.test(target) ||
        ADMIN_SHARED.some((folder) => target.startsWith(`web/admin/${folder}/`)) ||
        other === feature ||
        // The admin's own root files (admin-app.tsx) are the entry, not a feature.
        other === null;
      return allowed ? [] : [`${item.from.slice(4)} -> ${target.slice(4)}`];
    });
    expect(crossings).toEqual([]);
  });

  it("biome.json's admin feature override covers every feature folder and keeps the admin-wide rules", () => {
    const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as BiomeConfig;
    const admin = config.overrides.find((override) => override.includes.join() === 'src/web/admin/**');
    const features = fs
      .readdirSync(path.join(SRC, 'web/admin'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !ADMIN_SHARED.includes(entry.name))
      .map((entry) => `src/web/admin/${entry.name}/**`);
    const fence = config.overrides.find((override) => override.includes.includes(features[0] ?? '-'));
    // A new feature folder gets the fence too: it is named here, or it would lint as a shared folder.
    expect(fence?.includes.filter((include) => !include.startsWith('!')).sort()).toEqual(features.sort());
    // Biome replaces (does not merge) a rule's options in a later override, so the fence repeats them.
    const patterns = (override?: BiomeOverride) => override?.linter.rules.style.noRestrictedImports.options.patterns;
    expect(patterns(fence)).toEqual(expect.arrayContaining(patterns(admin) ?? ['admin block missing']));
  });

  it('Biome (what an editor shows while typing) reports a crossing between admin features, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-fence-'));
    try {
      const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
      // The same rules on a copy of three files: no git there, and no schema beside it.
      delete config.$schema;
      config.vcs = { enabled: false };
      fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
      const write = (file: string, lines: string[]) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), `${lines.join('\n')}\n`);
      };
      write('src/web/admin/blog/crossing.tsx', [
        "import { createProduct } from '../products/product-api.ts';",
        "import { ADMIN_ORDERS_KEY } from '#web/admin/orders/order-api.ts';",
        '',
        'export const used = [createProduct, ADMIN_ORDERS_KEY];',
      ]);
      write('src/web/admin/blog/allowed.tsx', [
        "import { BLOG_LIMITS } from '#shared/blog.ts';",
        "import { CategoryDialog } from '#web/admin/shared/category-dialogs.tsx';",
        "import { toast } from '#web/lib/toast.ts';",
        "import { Icon } from '#web/ui/icons.tsx';",
        "import { FormDialog } from '../ui/form-dialog.tsx';",
        "import { invalidateBlog } from './blog-api.ts';",
        '',
        'export const used = [BLOG_LIMITS, CategoryDialog, toast, Icon, FormDialog, invalidateBlog];',
      ]);
      // A test may mount another feature's screen (the allow-list above exempts tests too).
      write('src/web/admin/reviews/reviews.test.tsx', [
        "import { ProductEditorPage } from '../products/product-editor-page.tsx';",
        '',
        'export const used = ProductEditorPage;',
      ]);
      const biome = path.join(ROOT, 'node_modules/.bin/biome');
      const run = spawnSync(biome, ['lint', '--reporter=json', 'src'], { cwd: dir, encoding: 'utf8' });
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        diagnostics: Array<{ category: string; location: { path: string; start: { line: number } } }>;
      };
      const found = report.diagnostics.map(
        (item) => `${item.location.path}:${item.location.start.line} ${item.category}`,
      );
      expect(found.sort()).toEqual([
        'src/web/admin/blog/crossing.tsx:1 lint/style/noRestrictedImports',
        'src/web/admin/blog/crossing.tsx:2 lint/style/noRestrictedImports',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a storefront feature imports only its own folder, the storefront kits, web/{ui,lib,stores,test} and #shared', () => {
    const crossings = all.flatMap((item) => {
      const folder = /^web\/storefront\/([^/]+)\//.exec(item.from)?.[1];
      const target = item.target;
      // The entry files (storefront-routes.tsx, screens.ts) route to every feature; the shell draws
      // the header's features.
      if (!folder || folder === STOREFRONT_FRAME || !target?.startsWith('web/')) return [];
      const targetFolder = /^web\/storefront\/([^/]+)\//.exec(target)?.[1];
      const isKit = STOREFRONT_KITS.includes(folder);
      const allowed =
        /^web\/(ui|lib|stores|test)\//.test(target) ||
        // A kit's error boundary is the app's, with the storefront's retry.
        (isKit && target === 'web/app/error-boundary.tsx') ||
        (targetFolder !== undefined && (STOREFRONT_KITS.includes(targetFolder) || (!isKit && targetFolder === folder)));
      return allowed ? [] : [`${item.from.slice(4)} -> ${target.slice(4)}`];
    });
    expect(crossings).toEqual([]);
  });

  it('names every storefront folder: a kit, the shell or a feature with its Biome override', () => {
    const folders = fs
      .readdirSync(path.join(SRC, 'web/storefront'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const features = folders.filter((name) => !STOREFRONT_KITS.includes(name) && name !== STOREFRONT_FRAME);
    expect(features.length).toBeGreaterThan(5);
    // Each feature's override in biome.json shows a crossing in the editor while typing.
    const biome = JSON.parse(fs.readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as {
      overrides: { includes: string[] }[];
    };
    const overridden = biome.overrides.flatMap((override) => override.includes);
    expect(features.filter((name) => !overridden.includes(`src/web/storefront/${name}/**`))).toEqual([]);
  });
});
