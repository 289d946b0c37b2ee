import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import {
  PROMO_IMPORT_MAX_BYTES,
  PROMO_MESSAGES,
  PROMO_TEMPLATE_FILE_NAME,
  type PromoCodesImportResult,
} from '#shared/contracts/promo-codes.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { type Column, ColumnHeaders } from '../ui/column-headers.tsx';
import { ExportCsvButton } from '../ui/export-csv-button.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { importPromoCodes, invalidatePromoCodes, PROMO_TEMPLATE_PATH } from './promo-api.ts';

type Step =
  | { name: 'pick' }
  | { name: 'checking' }
  | { name: 'preview'; csvData: string; result: PromoCodesImportResult }
  | { name: 'importing'; csvData: string; preview: PromoCodesImportResult }
  | { name: 'done'; result: PromoCodesImportResult };

export const FILE_TOO_LARGE_MESSAGE = 'The file is larger than 5 MB';

const ERROR_COLUMNS: readonly Column[] = [
  ['Row', 'w-16 px-3 py-2 font-medium'],
  ['Error', 'px-3 py-2 font-medium'],
];
/** Downloads the import's CSV template: in the list's header and in the import dialog. */
export function TemplateButton({ label, className }: { label: string; className: string }) {
  return (
    <ExportCsvButton
      path={PROMO_TEMPLATE_PATH}
      query={{}}
      filename={PROMO_TEMPLATE_FILE_NAME}
      errorMessage={PROMO_MESSAGES.templateFailed}
      label={label}
      className={className}
    />
  );
}

const codes = (count: number) => `${count} ${count === 1 ? 'code' : 'codes'}`;
/** What the real import will write: new codes plus the existing ones it updates. */
const toWriteCount = (result: PromoCodesImportResult) => result.imported + result.updated;

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * Import codes from a CSV file, in two steps so nothing is written blind: the file is read in the
 * browser (over 5 MB is refused before sending) and checked by a dry run, which shows the counts
 * and every bad row; then "Import N codes" runs the real import, and the list refreshes.
 */
export function PromoImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const [file, setFile] = useState<File | null>(null);
  const [updateExisting, setUpdateExisting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const check = async () => {
    if (!file) {
      setError('Choose a CSV file first');
      return;
    }
    if (file.size > PROMO_IMPORT_MAX_BYTES) {
      setError(FILE_TOO_LARGE_MESSAGE);
      return;
    }
    setError(null);
    setStep({ name: 'checking' });
    try {
      const csvData = await file.text();
      const result = await importPromoCodes({ csvData, dry_run: true, update_existing: updateExisting });
      setStep({ name: 'preview', csvData, result });
    } catch (caught) {
      setError(errorText(caught, 'Could not check the file'));
      setStep({ name: 'pick' });
    }
  };

  const runImport = async (csvData: string, preview: PromoCodesImportResult) => {
    setError(null);
    setStep({ name: 'importing', csvData, preview });
    try {
      const result = await importPromoCodes({ csvData, dry_run: false, update_existing: updateExisting });
      setStep({ name: 'done', result });
      void invalidatePromoCodes(queryClient);
      toast({ variant: 'success', title: `${codes(toWriteCount(result))} imported` });
    } catch (caught) {
      setError(errorText(caught, 'Could not import the file'));
      setStep({ name: 'preview', csvData, result: preview });
    }
  };

  const busy = step.name === 'checking' || step.name === 'importing';
  const submit = () => {
    if (step.name === 'pick') void check();
    else if (step.name === 'preview') void runImport(step.csvData, step.result);
    else if (step.name === 'done') {
      // Another file: back to the start, with the choices kept.
      setFile(null);
      setStep({ name: 'pick' });
    }
  };
  const submitLabel =
    step.name === 'preview'
      ? `Import ${codes(toWriteCount(step.result))}`
      : step.name === 'done'
        ? 'Import another file'
        : step.name === 'importing'
          ? 'Importing…'
          : step.name === 'checking'
            ? 'Checking…'
            : 'Check file';

  return (
    <FormDialog
      title="Import promo codes"
      size="lg"
      description={
        <>
          A CSV file with the template's columns (up to 5 MB). The file is checked first; nothing is saved until you
          confirm. <TemplateButton label="Download the template" className="text-link" />
        </>
      }
      error={error}
      submitLabel={submitLabel}
      pending={busy}
      submitDisabled={step.name === 'preview' && toWriteCount(step.result) === 0}
      cancelLabel={step.name === 'done' ? 'Close' : 'Cancel'}
      onSubmit={submit}
      onClose={onClose}
    >
      {(step.name === 'pick' || step.name === 'checking') && (
        <div className="space-y-4">
          <div>
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              CSV file
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
              className="mt-1 block w-full min-w-0 text-sm file:mr-3 file:rounded-full file:border file:border-line-strong file:bg-surface file:px-4 file:py-2 file:text-sm file:font-semibold file:text-fg hover:file:bg-subtle"
            />
          </div>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-accent"
              checked={updateExisting}
              disabled={busy}
              onChange={(event) => setUpdateExisting(event.target.checked)}
            />
            <span>
              <span className="font-medium">Update existing codes</span>
              <span className="block text-muted">
                A row whose code already exists replaces that code. Otherwise such rows are skipped.
              </span>
            </span>
          </label>
          {step.name === 'checking' && <ImportProgress steps={['Checking file…', 'Importing…']} current={0} />}
        </div>
      )}
      {step.name === 'preview' && <ImportSummary result={step.result} preview />}
      {step.name === 'importing' && (
        <>
          <ImportSummary result={step.preview} preview />
          <ImportProgress steps={['Checking file…', 'Importing…']} current={1} />
        </>
      )}
      {step.name === 'done' && <ImportSummary result={step.result} />}
    </FormDialog>
  );
}

