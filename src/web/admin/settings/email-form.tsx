import { useRef, useState } from 'react';
import {
  type EmailSettingsResponse,
  ORDER_MAIL_EVENT_LABELS,
  type OrderMailEvent,
  SMTP_SECURITY,
  type TestEmailRequest,
  TestEmailRequestSchema,
} from '#shared/contracts/settings.ts';
import { SelectField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { SwitchField } from '../ui/switch-field.tsx';
import { emailResolver, ORDER_MESSAGE_SWITCHES, toFormValues } from './email-form-values.ts';
import { MailTemplatesCard } from './mail-templates-card.tsx';
import { SecretField } from './secret-field.tsx';
import { SectionFormBody, useSectionForm } from './section-form.tsx';
import { TestSendDialog } from './send-test-dialog.tsx';
import { sendTestEmail } from './settings-api.ts';
import { TestTextDialog, TextsCard } from './texts-card.tsx';

const SECURITY_LABELS = {
  starttls: 'STARTTLS (usually port 587)',
  tls: 'TLS (usually port 465)',
  none: 'None (not encrypted)',
} as const;

const SHOP_MESSAGES = [
  ['new_order', 'New order'],
  ['low_stock', 'Low stock'],
] as const;

/**
 * The Email tab: the SMTP server (password write-only), the sender, which emails go out, the texts
 * to customers (channel and provider keys, write-only, which texts go out, a test text), each order
 * email's wording with its preview, and a test email (plain, or one order email with a sample order).
 */
export function EmailForm({ saved }: { saved: EmailSettingsResponse }) {
  // The resolver is made once; it reads the saved section as it is when the form is checked.
  const savedNow = useRef(saved);
  savedNow.current = saved;
  const [resolver] = useState(() => emailResolver(() => savedNow.current));
  const editor = useSectionForm({ section: 'email', saved, resolver, toFormValues });
  const { field, numberField } = editor;
  /** The test dialog: open for the plain test email (true) or one order email. */
  const [testing, setTesting] = useState<false | true | OrderMailEvent>(false);
  const [testingText, setTestingText] = useState(false);
  return (
    <>
      <SectionFormBody editor={editor}>
        <DetailCard
          stack
          title="Mail server (SMTP)"
          description="Without a server, emails are written to the outbox folder on the server instead of being sent."
          action={
            <button type="button" className="btn-secondary" onClick={() => setTesting(true)}>
              Send a test email
            </button>
          }
        >
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <TextField
              label="SMTP server"
              optional
              placeholder="smtp.example.com"
              autoComplete="off"
              {...field('smtp_host')}
            />
            <TextField label="Port" {...numberField('smtp_port')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="User name" optional autoComplete="off" {...field('smtp_user')} />
            <SecretField
              name="smtp_password"
              label="Password"
              savedText="A password is saved"
              state={saved.smtp_password}
              editor={editor}
              autoComplete="new-password"
              optional
            />
          </div>
          <SelectField label="Security" {...field('smtp_security')}>
            {SMTP_SECURITY.map((security) => (
              <option key={security} value={security}>
                {SECURITY_LABELS[security]}
              </option>
            ))}
          </SelectField>
        </DetailCard>
        <DetailCard stack title="Sender" description="What customers see in the From line.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Sender name" {...field('from_name')} />
            <TextField label="Sender address" type="email" autoComplete="off" {...field('from_address')} />
          </div>
        </DetailCard>
        <DetailCard stack title="Emails to customers">
          {ORDER_MESSAGE_SWITCHES.map(([name, label]) => (
            <SwitchField key={name} label={label} {...field(`messages.customer.${name}`)} />
          ))}
        </DetailCard>
        <TextsCard editor={editor} saved={saved} onSendTest={() => setTestingText(true)} />
        <DetailCard stack title="Emails to the shop" description={`Sent to the shop email of the Store tab.`}>
          {SHOP_MESSAGES.map(([name, label]) => (
            <SwitchField key={name} label={label} {...field(`messages.shop.${name}`)} />
          ))}
        </DetailCard>
        <MailTemplatesCard
          field={field}
          wordingOf={(event) => editor.form.getValues(`templates.${event}`)}
          onSendTest={setTesting}
        />
      </SectionFormBody>
      {testing !== false && (
        <TestEmailDialog
          unsaved={editor.dirty}
          event={testing === true ? undefined : testing}
          onClose={() => setTesting(false)}
        />
      )}
      {testingText && <TestTextDialog unsaved={editor.dirty} onClose={() => setTestingText(false)} />}
    </>
  );
}

/**
 * "Send a test email": sends one with the saved settings and shows the mail server's verdict;
 * with `event`, that order email with a sample order and the saved wording.
 */
function TestEmailDialog({
  unsaved,
  event,
  onClose,
}: {
  unsaved: boolean;
  event?: OrderMailEvent | undefined;
  onClose: () => void;
}) {
  return (
    <TestSendDialog
      title={event ? `Send a test: ${ORDER_MAIL_EVENT_LABELS[event]}` : 'Send a test email'}
      description={
        unsaved
          ? 'It uses the saved settings: save your changes first to test them.'
          : event
            ? 'The email with a sample order and the saved wording, sent with the saved settings; shows what the mail server answered.'
            : 'It is sent with the saved settings, and shows what the mail server answered.'
      }
      schema={TestEmailRequestSchema}
      send={(request: TestEmailRequest) => sendTestEmail(event ? { ...request, event } : request)}
      failure="Could not send the test email"
      input={{ type: 'email', autoComplete: 'email' }}
      onClose={onClose}
    />
  );
}
