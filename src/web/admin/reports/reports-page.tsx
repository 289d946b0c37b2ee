import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ANALYTICS_DEFINITIONS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type Report,
  type ReportColumn,
} from '#shared/contracts/analytics.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { toast } from '#web/lib/toast.ts';
import { SelectField, TextField } from '#web/ui/form-field.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { saveFile } from '../ui/export-csv-button.tsx';
import { fieldBinder } from '../ui/form-fields.ts';
import { formatDateTime, money } from '../ui/format.ts';
import { ListSkeleton } from '../ui/list-states.tsx';
import { emptyAsUndefined, type ReportFormInput, ReportFormSchema, type ReportFormValues } from './report-form.ts';
import { presetRange, REPORT_PRESET_LABELS, REPORT_PRESETS, type ReportPreset, todayIn } from './report-presets.ts';
import {
  downloadReport,
  type ReportFileFormat,
  type ReportRequest,
  reportFileName,
  reportQuery,
} from './reports-api.ts';

const FORMAT_LABELS: Record<ReportFileFormat, string> = { csv: 'CSV', pdf: 'PDF' };

const requestOf = (values: ReportFormValues): ReportRequest => ({
  type: values.type,
  date_from: values.date_from as string,
  date_to: values.date_to as string,
});

function initialValues(): ReportFormInput {
  const range = presetRange('this_month', todayIn(getSiteConfig().timeZone));
  return { type: 'sales', preset: 'this_month', date_from: range?.date_from, date_to: range?.date_to };
}

/**
 * `/admin/reports` (docs/product.md#analytics-and-reports): a report type and a period (a preset
 * or two dates), a preview of the JSON report (its first rows, with the totals), and the whole
 * report as CSV or PDF. The preview follows the form; a download asks the server for the file
 * with the staff token and saves it, with the button busy meanwhile and an error toast on failure.
 */
export function ReportsPage() {
  const form = useForm<ReportFormInput, unknown, ReportFormValues>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: initialValues(),
    mode: 'onChange',
  });
  const { register, handleSubmit, setValue, watch, formState } = form;
  const field = fieldBinder(register, formState.errors);
  const dateField = (name: 'date_from' | 'date_to') => ({
    ...register(name, { setValueAs: emptyAsUndefined }),
    error: formState.errors[name]?.message,
  });
  const [request, setRequest] = useState<ReportRequest>(() => {
    const values = initialValues();
    return { type: 'sales', date_from: values.date_from as string, date_to: values.date_to as string };
  });
  const preview = useQuery(reportQuery(request));
  const [downloading, setDownloading] = useState<ReportFileFormat | null>(null);
  const preset = watch('preset');

  // The preview follows the form: each change the admin makes (a preset fills both dates first).
  useEffect(() => {
    const { unsubscribe } = watch((values, { name, type }) => {
      if (type !== 'change') return;
      if (name === 'preset') {
        const range = presetRange(values.preset as ReportPreset, todayIn(getSiteConfig().timeZone));
        if (range) {
          setValue('date_from', range.date_from, { shouldValidate: true });
          setValue('date_to', range.date_to, { shouldValidate: true });
        }
      }
      void handleSubmit((valid) => setRequest(requestOf(valid)))();
    });
    return unsubscribe;
  }, [watch, setValue, handleSubmit]);

  const download = (format: ReportFileFormat) =>
    handleSubmit(async (values) => {
      const wanted = requestOf(values);
      setRequest(wanted);
      setDownloading(format);
      try {
        const file = await downloadReport(wanted, format);
        saveFile(file.blob, file.filename ?? reportFileName(wanted, format));
      } catch (error) {
        toast({
          variant: 'error',
          title: `Could not download the ${FORMAT_LABELS[format]}`,
          description:
            error instanceof ApiError && error.status !== 0 ? error.message : 'Check your connection and try again.',
        });
      } finally {
        setDownloading(null);
      }
    })();

  return (
    <>
      <AdminPageHeader
        title="Reports"
        description="Sales, orders, products, customers, promo codes, stock and VAT for a period, to read here or take to your accountant."
      />
      <form
        className="card p-4 sm:p-5"
        aria-label="Choose a report"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit((values) => setRequest(requestOf(values)))();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField label="Report" {...field('type')}>
            {REPORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {REPORT_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Period" {...field('preset')}>
            {REPORT_PRESETS.map((choice) => (
              <option key={choice} value={choice}>
                {REPORT_PRESET_LABELS[choice]}
              </option>
            ))}
          </SelectField>
          {/* The two dates side by side, also on a phone: a range reads as one thing. */}
          {/* Filled by a preset, they are read-only and look it; "Custom dates" opens them. */}
          <div className="grid grid-cols-2 gap-3 sm:col-span-2 [&_input:read-only]:bg-subtle [&_input:read-only]:text-muted">
            <TextField label="From" type="date" readOnly={preset !== 'custom'} {...dateField('date_from')} />
            <TextField label="To" type="date" readOnly={preset !== 'custom'} {...dateField('date_to')} />
          </div>
        </div>
        {preset !== 'custom' && (
          <p className="mt-2 text-xs text-muted">
            Choose “Custom dates” to type your own. Days are the shop’s ({getSiteConfig().timeZone}).
          </p>
        )}
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-line pt-4">
          <span className="mr-auto text-sm text-muted">The files hold every row of the report.</span>
          {(['csv', 'pdf'] as const).map((format) => (
            <DownloadButton
              key={format}
              format={format}
              busy={downloading === format}
              disabled={downloading !== null}
              onClick={() => void download(format)}
            />
          ))}
        </div>
        {downloading && (
          <p role="status" className="mt-2 text-sm text-muted">
            Preparing the {FORMAT_LABELS[downloading]}…
          </p>
        )}
      </form>

      <section aria-labelledby="report-preview-title" className="mt-6">
        {preview.isPending ? (
          <>
            <h2 id="report-preview-title" className="sr-only">
              Preview
            </h2>
            <ListSkeleton label="Loading the preview" />
          </>
        ) : preview.isError ? (
          <>
            <h2 id="report-preview-title" className="sr-only">
              Preview
            </h2>
            <InlineError
              title={
                preview.error instanceof ApiError && preview.error.isClientError
                  ? preview.error.message
                  : 'Could not load the preview'
              }
              onRetry={() => void preview.refetch()}
            />
          </>
        ) : (
          <ReportPreview report={preview.data} fetching={preview.isFetching} />
        )}
      </section>
    </>
  );
}

const SPINNER = 'size-4 animate-spin rounded-full border-2 border-current border-t-transparent';

function DownloadButton({
  format,
  busy,
  disabled,
  onClick,
}: {
  format: ReportFileFormat;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn-secondary gap-2"
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {busy && <span aria-hidden="true" className={SPINNER} />}
      {busy ? `Downloading ${FORMAT_LABELS[format]}…` : `Download ${FORMAT_LABELS[format]}`}
    </button>
  );
}

type Row = Report['rows'][number];
type Cell = Row[string];

/** A cell as its column's kind reads: amounts in the shop's currency, days as days, numbers grouped. */
export function formatCell(value: Cell | undefined, kind: ReportColumn['kind']): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (kind === 'money') return money(value);
    if (kind === 'percent') return `${value.toFixed(1)}%`;
    return value.toLocaleString('en-US');
  }
  if (kind === 'date') {
    // Days, months and wall-clock times (`2026-11-03 14:05`) come already in the shop's zone and
    // stay as written, as in the CSV; only an instant with its offset is put in the shop's zone.
    return /T.*(Z|[+-]\d{2}:?\d{2})$/.test(value) ? formatDateTime(value) : value;
  }
  return value;
}

