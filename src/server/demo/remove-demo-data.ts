import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { type DemoTable, isDemoRow } from '#server/db/demo-marks.ts';
import { SEED_PICTURES_DIR } from '#server/db/seed/seed-pictures-done.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { recomputeProductRatings } from '#server/reviews/product-rating.ts';
import { SETTING_KEYS } from '#server/settings/setting-keys.ts';
import { getSetting, setSetting } from '#server/settings/settings.service.ts';
import { type DemoDataPresent, type DemoRemoval, NO_DEMO_DATA } from '#shared/contracts/demo-data.ts';

/** Seed pictures are served from here; only such files are ever deleted. */
const SEED_URL_PREFIX = `/uploads/${SEED_PICTURES_DIR}/`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The unchanged demo rows there are now, per kind (`GET /admin/settings/demo`): one query. A demo
 * product an order references is counted (it is demo) though a removal keeps it.
 */
export async function demoDataPresent(db: Db): Promise<DemoDataPresent> {
  const countOf = (table: DemoTable) =>
    sql`(select count(*)::int from ${sql.raw(table)} as t where ${isDemoRow(table, 't')})`;
  const [row] = await rows<DemoDataPresent>(
    db,
    sql`select ${countOf('products')} as products, ${countOf('categories')} as categories,
      ${countOf('reviews')} as reviews, ${countOf('blog_posts')} as blog_posts,
      ${countOf('blog_categories')} as blog_categories, ${countOf('users')} as accounts,
      (select count(*)::int from orders where is_demo) as orders,
      (select count(*)::int from customers where is_demo) as customers,
      (select count(*)::int from promo_codes where is_demo) as promo_codes`,
  );
  return row ?? NO_DEMO_DATA;
}

/**
 * Deletes, in `table` (alias t), the unchanged demo rows that `keep` (SQL over t) does not hold back
 * and that have no children left in the same table (`parentColumn`), until none is left: a demo
 * category is removed once empty, children before parents.
 */
async function deleteEmptyDemo(db: Db, table: 'categories' | 'blog_categories', keep: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await rows<{ id: string }>(
      db,
      sql`delete from ${sql.raw(table)} as t where ${isDemoRow(table, 't')} and not (${keep})
        and not exists (select 1 from ${sql.raw(table)} c where c.parent_id = t.id) returning t.id`,
    );
    total += deleted.length;
    if (deleted.length === 0) return total;
  }
}

/**
 * "Remove demo data" (docs/product.md#demo-data): one transaction deletes the demo's order history
 * (every `is_demo` order with its lines, steps and refunds: the analytics roll-ups' triggers take
 * them away as they go), its shoppers and its launch offer no other order names, then what the demo seed wrote
 * and nobody changed since (demo-marks.ts): products with their variants (the product's pictures
 * then go from DATA_DIR/uploads/seed), reviews and their votes, blog posts, the categories and blog
 * categories left empty, and the demo accounts. It keeps anything the merchant created or changed,
 * and a demo product an order references (archived or not, as staff left it: orders keep their
 * snapshot and their links). Kept products' ratings are recomputed. The `demo_seed` setting stays,
 * so the seed never runs again; a second call finds nothing and answers zeros.
 */
