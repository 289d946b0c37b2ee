import type { Db } from '#server/db/client.ts';
import { REPORT_PREVIEW_ROWS, REPORT_TYPE_LABELS, type Report, type ReportType } from '#shared/contracts/analytics.ts';
import { customersReport } from './customers-report.ts';
import { inventoryReport } from './inventory-report.ts';
import { ordersReport } from './orders-report.ts';
import { productsReport } from './products-report.ts';
import { promoCodesReport } from './promo-codes-report.ts';
import type { ReportDefinition, ReportPeriod } from './report-kit.ts';
import { salesReport } from './sales-report.ts';
import { taxReport } from './tax-report.ts';

/** Every report type, one module each (docs/product.md#reports). */
export const REPORT_DEFINITIONS: Readonly<Record<ReportType, ReportDefinition>> = {
  sales: salesReport,
  orders: ordersReport,
  products: productsReport,
  customers: customersReport,
  promo_codes: promoCodesReport,
  inventory: inventoryReport,
  tax: taxReport,
};

/** The JSON answer: the columns, the first REPORT_PREVIEW_ROWS rows, how many there are, the totals. */
export async function reportPreview(db: Db, type: ReportType, period: ReportPeriod): Promise<Report> {
  const definition = REPORT_DEFINITIONS[type];
  const preview = await definition.preview(db, period, REPORT_PREVIEW_ROWS);
  return {
    type,
    title: REPORT_TYPE_LABELS[type],
    date_from: period.from,
    date_to: period.to,
    time_zone: period.timeZone,
    columns: definition.columns.map(({ key, label, kind }) => ({ key, label, kind })),
    rows: preview.rows,
    total_rows: preview.totalRows,
    totals: preview.totals,
    note: preview.note,
  };
}
