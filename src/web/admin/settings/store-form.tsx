import { zodResolver } from '@hookform/resolvers/zod';
import { type SiteSettings, SiteSettingsSchema, SOCIAL_NETWORKS } from '#shared/contracts/settings.ts';
import { FeaturedImageField } from '#web/admin/shared/featured-image-field.tsx';
import { SelectField, TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { SwitchField } from '../ui/switch-field.tsx';
import { SectionFormBody, useSectionForm } from './section-form.tsx';

const resolver = zodResolver(SiteSettingsSchema);

const SOCIAL_LABELS = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  youtube: 'YouTube',
} as const;

/** The time zones the select offers: the browser's list (Intl), with the saved one kept if it is missing. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** The Store tab: name, logo, contact, social links, time zone, Lebanese-pound prices. */
export function StoreForm({ saved }: { saved: SiteSettings }) {
  const editor = useSectionForm({ section: 'site', saved, resolver, toFormValues: (site: SiteSettings) => site });
  const { field, numberField, valueField, form } = editor;
  const logo = valueField('logo_url');
  const showLbp = form.watch('currency_display.show_lbp');
  return (
    <SectionFormBody editor={editor}>
      <DetailCard stack title="Your shop">
        <TextField label="Shop name" hint="Shown in the header, emails and receipts." {...field('shop_name')} />
        <TextAreaField label="Description" optional rows={3} {...field('description')} />
        <FeaturedImageField
          label="Logo"
          value={logo.value ?? ''}
          onChange={(url) => logo.onChange(url || null)}
          error={logo.error}
        />
      </DetailCard>
      <DetailCard stack title="Contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
          <TextField label="Phone" type="tel" autoComplete="off" {...field('phone')} />
          <TextField
            label="WhatsApp number"
            optional
            type="tel"
            autoComplete="off"
            hint="Leave blank to hide the WhatsApp buttons."
            {...field('whatsapp_number')}
          />
        </div>
        <TextAreaField label="Address" optional rows={2} {...field('address')} />
      </DetailCard>
      <DetailCard stack title="Social links" description="Addresses starting with https://; blank ones are not shown.">
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              label={SOCIAL_LABELS[network]}
              optional
              type="url"
              placeholder="https://"
              {...field(`social_links.${network}`)}
            />
          ))}
        </div>
      </DetailCard>
      <DetailCard stack title="Time and currency">
        <SelectField label="Time zone" hint="Dates in the admin and on receipts use it." {...field('time_zone')}>
          {timeZones(saved.time_zone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
        <p className="text-sm text-muted">Prices are in US dollars.</p>
        <SwitchField
          label="Also show prices in Lebanese pounds"
          hint="Rounded to the nearest 1,000 LBP."
          {...field('currency_display.show_lbp')}
        />
        {showLbp && (
          <TextField
            label="Exchange rate (LBP per dollar)"
            className="sm:max-w-xs"
            {...numberField('currency_display.lbp_rate')}
          />
        )}
      </DetailCard>
    </SectionFormBody>
  );
}
