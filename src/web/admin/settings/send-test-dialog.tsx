import { zodResolver } from '@hookform/resolvers/zod';
import { type HTMLInputTypeAttribute, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '#web/lib/api-client.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { useDialogForm } from '../ui/use-editor-form.tsx';

/** What a test send answers: whether it went, in the server's words. */
export interface TestSendVerdict {
  delivered: boolean;
  message: string;
}

/**
 * A "Send a test …" dialog of the Email settings (a test email, an order email, a test text): one
 * address, sent with the saved settings, and the verdict (what the mail server or the provider
 * answered) shown under it in green or red; "Send again" keeps the address.
 */
export function TestSendDialog({
  title,
  description,
  schema,
  send,
  failure,
  input,
  onClose,
}: {
  title: string;
  description: string;
  schema: z.ZodType<{ to: string }, { to: string }>;
  send: (request: { to: string }) => Promise<TestSendVerdict>;
  /** Said when the request itself fails (not a refusal by the server). */
  failure: string;
  input: { type: HTMLInputTypeAttribute; autoComplete: string; placeholder?: string };
  onClose: () => void;
}) {
  const [result, setResult] = useState<TestSendVerdict | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { field, dialog } = useDialogForm<{ to: string }, { to: string }>({
    resolver: zodResolver(schema),
    defaultValues: { to: '' },
    save: async (request) => {
      setRefusal(null);
      setResult(null);
      try {
        setResult(await send(request));
      } catch (error) {
        setRefusal(error instanceof ApiError ? error.message : failure);
      }
    },
  });
  return (
    <FormDialog
      title={title}
      description={description}
      error={refusal}
      submitLabel={result ? 'Send again' : 'Send'}
      pendingLabel="Sending…"
      cancelLabel={result ? 'Close' : 'Cancel'}
      size="md"
      {...dialog}
      onClose={onClose}
    >
      <TextField label="Send to" {...input} {...field('to')} />
      {result && (
        <p
          role="status"
          className={`mt-4 rounded-xl px-3 py-2 text-sm ${
            result.delivered
              ? 'bg-green-50 text-green-900 dark:bg-green-950/40 dark:text-green-200'
              : 'bg-red-50 text-red-900 dark:bg-red-950/40 dark:text-red-200'
          }`}
        >
          {result.message}
        </p>
      )}
    </FormDialog>
  );
}
