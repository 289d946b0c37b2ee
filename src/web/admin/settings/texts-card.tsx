import {
  type EmailSettingsResponse,
  TEXT_CHANNEL_LABELS,
  TEXT_CHANNELS,
  type TestTextRequest,
  TestTextRequestSchema,
} from '#shared/contracts/settings.ts';
import { SelectField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { type EmailEditor, ORDER_MESSAGE_SWITCHES } from './email-form-values.ts';
import { SecretField } from './secret-field.tsx';
import { SwitchField } from './section-form.tsx';
import { TestSendDialog } from './send-test-dialog.tsx';
import { sendTestText } from './settings-api.ts';

/**
 * "Texts to customers" in Settings → Email: how texts reach a customer's phone (the outbox folder,
 * SMS or WhatsApp, with the provider's keys; the secret ones write-only), a test text with the
 * provider's verdict, and which order texts go out. Sign-in codes take the same way.
 */
export function TextsCard({
  editor,
  saved,
  onSendTest,
}: {
  editor: EmailEditor;
  saved: EmailSettingsResponse;
  /** Opens the test text dialog (rendered outside the section's form: a dialog has a form of its own). */
  onSendTest: () => void;
}) {
  const { field } = editor;
  const channel = editor.form.watch('text_channel');
  return (
    <DetailCard
      stack
      title="Texts to customers"
      description="Sign-in codes and short order updates with a link to the order, sent to the customer's phone."
      action={
        <button type="button" className="btn-secondary" onClick={onSendTest}>
          Send a test text
        </button>
      }
    >
      <SelectField label="Send texts by" {...field('text_channel')}>
        {TEXT_CHANNELS.map((name) => (
          <option key={name} value={name}>
            {TEXT_CHANNEL_LABELS[name]}
          </option>
        ))}
      </SelectField>
      {channel === 'outbox' && (
        <p className="rounded-xl bg-subtle px-3 py-2 text-sm text-muted">
          Texts are written to the outbox folder on the server (DATA_DIR/outbox) and not sent. Choose SMS or WhatsApp to
          reach your customers' phones.
        </p>
      )}
      {channel === 'sms' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Account SID"
              autoComplete="off"
              spellCheck={false}
              placeholder="AC…"
              hint="Your SMS account's ID, in the provider's console."
              {...field('sms_account_sid')}
            />
            <SecretField
              name="sms_auth_token"
              label="Auth token"
              savedText="An auth token is saved"
              state={saved.sms_auth_token}
              editor={editor}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Sender number or name"
              autoComplete="off"
              placeholder="+15551234567"
              hint="A number of the account in international form, or a name of up to 11 letters and digits where allowed."
              {...field('sms_from')}
            />
            <TextField
              label="SMS API address"
              autoComplete="off"
              spellCheck={false}
              inputMode="url"
              hint="Twilio's, or another provider with the same Messages API."
              {...field('sms_api_url')}
            />
          </div>
        </>
      )}
      {channel === 'whatsapp' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SecretField
              name="whatsapp_token"
              label="Access token"
              savedText="An access token is saved"
              state={saved.whatsapp_token}
              editor={editor}
            />
            <TextField
              label="Phone number ID"
              autoComplete="off"
              inputMode="numeric"
              hint="The sending number's ID in WhatsApp Manager (not the number itself)."
              {...field('whatsapp_phone_number_id')}
            />
          </div>
          <TextField
            label="WhatsApp API address"
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            hint="WhatsApp delivers free-form texts only to customers who wrote to the shop in the last 24 hours."
            {...field('whatsapp_api_url')}
          />
        </>
      )}
      <fieldset className="space-y-4">
        <legend className="w-full border-t border-line pt-4 text-sm font-medium text-strong">Which texts go out</legend>
        {ORDER_MESSAGE_SWITCHES.map(([name, label]) => (
          <SwitchField key={name} label={label} {...field(`messages.texts.${name}`)} />
        ))}
      </fieldset>
    </DetailCard>
  );
}

/** "Send a test text": one text through the saved channel, and what the provider answered. */
export function TestTextDialog({ unsaved, onClose }: { unsaved: boolean; onClose: () => void }) {
  return (
    <TestSendDialog
      title="Send a test text"
      description={
        unsaved
          ? 'It uses the saved settings: save your changes first to test them.'
          : 'It is sent with the saved settings, and shows what the provider answered. A test text may cost a message.'
      }
      schema={TestTextRequestSchema}
      send={(request: TestTextRequest) => sendTestText(request)}
      failure="Could not send the test text"
      input={{ type: 'tel', autoComplete: 'tel', placeholder: '03 123 456' }}
      onClose={onClose}
    />
  );
}
