import { count, eq, max } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import { plainText, sanitizePostHtml } from '#server/blog/post-html.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { AdminShopPageSummary, ShopPage, ShopPageSummary, ShopPageUpdate } from '#shared/contracts/pages.ts';
import type { SiteConfig } from '#shared/contracts/site.ts';
import { SHOP_PAGE_SLUGS, type ShopPageSlug } from '#shared/pages.ts';
import { type DefaultShopPage, defaultShopPages } from './default-pages.ts';
import { withoutMerchantNotes } from './merchant-notes.ts';
import { shopPages } from './pages.table.ts';

/**
 * The fixed pages (docs/product.md#fixed-pages). A page with no row shows its default text
 * (default-pages.ts), made from the shop's configuration; the first save writes its row. So a shop
 * started without the demo seed has all six pages, and changing SHOP_NAME changes every page not
 * yet edited.
 */

/** The date a page still on its default text reports as updated: when those texts were written. */
export const DEFAULT_PAGES_UPDATED_AT = '2026-11-29T00:00:00.000Z';

type ShopPageRow = typeof shopPages.$inferSelect;

interface StoredOrDefault {
  slug: ShopPageSlug;
  title: string;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
  updatedAt: string;
  isDefault: boolean;
}

function fromRow(row: ShopPageRow): StoredOrDefault {
  return {
    slug: row.slug as ShopPageSlug,
    title: row.title,
    content: row.content,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    updatedAt: row.updatedAt.toISOString(),
    isDefault: false,
  };
}

function fromDefault(slug: ShopPageSlug, page: DefaultShopPage): StoredOrDefault {
  return { slug, ...page, updatedAt: DEFAULT_PAGES_UPDATED_AT, isDefault: true };
}

/**
 * Each page's sanitised content: the stored HTML is cleaned again on the way out (and the default
 * once too). Shoppers get it without the merchant's note and "(to confirm)" marks
 * (merchant-notes.ts); staff get them, in the admin editor.
 */
function toShopPage(page: StoredOrDefault, audience: 'public' | 'staff'): ShopPage {
  const content = sanitizePostHtml(page.content);
  return {
    slug: page.slug,
    title: page.title,
    content: audience === 'public' ? withoutMerchantNotes(content) : content,
    meta_title: page.metaTitle,
    meta_description: page.metaDescription,
    updated_at: page.updatedAt,
  };
}

/** Every page in the order of SHOP_PAGE_SLUGS, stored or default. */
async function allPages(db: Db, site: SiteConfig): Promise<StoredOrDefault[]> {
  const rows = await db.select().from(shopPages);
  const stored = new Map(rows.map((row) => [row.slug, row]));
  const defaults = defaultShopPages(site);
  return SHOP_PAGE_SLUGS.map((slug) => {
    const row = stored.get(slug);
    return row ? fromRow(row) : fromDefault(slug, defaults[slug]);
  });
}

async function onePage(db: Db, site: SiteConfig, slug: ShopPageSlug): Promise<StoredOrDefault> {
  const [row] = await db.select().from(shopPages).where(eq(shopPages.slug, slug)).limit(1);
  return row ? fromRow(row) : fromDefault(slug, defaultShopPages(site)[slug]);
}

/** `GET /pages`: slug, title and date of all six (footer, sitemap). */
export async function listShopPages(db: Db, site: SiteConfig): Promise<ShopPageSummary[]> {
  return (await allPages(db, site)).map((page) => ({ slug: page.slug, title: page.title, updated_at: page.updatedAt }));
}

/** `GET /admin/pages`: the same, and whether each is still on its default text. */
export async function listAdminShopPages(db: Db, site: SiteConfig): Promise<AdminShopPageSummary[]> {
  return (await allPages(db, site)).map((page) => ({
    slug: page.slug,
    title: page.title,
    updated_at: page.updatedAt,
    is_default: page.isDefault,
  }));
}

