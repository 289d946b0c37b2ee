import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import fences of biome.json, exercised: a scratch project holds the real biome.json and one
 * small file per case at the path the case is about, and a single `biome lint` run reports on all
 * of them. A Biome override that matches a file replaces the options of an earlier override's rule
 * instead of adding to them, so each folder's override must list every fence; this is what catches
 * one that forgets some.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const RESTRICTED = 'lint/style/noRestrictedImports';
const NODE_MODULES = 'lint/correctness/noNodejsModules';

interface Case {
  /** Where the offending (or allowed) file sits, relative to the project root. */
  file: string;
  source: string;
  /** The rule that must report it, or null when the import is allowed there. */
  rule: typeof RESTRICTED | typeof NODE_MODULES | null;
  /** A piece of the message that says which fence it crossed. */
  message?: string;
}

const use = (name: string) => `\nexport const used = ${name};\n`;

const cases: Case[] = [
  // Storefront: no Node, no server library, no admin code.
  {
    file: 'src/web/storefront/x/node.ts',
    source: `import { readFileSync } from 'node:fs';${use('readFileSync')}`,
    rule: NODE_MODULES,
  },
  { file: 'src/web/storefront/x/bare-node.ts', source: `import path from 'path';${use('path')}`, rule: NODE_MODULES },
  {
    file: 'src/web/storefront/x/drizzle.ts',
    source: `import { eq } from 'drizzle-orm';${use('eq')}`,
    rule: RESTRICTED,
    message: 'server libraries',
  },
  {
    file: 'src/web/storefront/x/server.ts',
    source: `import { x } from '#server/db/schema.ts';${use('x')}`,
    rule: RESTRICTED,
    message: 'server code',
  },
  {
    file: 'src/web/storefront/x/admin.ts',
    source: `import { AdminApp } from '#web/admin/admin-app.tsx';${use('AdminApp')}`,
    rule: RESTRICTED,
    message: 'storefront never imports admin',
  },
  {
    file: 'src/web/storefront/x/admin-deep.ts',
    source: `import { AdminSignInPage } from '#web/admin/sign-in/admin-sign-in-page.tsx';${use('AdminSignInPage')}`,
    rule: RESTRICTED,
    message: 'storefront never imports admin',
  },
  {
    file: 'src/web/storefront/x/admin-relative.ts',
    source: `import { AdminApp } from '../../admin/admin-app.tsx';${use('AdminApp')}`,
    rule: RESTRICTED,
    message: 'storefront never imports admin',
  },
  {
    file: 'src/web/storefront/x/admin-lazy.ts',
    source: `export const load = () => import('#web/admin/admin-app.tsx');\n`,
    rule: RESTRICTED,
    message: 'storefront never imports admin',
  },
  {
    file: 'src/web/storefront/x/shared-ui.ts',
    source: `import { Icon } from '#web/ui/icons.tsx';${use('Icon')}`,
    rule: null,
  },
  // Storefront features import their own folder and the kits, never another feature (one override
  // per feature); kits never import a feature.
  {
    file: 'src/web/storefront/checkout/x-feature-relative.ts',
    source: `import { storeHref } from '../store/store-params.ts';${use('storeHref')}`,
    rule: RESTRICTED,
    message: 'A storefront feature (checkout) imports only',
  },
  {
    file: 'src/web/storefront/home/x-feature.ts',
    source: `import { CheckoutPage } from '#web/storefront/checkout/checkout-page.tsx';${use('CheckoutPage')}`,
    rule: RESTRICTED,
    message: 'A storefront feature (home) imports only',
  },
  {
    file: 'src/web/storefront/store/x-screens.ts',
    source: `import { loadProductPage } from '#web/storefront/screens.ts';${use('loadProductPage')}`,
    rule: RESTRICTED,
    message: 'A storefront feature (store) imports only',
  },
  {
    file: 'src/web/storefront/blog/x-admin.ts',
    source: `import { AdminApp } from '../../admin/admin-app.tsx';${use('AdminApp')}`,
    rule: RESTRICTED,
    message: 'storefront never imports admin',
  },
  {
    file: 'src/web/storefront/product/x-kit.ts',
    source: `import { addToCart } from '#web/storefront/cart-kit/cart-actions.ts';${use('addToCart')}`,
    rule: null,
  },
  {
    file: 'src/web/storefront/account/x-own.ts',
    source: `import { Redirect } from '#web/storefront/account/redirect.tsx';${use('Redirect')}`,
    rule: null,
  },
  {
    file: 'src/web/storefront/cart-kit/x-feature.ts',
    source: `import { CheckoutPage } from '#web/storefront/checkout/checkout-page.tsx';${use('CheckoutPage')}`,
    rule: RESTRICTED,
    message: 'A storefront kit imports only',
  },
  {
    file: 'src/web/storefront/ui/x-kit.ts',
    source: `import { ProductImage } from '#web/storefront/catalogue-kit/product-image.tsx';${use('ProductImage')}`,
    rule: null,
  },
  // Admin: no Node, no server library, no storefront code.
  {
    file: 'src/web/admin/x/node.ts',
    source: `import { readFileSync } from 'node:fs';${use('readFileSync')}`,
    rule: NODE_MODULES,
  },
  {
    file: 'src/web/admin/x/drizzle.ts',
    source: `import { eq } from 'drizzle-orm';${use('eq')}`,
    rule: RESTRICTED,
    message: 'server libraries',
  },
  {
    file: 'src/web/admin/x/storefront.ts',
    source: `import { SiteHeader } from '#web/storefront/shell/site-header.tsx';${use('SiteHeader')}`,
    rule: RESTRICTED,
    message: 'Admin code never imports storefront',
  },
  {
    file: 'src/web/admin/x/shared-ui.ts',
    source: `import { Icon } from '#web/ui/icons.tsx';${use('Icon')}`,
    rule: null,
  },
  // Shared web code (ui, lib, stores, errors, pwa): neither area.
  {
    file: 'src/web/ui/x/admin.ts',
    source: `import { AdminApp } from '#web/admin/admin-app.tsx';${use('AdminApp')}`,
    rule: RESTRICTED,
    message: 'never imports admin',
  },
  {
    file: 'src/web/ui/x/storefront.ts',
    source: `import { SiteHeader } from '#web/storefront/shell/site-header.tsx';${use('SiteHeader')}`,
    rule: RESTRICTED,
    message: 'never imports storefront',
  },
  {
    file: 'src/web/ui/x/storefront-lazy.ts',
    source: `export const load = () => import('../../storefront/cart-kit/cart-drawer.tsx');\n`,
    rule: RESTRICTED,
    message: 'never imports storefront',
  },
  {
    file: 'src/web/lib/x/admin.ts',
    source: `import { AdminApp } from '#web/admin/admin-app.tsx';${use('AdminApp')}`,
    rule: RESTRICTED,
    message: 'never imports admin',
  },
  {
    file: 'src/web/lib/x/storefront.ts',
    source: `import { x } from '#web/storefront/screens.ts';${use('x')}`,
    rule: RESTRICTED,
    message: 'never imports storefront',
  },
  {
    file: 'src/web/stores/x/node.ts',
    source: `import { readFileSync } from 'node:fs';${use('readFileSync')}`,
    rule: NODE_MODULES,
  },
  {
    file: 'src/web/pwa/x/storefront.ts',
    source: `import { x } from '#web/storefront/screens.ts';${use('x')}`,
    rule: RESTRICTED,
    message: 'never imports storefront',
  },
  // app/ and ssr/ compose the storefront; they reach the admin only through a marked lazy import.
  {
    file: 'src/web/app/x/admin.ts',
    source: `import { AdminApp } from '#web/admin/admin-app.tsx';${use('AdminApp')}`,
    rule: RESTRICTED,
    message: 'reach the admin only through',
  },
  {
    file: 'src/web/app/x/admin-lazy.ts',
    source: `export const load = () => import('#web/admin/admin-app.tsx');\n`,
    rule: RESTRICTED,
    message: 'reach the admin only through',
  },
  {
    file: 'src/web/app/x/node.ts',
    source: `import { readFileSync } from 'node:fs';${use('readFileSync')}`,
    rule: NODE_MODULES,
  },
  {
    file: 'src/web/app/x/storefront.ts',
    source: `import { SiteHeader } from '#web/storefront/shell/site-header.tsx';${use('SiteHeader')}`,
    rule: null,
  },
  {
    file: 'src/web/ssr/x/admin.ts',
    source: `import { AdminApp } from '#web/admin/admin-app.tsx';${use('AdminApp')}`,
    rule: RESTRICTED,
    message: 'reach the admin only through',
  },
  {
    file: 'src/web/ssr/x/storefront.ts',
    source: `import { x } from '#web/storefront/screens.ts';${use('x')}`,
    rule: null,
  },
  // src/shared runs on both sides: no React, no Node.
  {
    file: 'src/shared/x/react.ts',
    source: `import { useState } from 'react';${use('useState')}`,
    rule: RESTRICTED,
    message: 'isomorphic',
  },
  {
    file: 'src/shared/x/node.ts',
    source: `import { readFileSync } from 'fs';${use('readFileSync')}`,
    rule: NODE_MODULES,
  },
  // Node code (server, scripts, tests) never imports web code.
  {
    file: 'src/server/x/web.ts',
    source: `import { x } from '#web/storefront/screens.ts';${use('x')}`,
    rule: RESTRICTED,
    message: 'never imports web code',
  },
  {
    file: 'src/server/x/react.ts',
    source: `import { useState } from 'react';${use('useState')}`,
    rule: RESTRICTED,
    message: 'never imports web code',
  },
  {
    file: 'tests/e2e/x/web.ts',
    source: `import { x } from '#web/storefront/screens.ts';${use('x')}`,
    rule: RESTRICTED,
    message: 'never imports web code',
  },
  { file: 'src/server/x/node.ts', source: `import { readFileSync } from 'node:fs';${use('readFileSync')}`, rule: null },
];

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let scratch: string;
let diagnostics: Diagnostic[];

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'cedar-lint-fence-'));
  // The project's own rules; the scratch folder is no git repository, so no VCS integration.
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(
    path.join(scratch, 'biome.json'),
    JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false } }),
  );
  for (const { file, source } of cases) {
    mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(scratch, file), source);
  }
  // The whole configuration, as `npm test` lints (`--only` would switch a rule on where biome.json
  // leaves it off); the other rules' findings on these scraps are not this test's business.
  const run = spawnSync(
    path.join(ROOT, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=1000', '.'],
    { cwd: scratch, encoding: 'utf8' },
  );
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  diagnostics = report.diagnostics.filter((d) => d.category === RESTRICTED || d.category === NODE_MODULES);
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('import fences (biome.json)', () => {
  it.each(cases.filter((c) => c.rule))('reports $file', ({ file, rule, message }) => {
    const found = diagnostics.filter((d) => d.location.path === file);
    expect(found.map((d) => d.category)).toEqual([rule]);
    if (message) expect(found[0]?.message).toContain(message);
  });

  it.each(cases.filter((c) => !c.rule))('allows $file', ({ file }) => {
    expect(diagnostics.filter((d) => d.location.path === file)).toEqual([]);
  });

  it('reports nothing but the cases', () => {
    const files = new Set(cases.map((c) => c.file));
    expect(diagnostics.filter((d) => !files.has(d.location.path))).toEqual([]);
  });
});
