import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { BACKUP_SCHEDULES, type SystemSettings, SystemSettingsSchema } from '#shared/contracts/settings.ts';
import { SelectField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { SwitchField } from '../ui/switch-field.tsx';
import { BackupsPanel } from './backups-panel.tsx';
import { DemoDataPanel } from './demo-data-panel.tsx';
import { SectionFormBody, useSectionForm } from './section-form.tsx';

const resolver = zodResolver(SystemSettingsSchema);

const SCHEDULE_LABELS = { off: 'Off', daily: 'Every day', weekly: 'Every week' } as const;

/** The System tab: storefront switches, stock and sign-in rules, automatic backups; then the backups and the demo data. */
export function SystemForm({ saved }: { saved: SystemSettings }) {
  const editor = useSectionForm({
    section: 'system',
    saved,
    resolver,
    toFormValues: (system: SystemSettings) => system,
  });
  const { field, numberField } = editor;
  return (
    <div className="space-y-6">
      <SectionFormBody editor={editor}>
        <DetailCard stack title="Storefront">
          <SwitchField
            label="Maintenance mode"
            hint="Shoppers see a “back soon” page; you and your staff keep working in the admin."
            {...field('maintenance_mode')}
          />
          <SwitchField
            label="Guest checkout"
            hint="Shoppers can order without an account."
            {...field('guest_checkout')}
          />
          <SwitchField label="Reviews" hint="Shoppers can review what they bought." {...field('reviews_enabled')} />
        </DetailCard>
        <DetailCard stack title="Stock and sign-in">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Low-stock threshold"
              hint="New products start with it."
              {...numberField('low_stock_threshold')}
            />
            <TextField
              label="Staff stay signed in for"
              hint="e.g. 12h or 7d (15m to 90d)."
              autoComplete="off"
              {...field('staff_session_length')}
            />
          </div>
          <p className="text-sm text-muted">
            Failed sign-ins before a lockout, and how long it lasts, are on the{' '}
            <Link to="/admin/security" className="font-medium text-accent underline-offset-4 hover:underline">
              Security
            </Link>{' '}
            page.
          </p>
        </DetailCard>
        <DetailCard stack title="Automatic backups">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Schedule" {...field('backups.schedule')}>
              {BACKUP_SCHEDULES.map((schedule) => (
                <option key={schedule} value={schedule}>
                  {SCHEDULE_LABELS[schedule]}
                </option>
              ))}
            </SelectField>
            <TextField label="Backups to keep" {...numberField('backups.keep')} />
          </div>
        </DetailCard>
      </SectionFormBody>
      <BackupsPanel />
      <DemoDataPanel />
    </div>
  );
}
