import { queryOptions } from '@tanstack/react-query';
import type { Report, ReportType } from '#shared/contracts/analytics.ts';
import { adminDownload, adminGet } from '../auth/admin-api.ts';

/** Every report query starts with this key. */
export const ADMIN_REPORTS_KEY = ['admin', 'reports'] as const;

export const REPORTS_PATH = '/admin/reports';

/** What a report is asked for: its type and its first and last day (the shop's, inclusive). */
export interface ReportRequest {
  type: ReportType;
  date_from: string;
  date_to: string;
}

/** The screen's preview: the JSON report (at most REPORT_PREVIEW_ROWS rows, `total_rows` says how many there are). */
export const reportQuery = (request: ReportRequest) =>
  queryOptions({
    queryKey: [...ADMIN_REPORTS_KEY, request.type, request.date_from, request.date_to] as const,
    queryFn: ({ signal }) => adminGet<Report>(REPORTS_PATH, { query: { ...request, format: 'json' }, signal }),
    staleTime: 30_000,
  });

export const FILE_TYPES = { csv: 'text/csv', pdf: 'application/pdf' } as const;
export type ReportFileFormat = keyof typeof FILE_TYPES;

/** The whole report as a file (every row), fetched with the staff token like every admin call. */
export const downloadReport = (request: ReportRequest, format: ReportFileFormat, signal?: AbortSignal) =>
  adminDownload(REPORTS_PATH, { query: { ...request, format, download: true }, accept: FILE_TYPES[format], signal });

/** The name a saved file gets when the server does not suggest one: `sales-2026-11-01-2026-11-30.csv`. */
export const reportFileName = (request: ReportRequest, format: ReportFileFormat) =>
  `${request.type.replace('_', '-')}-${request.date_from}-${request.date_to}.${format}`;
