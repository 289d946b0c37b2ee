import { useQuery } from '@tanstack/react-query';
import { NavLink, useNavigate, useParams } from 'react-router';
import { type AllSettings, SETTINGS_SECTIONS, type SettingsSection } from '#shared/contracts/settings.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { DeliveryForm, PaymentsForm, TaxForm } from './commerce-forms.tsx';
import { EmailForm } from './email-form.tsx';
import { ADMIN_SETTINGS_KEY, getAllSettings } from './settings-api.ts';
import { StoreForm } from './store-form.tsx';
import { SystemForm } from './system-form.tsx';

/** The tabs, in order: the contract's section and the words a merchant uses for it. */
export const SETTINGS_TABS: readonly { section: SettingsSection; label: string; description: string }[] = [
  { section: 'site', label: 'Store', description: 'Your shop’s name, logo, contact details and time zone.' },
  { section: 'payment', label: 'Payments', description: 'How shoppers can pay, and what checkout tells them.' },
  { section: 'shipping', label: 'Delivery', description: 'What delivery costs and takes in each governorate.' },
  { section: 'tax', label: 'Tax', description: 'The tax on orders and how prices are entered.' },
  { section: 'email', label: 'Email', description: 'The mail server the shop sends from, and which emails go out.' },
  { section: 'system', label: 'System', description: 'Maintenance, sign-in, stock alerts and backups.' },
];

const isSection = (value: string | undefined): value is SettingsSection =>
  SETTINGS_SECTIONS.includes(value as SettingsSection);

/**
 * `/admin/settings` and `/admin/settings/{section}`: the shop's settings, a tab per section,
 * each a form of its own saved on its own (docs/product.md#shop-settings). Every section comes
 * in one request; a tab switch is instant.
 */
export function SettingsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const section: SettingsSection = isSection(params.section) ? params.section : 'site';
  const tab = SETTINGS_TABS.find((item) => item.section === section) ?? SETTINGS_TABS[0];
  const settings = useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: ({ signal }) => getAllSettings(signal) });

  return (
    <div className="min-w-0">
      <AdminPageHeader title="Settings" description={tab?.description} />
      {/* Phones: one select instead of six tabs that would not fit. */}
      <label className="mb-4 block sm:hidden">
        <span className="sr-only">Settings section</span>
        <select
          className="w-full rounded-xl border border-line-strong bg-surface px-3 py-2.5 text-base text-strong"
          value={section}
          onChange={(event) => navigate(`/admin/settings/${event.target.value}`)}
        >
          {SETTINGS_TABS.map((item) => (
            <option key={item.section} value={item.section}>
              {item.label}
            </option>
          ))}
        </select>
      </label>
      <nav aria-label="Settings sections" className="mb-6 hidden border-b border-line sm:block">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {SETTINGS_TABS.map((item) => (
            <li key={item.section}>
              <NavLink
                to={`/admin/settings/${item.section}`}
                aria-current={item.section === section ? 'page' : undefined}
                className={`block border-b-2 px-4 py-2.5 text-sm font-medium whitespace-nowrap ${
                  item.section === section
                    ? 'border-accent text-strong'
                    : 'border-transparent text-muted hover:border-line-strong hover:text-strong'
                }`}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {settings.isPending ? (
        <div role="status" aria-label="Loading the settings" className="card h-96 animate-pulse" />
      ) : settings.isError ? (
        <InlineError title="Could not load the settings" onRetry={() => void settings.refetch()} />
      ) : (
        <SectionTab key={section} section={section} all={settings.data} />
      )}
    </div>
  );
}

function SectionTab({ section, all }: { section: SettingsSection; all: AllSettings }) {
  switch (section) {
    case 'site':
      return <StoreForm saved={all.site} />;
    case 'payment':
      return <PaymentsForm saved={all.payment} />;
    case 'shipping':
      return <DeliveryForm saved={all.shipping} />;
    case 'tax':
      return <TaxForm saved={all.tax} />;
    case 'email':
      return <EmailForm saved={all.email} />;
    case 'system':
      return <SystemForm saved={all.system} />;
  }
}