/** `GET /pages/{slug}` (and the drawn /pages/{slug}): what shoppers read, without the merchant's notes. */
export async function getShopPage(db: Db, site: SiteConfig, slug: ShopPageSlug): Promise<ShopPage> {
  return toShopPage(await onePage(db, site, slug), 'public');
}

/** `GET /admin/pages/{slug}`: the whole text, with the merchant's note and "(to confirm)" marks. */
export async function getAdminShopPage(db: Db, site: SiteConfig, slug: ShopPageSlug): Promise<ShopPage> {
  return toShopPage(await onePage(db, site, slug), 'staff');
}

/** A page and its text without markup, for the drawn page's meta description (seo/page-meta.ts). */
export async function shopPageForMeta(
  db: Db,
  site: SiteConfig,
  slug: ShopPageSlug,
): Promise<{ page: ShopPage; text: string }> {
  const page = await getShopPage(db, site, slug);
  return { page, text: plainText(page.content) };
}

/** The six pages' paths and dates for the sitemap. */
export async function sitemapShopPages(db: Db, site: SiteConfig): Promise<{ slug: string; updatedAt: string }[]> {
  return (await listShopPages(db, site)).map((page) => ({ slug: page.slug, updatedAt: page.updated_at }));
}

/** What the audit log keeps of a page: its fields, the content only by its length (as blog posts). */
function auditShape(page: StoredOrDefault) {
  return {
    title: page.title,
    meta_title: page.metaTitle,
    meta_description: page.metaDescription,
    content_length: page.content.length,
    is_default: page.isDefault,
  };
}

/**
 * `PUT /admin/pages/{slug}`: the fields sent change; the others keep their stored (or default)
 * value. The first save of a page writes its row. Content is sanitised before it is stored.
 */
export async function updateShopPage(
  db: Db,
  site: SiteConfig,
  slug: ShopPageSlug,
  input: ShopPageUpdate,
  context: AuditContext,
): Promise<ShopPage> {
  const after = await inTransaction(db, async (tx) => {
    // Locks the row when there is one; two first saves at once meet at the primary key below.
    const [row] = await tx.select().from(shopPages).where(eq(shopPages.slug, slug)).for('update').limit(1);
    const before = row ? fromRow(row) : fromDefault(slug, defaultShopPages(site)[slug]);
    const changes = {
      title: input.title,
      content: input.content === undefined ? undefined : sanitizePostHtml(input.content),
      metaTitle: input.meta_title,
      metaDescription: input.meta_description,
      updatedAt: new Date(),
      updatedBy: context.actor?.id ?? null,
    };
    const [saved] = await tx
      .insert(shopPages)
      .values({
        slug,
        title: changes.title ?? before.title,
        content: changes.content ?? before.content,
        metaTitle: changes.metaTitle === undefined ? before.metaTitle : changes.metaTitle,
        metaDescription: changes.metaDescription === undefined ? before.metaDescription : changes.metaDescription,
        updatedAt: changes.updatedAt,
        updatedBy: changes.updatedBy,
      })
      // Only the fields sent: a concurrent first save of other fields keeps them.
      .onConflictDoUpdate({ target: shopPages.slug, set: changes })
      .returning();
    if (!saved) throw new Error('shop page upsert returned nothing');
    const stored = fromRow(saved);
    await recordAudit(tx, {
      context,
      action: 'shop_page.update',
      entityType: 'shop_page',
      entityId: slug,
      before: auditShape(before),
      after: auditShape(stored),
    });
    return stored;
  });
  return toShopPage(after, 'staff');
}

/**
 * Changes whenever a page is saved: for caches of drawn pages that show the fixed pages (the
 * `/pages/{slug}` screens, the footer's list). The count covers a page's first save, the newest
 * date every later one.
 */
export async function pagesRevision(db: Db): Promise<string> {
  const [row] = await db.select({ pages: count(), newest: max(shopPages.updatedAt) }).from(shopPages);
  return `${row?.pages ?? 0}:${row?.newest?.getTime() ?? 0}`;
}
