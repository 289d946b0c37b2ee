import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type FieldPath, get } from 'react-hook-form';
import { type SecurityConfig, SecurityConfigSchema } from '#shared/contracts/security.ts';
import { toast } from '#web/lib/toast.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { SwitchField } from '../ui/switch-field.tsx';
import { useEditorForm } from '../ui/use-editor-form.tsx';
import { getSecurityConfig, SECURITY_CONFIG_KEY, saveSecurityConfig } from './security-api.ts';

const resolver = zodResolver(SecurityConfigSchema);

/**
 * The Security page's configuration form (docs/product.md#security-configuration): the shared
 * contract as resolver, grouped as the configuration is, saved whole with
 * `PUT /admin/security/config`. A refusal to turn the allowlist on (409: your own address is not on
 * it) is shown in words in the allowlist group.
 */
export function SecurityConfigCard() {
  const config = useQuery({ queryKey: SECURITY_CONFIG_KEY, queryFn: ({ signal }) => getSecurityConfig(signal) });
  return (
    <DetailCard
      title="Security settings"
      description="How staff sign in, who may reach the admin, and what raises an alert."
    >
      {config.isSuccess ? (
        <SecurityConfigForm saved={config.data} />
      ) : config.isError ? (
        <InlineError title="Could not load the security settings" onRetry={() => void config.refetch()} />
      ) : (
        <div
          role="status"
          aria-label="Loading the security settings"
          className="h-96 animate-pulse rounded-xl bg-subtle"
        />
      )}
    </DetailCard>
  );
}

/** One part of the configuration: a titled fieldset, parted from the one before by a line. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-line pt-5 first:border-t-0 first:pt-0">
      <fieldset className="min-w-0">
        <legend className="mb-3 text-sm font-semibold text-strong">{title}</legend>
        <div className="space-y-4">{children}</div>
      </fieldset>
    </div>
  );
}

function SecurityConfigForm({ saved }: { saved: SecurityConfig }) {
  const client = useQueryClient();
  const editor = useEditorForm<SecurityConfig, SecurityConfig, SecurityConfig>({
    noun: 'security settings',
    resolver,
    defaultValues: saved,
    save: saveSecurityConfig,
    toFormValues: (record) => record,
    fields: Object.keys(saved),
    onSaved: (record) => {
      client.setQueryData(SECURITY_CONFIG_KEY, record);
      toast({ variant: 'success', title: 'Security settings saved', id: 'security-config-saved' });
    },
  });
  const { form, field } = editor;
  const errorOf = (name: FieldPath<SecurityConfig>) =>
    (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  /** A whole-number field: the typed text as a number (blank or letters: the contract says why). */
  const number = (name: FieldPath<SecurityConfig>) => ({
    ...form.register(name, { valueAsNumber: true }),
    error: errorOf(name),
    inputMode: 'numeric' as const,
    autoComplete: 'off',
  });
  const { error: allowlistRefusal, ...allowlistSwitch } = field('ip_allowlist.enabled');

  return (
    <>
      {editor.guard}
      <form onSubmit={editor.submit} noValidate className="space-y-5">
        <Group title="Two-step sign-in">
          <SwitchField
            label="Require two-step sign-in for every staff member"
            hint="Staff without it set up are asked to set it up at their next sign-in."
            {...field('two_factor.required_for_admins')}
          />
        </Group>
        <Group title="Staff passwords">
          <TextField
            label="Minimum length"
            hint="At least 12. Applies to passwords set from now on."
            className="sm:max-w-56"
            {...number('password_policy.min_length')}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <SwitchField label="An upper-case letter" {...field('password_policy.require_upper')} />
            <SwitchField label="A lower-case letter" {...field('password_policy.require_lower')} />
            <SwitchField label="A number" {...field('password_policy.require_number')} />
            <SwitchField label="A symbol" {...field('password_policy.require_symbol')} />
          </div>
        </Group>
        <Group title="Sessions">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Sign out after inactivity (minutes)"
              hint="15 minutes to 30 days."
              {...number('sessions.admin_idle_timeout_minutes')}
            />
            <TextField
              label="Sessions per staff member"
              hint="A new sign-in ends the oldest beyond this."
              {...number('sessions.max_sessions_per_admin')}
            />
          </div>
        </Group>
        <Group title="Failed sign-ins">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Attempts before a lockout"
              hint="Wrong passwords for one account (3 to 100)."
              {...number('access.max_login_attempts')}
            />
            <TextField
              label="Lockout (minutes)"
              hint="How long it lasts, and the time the attempts are counted in."
              {...number('access.lockout_minutes')}
            />
          </div>
        </Group>
        <Group title="Address allowlist">
          <SwitchField
            label="Only addresses on the allowlist may reach the admin"
            hint="Add your own address to the allowlist first: turning it on without it is refused."
            aria-invalid={allowlistRefusal ? true : undefined}
            {...allowlistSwitch}
          />
          {allowlistRefusal && (
            <p
              role="alert"
              className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
            >
              {allowlistRefusal}
            </p>
          )}
        </Group>
        <Group title="Alerts">
          <SwitchField
            label="Alert on a sign-in from a new address"
            hint="A staff member signing in from an address never seen for them."
            {...field('monitoring.alert_on_new_ip')}
          />
          <TextField
            label="Failed sign-ins that raise an alert"
            hint="For one account within the lockout time; 0 never alerts."
            className="sm:max-w-56"
            {...number('monitoring.alert_on_failed_logins_threshold')}
          />
        </Group>
        <Group title="Audit log">
          <TextField
            label="Keep entries for (days)"
            hint="30 to 3,650; older entries are removed once a day."
            className="sm:max-w-56"
            {...number('audit.retention_days')}
          />
        </Group>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">
          <span className="mr-auto text-sm text-muted" aria-live="polite">
            {editor.dirty ? 'Unsaved changes' : 'All changes saved'}
          </span>
          <button type="submit" className="btn-primary" disabled={editor.saving}>
            {editor.saving ? 'Saving…' : 'Save security settings'}
          </button>
        </div>
      </form>
    </>
  );
}
