import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes, Ref } from 'react';
import { useForm } from 'react-hook-form';
import {
  type StaffTwoFactorSetup,
  type StaffTwoFactorVerifyRequest,
  StaffTwoFactorVerifyRequestSchema,
} from '#shared/contracts/staff-two-factor.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { FieldShell, inputClass } from '#web/ui/form-field.tsx';

/**
 * The pieces of turning on staff two-step sign-in (docs/product.md#staff-two-step-sign-in) that
 * the Security page and the sign-in's enrolment step share: the QR code with the key to type by
 * hand, the backup codes to download or print, and the code that confirms.
 */

/** The key in groups of four, as authenticator apps show it; spaces are ignored when typed. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

type CodeInputProps = {
  label: string;
  /** `app`: the authenticator's 6 digits; `backup`: a saved backup code; `either`: one or the other. */
  kind: 'app' | 'backup' | 'either';
  error?: string;
  hint?: string;
  /** The field's box (its width). */
  className?: string;
  ref?: Ref<HTMLInputElement>;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'>;

/** A code field: large monospaced digits, `autocomplete="one-time-code"` for the app's code. */
export function CodeInput({ label, kind, error, hint, className, ref, ...input }: CodeInputProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy }) => (
        <input
          ref={ref}
          id={id}
          type="text"
          inputMode={kind === 'app' ? 'numeric' : 'text'}
          autoComplete={kind === 'backup' ? 'off' : 'one-time-code'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={kind === 'app' ? 7 : 12}
          placeholder={kind === 'backup' ? 'abcde-23456' : '123456'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} text-center font-mono text-lg tracking-[0.3em] sm:text-lg`}
          {...input}
        />
      )}
    </FieldShell>
  );
}

/** The QR code to scan and, for an app that cannot scan, the key to type. */
export function AuthenticatorSetup({ setup }: { setup: StaffTwoFactorSetup }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={setup.qrCode}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="mx-auto size-44 rounded-lg border border-line bg-white p-2 sm:mx-0"
      />
      <div className="min-w-0 space-y-2 text-sm">
        <ol className="list-decimal space-y-1 pl-5">
          <li>Open your authenticator app (Google Authenticator, 1Password, Authy…) and scan the QR code.</li>
          <li>Or type this key into the app instead:</li>
        </ol>
        <p
          className="rounded-lg border border-line bg-subtle px-3 py-2 font-mono text-sm tracking-wide break-words text-strong"
          data-testid="totp-secret"
        >
          {groupedSecret(setup.secret)}
        </p>
      </div>
    </div>
  );
}

const backupCodesText = (codes: string[]) =>
  `Backup codes for the admin's two-step sign-in\nEach code works once, when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;

function downloadBackupCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([backupCodesText(codes)], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'admin-backup-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Prints the codes alone: a sheet added to the page for the print, with a print-only rule that
 * hides everything else, removed once the dialog closes (no window to open, nothing a pop-up
 * blocker stops).
 */
function printBackupCodes(codes: string[]): void {
  const sheet = document.createElement('div');
  sheet.id = 'cedar-backup-codes-print';
  sheet.style.display = 'none';
  const title = document.createElement('h1');
  title.textContent = 'Backup codes for the admin’s two-step sign-in';
  const note = document.createElement('p');
  note.textContent = 'Each code works once, when you cannot use your authenticator app.';
  const list = document.createElement('ol');
  list.style.fontFamily = 'monospace';
  list.style.fontSize = '16pt';
  for (const code of codes) {
    const item = document.createElement('li');
    item.textContent = code;
    list.append(item);
  }
  sheet.append(title, note, list);
  const style = document.createElement('style');
  style.textContent = `@media print { body > *:not(#${sheet.id}) { display: none !important; } #${sheet.id} { display: block !important; } }`;
  document.body.append(sheet);
  document.head.append(style);
  const cleanUp = () => {
    sheet.remove();
    style.remove();
    window.removeEventListener('afterprint', cleanUp);
  };
  window.addEventListener('afterprint', cleanUp);
  window.print();
}

/** The ten backup codes, shown this once, with "Download" (a .txt) and "Print". */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-xl border border-line bg-subtle p-4" data-testid="backup-codes">
      <h3 className="font-semibold text-strong">Backup codes</h3>
      <p className="mt-1 text-sm text-muted">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg bg-surface p-3 font-mono text-sm tabular-nums sm:text-base">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => downloadBackupCodes(codes)}>
          Download
        </button>
        <button type="button" className="btn-secondary" onClick={() => printBackupCodes(codes)}>
          Print
        </button>
      </div>
    </div>
  );
}

/**
 * The code from the app that proves it holds the key (POST …/verify or …/enrol). `onConfirm`
 * throws the server's refusal: a wrong code is shown on the field, anything else above it.
 */
export function ConfirmCodeForm({
  onConfirm,
  submitLabel,
  onCancel,
}: {
  onConfirm: (token: string) => Promise<void>;
  submitLabel: string;
  onCancel?: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffTwoFactorVerifyRequest>({
    resolver: zodResolver(StaffTwoFactorVerifyRequestSchema),
    defaultValues: { token: '' },
  });
  const submit = async ({ token }: StaffTwoFactorVerifyRequest) => {
    try {
      await onConfirm(token);
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : 'Something went wrong. Try again.';
      setError('token', { message }, { shouldFocus: true });
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-3">
      <CodeInput
        kind="app"
        label="Code from the app"
        className="max-w-xs"
        hint="The 6 digits your authenticator app shows now."
        error={errors.token?.message}
        {...register('token')}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