/**
 * Where the import is: the steps with the current one named, and a bar. The API client sends the
 * file in one request without upload events, so the bar moves by step and pulses while one runs.
 */
function ImportProgress({ steps, current }: { steps: readonly string[]; current: number }) {
  const percent = Math.round(((current + 0.5) / steps.length) * 100);
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={steps[current]}
        className="h-2 overflow-hidden rounded-full bg-subtle"
      >
        <div
          className="h-full animate-pulse rounded-full bg-accent transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-live="polite">
        {steps.map((label, index) => (
          <li
            key={label}
            aria-current={index === current ? 'step' : undefined}
            className={index === current ? 'font-medium text-strong' : 'text-muted'}
          >
            {index < current ? `✓ ${label.replace('…', '')}` : label}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Count({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl bg-subtle px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold text-strong tabular-nums">{value}</dd>
    </div>
  );
}

/** The dry run's or the import's answer: the counts, then every row that was refused and why. */
function ImportSummary({ result, preview = false }: { result: PromoCodesImportResult; preview?: boolean }) {
  return (
    <section aria-label={preview ? 'Check result' : 'Import result'} className="space-y-3">
      <p className="text-sm">
        {preview
          ? `The file has ${result.total_rows} ${result.total_rows === 1 ? 'row' : 'rows'}. Nothing is saved yet.`
          : `Imported ${codes(result.imported)}${result.updated > 0 ? `, updated ${codes(result.updated)}` : ''}.`}
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label="Rows" value={result.total_rows} />
        <Count label={preview ? 'To import' : 'Imported'} value={result.imported} />
        <Count label={preview ? 'To update' : 'Updated'} value={result.updated} />
        <Count label="Skipped" value={result.skipped} />
      </dl>
      {result.errors.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-danger">
            {result.errors.length} {result.errors.length === 1 ? 'row has an error' : 'rows have errors'}
            {preview ? ' and will be skipped' : ' and were skipped'}
          </h3>
          <div className="mt-2 max-h-56 overflow-y-auto rounded-xl border border-line">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Rows with errors</caption>
              <thead className="sticky top-0 bg-subtle text-xs tracking-wide text-muted uppercase">
                <ColumnHeaders columns={ERROR_COLUMNS} />
              </thead>
              <tbody className="divide-y divide-line">
                {result.errors.map((item) => (
                  <tr key={`${item.row}-${item.error}`}>
                    <td className="px-3 py-2 align-top tabular-nums">{item.row}</td>
                    <td className="px-3 py-2 [overflow-wrap:anywhere]">{item.error}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
