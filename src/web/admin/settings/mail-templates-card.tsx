import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  MAIL_WORDING_HELP,
  type MailPreview,
  type MailWording,
  ORDER_MAIL_EVENT_LABELS,
  ORDER_MAIL_EVENTS,
  type OrderMailEvent,
} from '#shared/contracts/settings.ts';
import { ORDER_MAIL_STRINGS_EN } from '#shared/order-mail-strings.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { previewMail } from './settings-api.ts';

/** What `fieldBinder` hands a field: its registration and its error. */
type BoundField = UseFormRegisterReturn & { error?: string };

/** A wording field of the Email form: `templates.shipped.subject`. */
export type WordingFieldName = `templates.${OrderMailEvent}.${keyof MailWording}`;

/**
 * Settings → Email → Message templates (docs/product.md#order-mails-to-the-shopper): one row per
 * order mail with its subject and introduction (plain text, blank for the default wording, shown
 * greyed in the field), a Preview of the mail as the form stands (unsaved wording included,
 * drawn in a sandboxed frame at a mail's width) and a test send of the saved one.
 */
export function MailTemplatesCard({
  field: bind,
  wordingOf,
  onSendTest,
}: {
  /** The Email form's field binder (`editor.field`), for the wording fields. */
  field: (name: WordingFieldName) => BoundField;
  /** The event's wording as the form holds it now (saved or not). */
  wordingOf: (event: OrderMailEvent) => MailWording;
  /** Opens the test email dialog for one event. */
  onSendTest: (event: OrderMailEvent) => void;
}) {
  const [previewing, setPreviewing] = useState<{ event: OrderMailEvent; wording: MailWording } | null>(null);
  const id = useId();
  const field = (event: OrderMailEvent, part: keyof MailWording) => bind(`templates.${event}.${part}`);
  return (
    <DetailCard
      stack
      title="Message templates"
      description="The subject and first paragraph of each order email, in your words. Leave a field blank to keep the default (shown greyed). Plain text only: the layout, order lines, totals and your shop's details are added for you."
    >
      {ORDER_MAIL_EVENTS.map((event) => {
        const defaults = ORDER_MAIL_STRINGS_EN[event];
        return (
          <fieldset
            key={event}
            aria-labelledby={`${id}-${event}`}
            className="space-y-3 border-line border-t pt-4 first:border-t-0 first:pt-0"
          >
            <legend id={`${id}-${event}`} className="float-left mb-3 w-full text-sm font-semibold text-strong">
              {ORDER_MAIL_EVENT_LABELS[event]}
            </legend>
            <TextField
              label="Subject"
              optional
              autoComplete="off"
              placeholder={defaults.subject}
              hint={MAIL_WORDING_HELP.subject}
              {...field(event, 'subject')}
            />
            <TextAreaField
              label="Introduction"
              optional
              rows={3}
              placeholder={defaults.intro}
              hint={MAIL_WORDING_HELP.intro}
              {...field(event, 'intro')}
            />
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setPreviewing({ event, wording: wordingOf(event) })}
              >
                Preview
              </button>
              <button type="button" className="btn-secondary" onClick={() => onSendTest(event)}>
                Send test
              </button>
            </div>
          </fieldset>
        );
      })}
      {previewing && <MailPreviewDialog {...previewing} onClose={() => setPreviewing(null)} />}
    </DetailCard>
  );
}

/** A mail's width in a mail client's reading pane (the template is 600 px wide at most). */
const MAIL_WIDTH = 640;

/**
 * The mail as it would go out, with the sample order: its subject, the HTML part in a frame that
 * may run nothing (`sandbox=""`: no scripts, no forms, its own origin) at a mail's width, and the
 * plain-text part.
 */
function MailPreviewDialog({
  event,
  wording,
  onClose,
}: {
  event: OrderMailEvent;
  wording: MailWording;
  onClose: () => void;
}) {
  const dialog = useControlledDialog(true);
  const id = useId();
  const [mail, setMail] = useState<MailPreview | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { subject, intro } = wording;
  useEffect(() => {
    const aborted = new AbortController();
    previewMail({ event, wording: { subject, intro } }, aborted.signal).then(setMail, (error: unknown) => {
      if (aborted.signal.aborted) return;
      setRefusal(error instanceof ApiError ? error.message : 'Could not draw the preview');
    });
    return () => aborted.abort();
  }, [event, subject, intro]);
  const label = ORDER_MAIL_EVENT_LABELS[event];
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(44rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-5 text-left text-fg shadow-xl backdrop:bg-black/40 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-strong">
        Preview: {label}
      </h2>
      <p className="mt-1 text-sm text-muted">With a sample order and the wording in the form (saved or not).</p>
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {refusal}
        </p>
      )}
      {!mail && !refusal && (
        <p role="status" className="mt-4 text-sm text-muted">
          Drawing the preview…
        </p>
      )}
      {mail && (
        <div className="mt-4 space-y-3">
          <p className="text-sm">
            <span className="text-muted">Subject: </span>
            <span className="font-medium text-strong">{mail.subject}</span>
          </p>
          <iframe
            title={`${label} email`}
            sandbox=""
            srcDoc={mail.html}
            className="block h-[60vh] w-full rounded-xl border border-line bg-white"
            style={{ maxWidth: MAIL_WIDTH }}
          />
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-strong">Plain-text version</summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded-xl bg-subtle p-3 text-xs whitespace-pre-wrap">
              {mail.text}
            </pre>
          </details>
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
