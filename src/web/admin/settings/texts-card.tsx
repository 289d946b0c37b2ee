import {
  type EmailSettingsResponse,
  TEXT_CHANNEL_LABELS,
  TEXT_CHANNELS,
  type TestTextRequest,
  TestTextRequestSchema,
} from '#shared/contracts/settings.ts';
import { SelectField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { SwitchField } from '../ui/switch-field.tsx';
import { type EmailEditor, ORDER_MESSAGE_SWITCHES } from './email-form-values.ts';
import { SecretField } from './secret-field.tsx';
import { TestSendDialog } from './send-test-dialog.tsx';
import { sendTestText } from './settings-api.ts';

type ProviderFieldName =
  | 'sms_account_sid'
  | 'sms_from'
  | 'sms_api_url'
  | 'whatsapp_phone_number_id'
  | 'whatsapp_api_url';

/** The provider's keys, numbers and addresses other than its secret (those are SecretFields). */
const PROVIDER_FIELDS: Record<
  ProviderFieldName,
  { label: string; hint: string; placeholder?: string; inputMode?: 'url' | 'numeric' }
> = {
  sms_account_sid: {
    label: 'Account SID',
    placeholder: 'AC…',
    hint: "Your SMS account's ID, in the provider's console.",
  },
  sms_from: {
    label: 'Sender number or name',
    placeholder: '+15551234567',
    hint: 'A number of the account in international form, or a name of up to 11 letters and digits where allowed.',
  },
  sms_api_url: {
    label: 'SMS API address',
    hint: "Twilio's, or another provider with the same Messages API.",
    inputMode: 'url',
  },
  whatsapp_phone_number_id: {
    label: 'Phone number ID',
    hint: "The sending number's ID in WhatsApp Manager (not the number itself).",
    inputMode: 'numeric',
  },
  whatsapp_api_url: {
    label: 'WhatsApp API address',
    hint: 'WhatsApp delivers free-form texts only to customers who wrote to the shop in the last 24 hours.',
    inputMode: 'url',
  },
};

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
  // Taken as typed: no autocomplete, no spelling marks.
  const provider = (name: ProviderFieldName) => (
    <TextField autoComplete="off" spellCheck={false} {...PROVIDER_FIELDS[name]} {...field(name)} />
  );
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
            {provider('sms_account_sid')}
            <SecretField
              name="sms_auth_token"
              label="Auth token"
              savedText="An auth token is saved"
              state={saved.sms_auth_token}
              editor={editor}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {provider('sms_from')}
            {provider('sms_api_url')}
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
            {provider('whatsapp_phone_number_id')}
          </div>
          {provider('whatsapp_api_url')}
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