/**
 * Where each column goes on a phone card: the first column is the card's title, the report's
 * headline amount (its revenue or total, else its first amount) the figure on the right, the rest
 * labelled lines. From `md` up it is a table of every column.
 */
function previewColumns(columns: readonly ReportColumn[]): ListColumn<{ id: string; row: Row }>[] {
  const rest = columns.slice(1);
  const headline =
    rest.find((column) => column.kind === 'money' && (column.key === 'revenue' || column.key === 'total')) ??
    rest.find((column) => column.kind === 'money') ??
    rest.find((column) => column.kind === 'number');
  return columns.map((column, index) => ({
    header: column.label,
    card: index === 0 ? 'title' : column === headline ? 'aside' : 'line',
    align: column.kind === 'text' || column.kind === 'date' ? undefined : 'right',
    // A spreadsheet's rows: one line each, the table as wide as its columns (it scrolls sideways in
    // its region when wider than the page); on a phone the cards wrap instead.
    className: column.kind === 'text' ? 'whitespace-nowrap' : 'whitespace-nowrap tabular-nums',
    cell: ({ row }) => formatCell(row[column.key], column.kind),
  }));
}

function ReportPreview({ report, fetching }: { report: Report; fetching: boolean }) {
  const rows = report.rows.map((row, index) => ({ id: String(index), row }));
  const totals = report.totals;
  const hint = report.type === 'tax' ? ANALYTICS_DEFINITIONS.tax : null;
  const shown = report.rows.length;
  return (
    <div className="card" aria-busy={fetching}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-line px-4 py-4 sm:px-5">
        <h2 id="report-preview-title" className="text-base font-semibold text-strong">
          {report.title}
        </h2>
        <p className="text-sm text-muted tabular-nums">
          {report.date_from} to {report.date_to} ({report.time_zone})
        </p>
        {hint && <p className="basis-full text-xs text-muted">{hint}</p>}
      </div>
      {shown === 0 ? (
        <p className="px-5 py-12 text-center text-sm text-muted">Nothing in this period.</p>
      ) : (
        <DataList
          label={`${report.title}, preview`}
          rows={rows}
          columns={previewColumns(report.columns)}
          rowKey={(item) => item.id}
          tableClassName="w-max! min-w-full"
        />
      )}
      {totals && shown > 0 && <Totals columns={report.columns} totals={totals} />}
      <p className="border-t border-line px-4 py-3 text-sm text-muted sm:px-5" aria-live="polite">
        {shown < report.total_rows
          ? `Showing ${shown.toLocaleString('en-US')} of ${report.total_rows.toLocaleString('en-US')} rows. The CSV and PDF hold them all.`
          : `${report.total_rows.toLocaleString('en-US')} ${report.total_rows === 1 ? 'row' : 'rows'}.`}
      </p>
    </div>
  );
}

/** The report's sums (of all its rows, not only the preview's), labelled like their columns. */
function Totals({ columns, totals }: { columns: readonly ReportColumn[]; totals: Record<string, number> }) {
  const summed = columns.filter((column) => totals[column.key] !== undefined);
  if (summed.length === 0) return null;
  return (
    <section aria-label="Totals" className="border-t border-line bg-subtle/50 px-4 py-3 sm:px-5">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Totals</h3>
      <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {summed.map((column) => (
          <div key={column.key} className="flex gap-1.5">
            <dt className="text-muted">{column.label}</dt>
            <dd className="font-semibold text-strong tabular-nums">{formatCell(totals[column.key], column.kind)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
