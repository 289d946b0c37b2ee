import { type SQL, sql } from 'drizzle-orm';
import { productVariants } from '#server/products/product-variants.table.ts';
import { products } from '#server/products/products.table.ts';
import { dollars, num, type ReportDefinition, type ReportRecord, rowsOf, variantLabel } from './report-kit.ts';

/**
 * `inventory`: the stock as it is now (the period does not apply; the note and the PDF say so), one row per
 * active variant of a product on sale, by SKU: stock, its alert threshold, whether it is low (some left, at or
 * below the threshold) or out (none), and its value at cost (cost × stock, for variants whose cost
 * is known) and at price. docs/product.md#reports.
 */

const STEP_ROWS = 2_000;

/**
 * The variants counted: active ones of active products, as the analytics' stock value counts them
 * (ANALYTICS_DEFINITIONS.stockValue); a product taken off sale is out of the report.
 */
const onSale = sql`v.is_active and exists (select 1 from ${products} p where p.id = v.product_id and p.is_active)`;

interface VariantRow {
  variant_id: string;
  product_id: string;
  name: string;
  sku_key: string;
  sku: string;
  options: Record<string, string>;
  variations: { name: string }[];
  stock: number;
  threshold: number;
  cost: unknown;
  price: unknown;
}

/**
 * A page by SKU (any case; SKUs are unique regardless of case), after `after`: the variants' own
 * index gives the order, so a page reads its rows and no more, and each looks its product up.
 */
function pageQuery(limit: number, after?: VariantRow): SQL {
  const keyset = after ? sql`and lower(v.sku) > ${after.sku_key}` : sql``;
  return sql`select v.id as variant_id, v.product_id, p.name, lower(v.sku) as sku_key,
      v.sku, v.options, p.variations, v.stock_quantity as stock,
      v.low_stock_threshold as threshold, v.cost_price as cost, v.price
    from (select * from ${productVariants} v where ${onSale} ${keyset} order by lower(v.sku) limit ${limit}) as v
      join lateral (select name, variations from ${products} where id = v.product_id limit 1) as p on true
    order by lower(v.sku)`;
}

export function stockStatus(stock: number, threshold: number): 'out' | 'low' | 'in' {
  if (stock <= 0) return 'out';
  return stock <= threshold ? 'low' : 'in';
}

function recordOf(row: VariantRow): ReportRecord {
  const stock = num(row.stock);
  const cost = row.cost === null ? null : num(row.cost);
  const price = num(row.price);
  return {
    product: row.name,
    variant: variantLabel(row.options, row.variations),
    sku: row.sku,
    status: stockStatus(stock, num(row.threshold)),
    stock_quantity: stock,
    low_stock_threshold: num(row.threshold),
    cost_price: cost,
    stock_value: cost === null ? null : dollars(Math.round(cost * 100) * stock),
    price,
    retail_value: dollars(Math.round(price * 100) * stock),
  };
}

export const inventoryReport: ReportDefinition = {
  type: 'inventory',
  columns: [
    { key: 'product', label: 'Product', kind: 'text', pdf: 3 },
    { key: 'variant', label: 'Variant', kind: 'text', pdf: 1.6 },
    { key: 'sku', label: 'SKU', kind: 'text', pdf: 1.5 },
    { key: 'status', label: 'Status', kind: 'text', pdf: 0.9, display: { in: 'In stock', low: 'Low', out: 'Out' } },
    { key: 'stock_quantity', label: 'Stock', kind: 'number', pdf: 0.7, sums: true },
    { key: 'low_stock_threshold', label: 'Alert at', kind: 'number', pdf: 0.7 },
    { key: 'cost_price', label: 'Cost', kind: 'money', pdf: 0.9 },
    { key: 'stock_value', label: 'Value at cost', kind: 'money', pdf: 1.1, sums: true },
    { key: 'price', label: 'Price', kind: 'money', pdf: 0.9 },
    { key: 'retail_value', label: 'Value at price', kind: 'money', pdf: 1.1, sums: true },
  ],
  async preview(db, _period, limit) {
    const [figures] = await rowsOf<Record<string, unknown>>(
      db,
      // Cents as bigint (numeric to float8 goes through text: several times the cost).
      sql`select count(*)::float8 as n, coalesce(sum(stock_quantity), 0)::float8 as stock,
          coalesce(sum((cost_price * 100)::bigint * stock_quantity), 0)::float8 as cost_value,
          coalesce(sum((price * 100)::bigint * stock_quantity), 0)::float8 as retail_value,
          count(*) filter (where stock_quantity <= 0)::float8 as out_count,
          count(*) filter (where stock_quantity > 0 and stock_quantity <= low_stock_threshold)::float8 as low_count
        from ${productVariants} v where ${onSale}`,
    );
    const rows = limit > 0 ? (await rowsOf<VariantRow>(db, pageQuery(limit))).map(recordOf) : [];
    return {
      rows,
      totalRows: num(figures?.n),
      totals: {
        stock_quantity: num(figures?.stock),
        stock_value: dollars(figures?.cost_value),
        retail_value: dollars(figures?.retail_value),
      },
      note: `The stock now, whatever the dates chosen: ${num(figures?.low_count)} low, ${num(figures?.out_count)} out of stock.`,
    };
  },
  async *pages(db) {
    let after: VariantRow | undefined;
    for (;;) {
      const rows = await rowsOf<VariantRow>(db, pageQuery(STEP_ROWS, after));
      if (rows.length > 0) yield rows.map(recordOf);
      if (rows.length < STEP_ROWS) return;
      after = rows.at(-1);
    }
  },
};
