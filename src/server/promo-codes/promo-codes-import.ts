import { getTableColumns, inArray, sql } from 'drizzle-orm';
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

/** Codes per look-up of existing ones, and rows per INSERT. */
const BATCH_ROWS = 1000;

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
const columns = getTableColumns(promoCodes);
const writtenNames = (Object.keys(WRITTEN) as (keyof typeof WRITTEN)[]).map((key) => columns[key].name);

/**
 * Inserts `inputs` in one statement whose only parameter is the rows as JSON, read back as
 * promo_codes records (`jsonb_populate_recordset`). Drizzle's multi-row VALUES binds 15
 * parameters a row, and binding was most of the time on PGlite (10,000 rows: 3.5 s, now well
 * under one). With `replace`, an existing code is updated in place: its id, uses, creator and
 * creation time stay.
 */
async function writeRows(tx: Db, inputs: readonly PromoCodeWrite[], createdBy: string | null, replace: boolean) {
  const names = [...writtenNames, columns.createdBy.name];
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const onConflict = replace
    ? sql.raw(
        ` on conflict ("${columns.code.name}") do update set ${writtenNames
          .map((name) => `"${name}" = excluded."${name}"`)
          .join(', ')}, "${columns.updatedAt.name}" = now()`,
      )
    : sql``;
  for (const batch of batches(inputs)) {
    const records = batch.map((input) => {
      const values = promoColumns(input) as Record<string, unknown>;
      const record: Record<string, unknown> = { [columns.createdBy.name]: createdBy };
      for (const key of Object.keys(WRITTEN) as (keyof typeof WRITTEN)[]) record[columns[key].name] = values[key];
      return record;
    });
    await tx.execute(
      sql`insert into ${promoCodes} (${list}) select ${list} from jsonb_populate_recordset(null::${promoCodes}, ${JSON.stringify(records)}::jsonb)${onConflict}`,
    );
  }
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
      // In turn: a transaction is one client, which must not be sent a query while it runs another.
      const missingSkus = await unknownSkus(tx, [...new Set(valid.flatMap((input) => input.product_skus))]);
      const missingCategories = await unknownCategories(tx, [...new Set(valid.flatMap((input) => input.category_ids))]);
      const existing = await existingCodes(tx, [...new Set(valid.map((input) => input.code))]);
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
      await writeRows(tx, creates, createdBy, false);
      await writeRows(tx, updates, createdBy, true);
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
