import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '#server/audit/audit.service.ts';
import type { AuditContext } from '#server/audit/audit-context.ts';
import type { Db } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { badRequest, conflict } from '#server/errors.ts';
import {
  PROMO_MESSAGES,
  type PromoCodesImport,
  type PromoCodesImportResult,
  type PromoCodeWrite,
} from '#shared/contracts/promo-codes.ts';
import { isCodeTakenError, promoColumns, unknownCategories, unknownSkus } from './promo-codes.service.ts';
import { promoCodes } from './promo-codes.table.ts';
import { PromoCsvError, parsePromoCsv, validatePromoRows } from './promo-csv.ts';

/**
 * `POST /admin/promo-codes/import` (docs/product.md#csv-import-and-export): the database half.
 * Every row is judged first (schema, SKUs and categories that exist, codes repeated in the file,
 * codes that exist); then, unless it is a dry run, all the writes happen in one transaction, in
 * multi-row statements, so 10,000 rows take seconds. A dry run answers the same counts.
 */

/** Rows per INSERT: 15 parameters a row stays far below PostgreSQL's 65,535 per statement. */
const BATCH_ROWS = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += BATCH_ROWS) out.push(items.slice(start, start + BATCH_ROWS));
  return out;
}

/** Every column a write sets (the type keeps this in step with promoColumns). */
const WRITTEN: Record<keyof ReturnType<typeof promoColumns>, true> = {
  code: true,
  description: true,
  discountType: true,
  discountValue: true,
  appliesTo: true,
  productSkus: true,
  categoryIds: true,
  minimumOrderAmount: true,
  maximumDiscountAmount: true,
  maxUses: true,
  maxUsesPerCustomer: true,
  startDate: true,
  endDate: true,
  isActive: true,
};

/** `excluded.<column>` for every written column: the upsert replaces the code but keeps its id, uses and creator. */
function replacedColumns(): Record<string, SQL> {
  const columns = getTableColumns(promoCodes);
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(WRITTEN) as (keyof typeof WRITTEN)[]) {
    set[key] = sql.raw(`excluded."${columns[key].name}"`);
  }
  set.updatedAt = sql`now()`;
  return set;
}

export async function importPromoCodes(
  db: Db,
  request: PromoCodesImport,
  context: AuditContext,
): Promise<PromoCodesImportResult> {
  let rows: ReturnType<typeof parsePromoCsv>;
  try {
    rows = parsePromoCsv(request.csvData);
  } catch (error) {
    if (error instanceof PromoCsvError) throw badRequest(error.message, [{ path: 'csvData', message: error.message }]);
    throw error;
  }
  const outcomes = validatePromoRows(rows);
  const valid = outcomes.flatMap((outcome) => ('input' in outcome ? [outcome.input] : []));
  const errors: { row: number; error: string }[] = [];
  const creates: PromoCodeWrite[] = [];
  const updates: PromoCodeWrite[] = [];
  try {
    return await inTransaction(db, async (tx) => {
      const [missingSkus, missingCategories, existing] = await Promise.all([
        unknownSkus(tx, [...new Set(valid.flatMap((input) => input.product_skus))]),
        unknownCategories(tx, [...new Set(valid.flatMap((input) => input.category_ids))]),
        existingCodes(tx, [...new Set(valid.map((input) => input.code))]),
      ]);
      const skuMissing = new Set(missingSkus);
      const categoryMissing = new Set(missingCategories);
      const firstLine = new Map<string, number>();
      let skippedExisting = 0;
      for (const outcome of outcomes) {
        if ('error' in outcome) {
          errors.push({ row: outcome.line, error: outcome.error });
          continue;
        }
        const { input, line } = outcome;
        const unknown = input.product_skus.filter((sku) => skuMissing.has(sku));
        const error =
          unknown.length > 0
            ? `product_skus: ${PROMO_MESSAGES.unknownSkus(unknown)}`
            : input.category_ids.some((id) => categoryMissing.has(id))
              ? `category_ids: ${PROMO_MESSAGES.unknownCategories}`
              : firstLine.has(input.code)
                ? `code: ${input.code} is already on row ${firstLine.get(input.code)} of this file`
                : null;
        if (error) {
          errors.push({ row: line, error });
          continue;
        }
        firstLine.set(input.code, line);
        if (!existing.has(input.code)) creates.push(input);
        else if (request.update_existing) updates.push(input);
        else skippedExisting += 1;
      }
      const result: PromoCodesImportResult = {
        total_rows: rows.length,
        imported: creates.length,
        updated: updates.length,
        skipped: errors.length + skippedExisting,
        errors,
        dry_run: request.dry_run,
      };
      if (request.dry_run) return result;
      const createdBy = context.actor?.id ?? null;
      for (const batch of batches(creates)) {
        await tx.insert(promoCodes).values(batch.map((input) => ({ ...promoColumns(input), createdBy })));
      }
      const set = replacedColumns();
      for (const batch of batches(updates)) {
        await tx
          .insert(promoCodes)
          .values(batch.map((input) => promoColumns(input)))
          .onConflictDoUpdate({ target: promoCodes.code, set });
      }
      await recordAudit(tx, {
        context,
        action: 'promo_code.import',
        entityType: 'promo_code',
        after: {
          total_rows: result.total_rows,
          imported: result.imported,
          updated: result.updated,
          skipped: result.skipped,
          errors: errors.length,
          update_existing: request.update_existing,
        },
      });
      return result;
    });
  } catch (error) {
    // Another request created one of the file's codes between our read and our insert.
    if (isCodeTakenError(error)) throw conflict(`${PROMO_MESSAGES.codeTaken}. Import the file again.`);
    throw error;
  }
}

async function existingCodes(tx: Db, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of batches(codes)) {
    const rows = await tx.select({ code: promoCodes.code }).from(promoCodes).where(inArray(promoCodes.code, batch));
    for (const row of rows) found.add(row.code);
  }
  return found;
}