export async function removeDemoData(
  db: Db,
  options: { uploadsDir: string; context?: AuditContext; now?: Date },
): Promise<DemoRemoval> {
  const { removal, pictures } = await inTransaction(db, async (tx) => {
    // First: the demo orders are what would otherwise hold the demo products back.
    const orders = await rows<{ id: string }>(tx, sql`delete from orders where is_demo returning id`);
    const customers = await rows<{ id: string }>(
      tx,
      sql`delete from customers as c where c.is_demo
        and not exists (select 1 from orders o where o.customer_id = c.id) returning c.id`,
    );
    // The launch offer, unless a real order used it (it is then part of the merchant's history too).
    const promoCodes = await rows<{ id: string }>(
      tx,
      sql`delete from promo_codes as p where p.is_demo
        and not exists (select 1 from orders o where o.promo_code_id = p.id) returning p.id`,
    );
    const reviews = await rows<{ id: string; product_id: string }>(
      tx,
      sql`delete from reviews as t where ${isDemoRow('reviews', 't')} returning t.id, t.product_id`,
    );
    // Demo products no order references; locked with their variants, as every product writer does.
    const doomed = await rows<{ id: string }>(
      tx,
      sql`select t.id from products as t where ${isDemoRow('products', 't')}
        and not exists (select 1 from order_items i where i.product_id = t.id) order by t.id for update`,
    );
    const ids = doomed.map((row) => row.id);
    let products: { id: string; images: string[] }[] = [];
    let variantImages: string[] = [];
    if (ids.length > 0) {
      const idList = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      variantImages = (
        await rows<{ image: string | null }>(
          tx,
          sql`select image from product_variants where product_id in (${idList}) order by id for no key update`,
        )
      ).flatMap((row) => (row.image ? [row.image] : []));
      products = await rows(tx, sql`delete from products where id in (${idList}) returning id, images`);
    }
    const categoryImages = await rows<{ image: string | null }>(
      tx,
      sql`select image from categories as t where ${isDemoRow('categories', 't')}
        and not exists (select 1 from products p where p.category_id = t.id)`,
    );
    const categories = await deleteEmptyDemo(
      tx,
      'categories',
      sql`exists (select 1 from products p where p.category_id = t.id)`,
    );
    const posts = await rows<{ featured_image: string | null; images: string[] }>(
      tx,
      sql`delete from blog_posts as t where ${isDemoRow('blog_posts', 't')} returning t.featured_image, t.images`,
    );
    const blogCategories = await deleteEmptyDemo(
      tx,
      'blog_categories',
      sql`exists (select 1 from blog_posts p where p.category_id = t.id)`,
    );
    // Demo accounts nobody changed, with no order and no review left (a kept, edited demo review keeps its signer).
    const accounts = await rows<{ id: string }>(
      tx,
      sql`delete from users as t where ${isDemoRow('users', 't')}
        and not exists (select 1 from orders o where o.user_id = t.id)
        and not exists (select 1 from reviews r where r.user_id = t.id) returning t.id`,
    );

    const removedProducts = new Set(products.map((row) => row.id));
    const rated = [...new Set(reviews.map((row) => row.product_id))].filter((id) => !removedProducts.has(id));
    if (rated.length > 0) await recomputeProductRatings(tx, rated);

    const counts: DemoRemoval = {
      products: products.length,
      categories: categories,
      reviews: reviews.length,
      blog_posts: posts.length,
      blog_categories: blogCategories,
      accounts: accounts.length,
      orders: orders.length,
      customers: customers.length,
      promo_codes: promoCodes.length,
      pictures: 0,
    };
    const removedSomething = Object.values(counts).some((value) => value > 0);
    if (removedSomething) {
      const seed = await getSetting<Record<string, unknown>>(tx, SETTING_KEYS.demoSeed);
      // Kept: it is what stops the seed from running again.
      await setSetting(tx, SETTING_KEYS.demoSeed, {
        ...(seed ?? {}),
        removedAt: (options.now ?? new Date()).toISOString(),
      });
    }
    await recordAudit(tx, {
      context: options.context,
      action: 'demo_data.remove',
      entityType: 'demo_data',
      after: counts,
    });

    const candidates = [
      ...products.flatMap((row) => row.images),
      ...variantImages,
      ...categoryImages.flatMap((row) => (row.image ? [row.image] : [])),
      ...posts.flatMap((row) => [...(row.featured_image ? [row.featured_image] : []), ...row.images]),
    ].filter((url) => url.startsWith(SEED_URL_PREFIX));
    // A picture a kept row still shows stays on disk.
    const stillShown = new Set(await seedPictureUrlsInUse(tx));
    return { removal: counts, pictures: [...new Set(candidates)].filter((url) => !stillShown.has(url)) };
  });
  removal.pictures = await deletePictureFiles(options.uploadsDir, pictures);
  return removal;
}

/** Every /uploads/seed/ URL a row still names. */
async function seedPictureUrlsInUse(db: Db): Promise<string[]> {
  const like = `${SEED_URL_PREFIX}%`;
  const found = await rows<{ url: string }>(
    db,
    sql`select url from (
      select unnest(images) as url from products
      union select image from product_variants
      union select image from categories
      union select featured_image from blog_posts
      union select unnest(images) from blog_posts
    ) u where url like ${like}`,
  );
  return found.map((row) => row.url);
}

/**
 * Deletes the files of seed pictures: a URL names `<base>-<n>-<width>.webp`; every width of it goes
 * (#shared/images.ts). Answers how many pictures (not files) went. Missing files are fine: they may
 * never have been drawn.
 */
async function deletePictureFiles(uploadsDir: string, urls: readonly string[]): Promise<number> {
  if (urls.length === 0) return 0;
  const dir = path.join(uploadsDir, SEED_PICTURES_DIR);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const url of urls) {
    const match = /^(.+-\d+-)\d+\.webp$/.exec(url.slice(SEED_URL_PREFIX.length));
    if (!match?.[1]) continue;
    const prefix = match[1];
    const files = names.filter((name) => name.startsWith(prefix) && /^\d+\.webp$/.test(name.slice(prefix.length)));
    for (const name of files) await unlink(path.join(dir, name)).catch(() => undefined);
    if (files.length > 0) removed += 1;
  }
  return removed;
}
