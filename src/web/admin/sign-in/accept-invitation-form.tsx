import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AcceptInvitationForm as AcceptValues,
  acceptInvitationFormSchema,
  type InvitationPreview,
  passwordPolicyRules,
  type StaffMember,
} from '#shared/contracts/staff.ts';
import { ApiError, apiGet, apiPost } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { CedarLogo } from '#web/ui/icons.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { fieldBinder } from '../ui/form-fields.ts';
import { ROLE_LABELS } from '../ui/format.ts';
import { ShowPasswordToggle } from './show-password-toggle.tsx';

/**
 * The hidden sign-in route opened from an invitation mail (`?invitation=<token>`,
 * docs/product.md#staff-accounts): who is invited to which shop as what, then a name and a
 * password meeting the shop's policy (its rules listed). On success the person signs in with the
 * normal form (`onAccepted` with their email), so two-step enrolment rules apply as for anyone. A
 * link that is unknown, used or expired says so, with the way to the sign-in form.
 */
export function AcceptInvitationForm({
  token,
  onAccepted,
  onLeave,
}: {
  token: string;
  onAccepted: (email: string) => void;
  /** To the sign-in form without accepting (a dead link). */
  onLeave: () => void;
}) {
  const { shopName } = getSiteConfig();
  usePageTitle('Accept your invitation');
  const invitation = useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) => apiGet<InvitationPreview>(`/auth/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <div className="flex min-h-dvh items-center justify-center bg-subtle px-4 py-10">
      <main className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <CedarLogo className="size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-strong">
            {invitation.data
              ? `You're invited to ${shopName} as ${ROLE_LABELS[invitation.data.role].toLowerCase()}`
              : `Join ${shopName}'s admin`}
          </h1>
          {invitation.data && (
            <p className="mt-1 text-sm [overflow-wrap:anywhere] text-muted">
              Your staff account will be <strong className="font-medium text-fg">{invitation.data.email}</strong>
            </p>
          )}
        </div>
        {invitation.isPending ? (
          <output aria-label="Checking your invitation" className="flex justify-center py-8">
            <span className="size-8 animate-spin rounded-full border-2 border-line-strong border-t-accent" />
          </output>
        ) : invitation.isError ? (
          <div className="card space-y-4 p-6 shadow-sm">
            <p role="alert" className="text-sm text-fg">
              {invitation.error instanceof ApiError && invitation.error.isClientError
                ? invitation.error.message
                : 'Could not check the invitation. Check your connection, then try again.'}
            </p>
            <div className="flex flex-wrap gap-2">
              {!(invitation.error instanceof ApiError && invitation.error.isClientError) && (
                <button type="button" className="btn-primary" onClick={() => void invitation.refetch()}>
                  Try again
                </button>
              )}
              <button type="button" className="btn-secondary" onClick={onLeave}>
                Go to sign-in
              </button>
            </div>
          </div>
        ) : (
          <PasswordStep token={token} invitation={invitation.data} onAccepted={onAccepted} />
        )}
      </main>
    </div>
  );
}

function PasswordStep({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationPreview;
  onAccepted: (email: string) => void;
}) {
  const [showPassword, setShowPassword] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = useMemo(() => acceptInvitationFormSchema(invitation.password_policy), [invitation.password_policy]);
  const form = useForm<AcceptValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: invitation.name, password: '', confirm: '' },
    mode: 'onTouched',
  });
  const field = fieldBinder(form.register, form.formState.errors);
  const rules = passwordPolicyRules(invitation.password_policy);

  const submit = async ({ name, password }: AcceptValues) => {
    setRefusal(null);
    try {
      const member = await apiPost<StaffMember>('/auth/invitations/accept', { token, password, name });
      onAccepted(member.email);
    } catch (error) {
      const onPassword = error instanceof ApiError ? error.errors.filter((item) => item.path === 'password') : [];
      if (onPassword.length > 0) {
        // Every reason at once (the common-password rules are the server's): one message per line.
        form.setError('password', { message: onPassword.map((item) => item.message).join(' ') }, { shouldFocus: true });
      } else {
        setRefusal(error instanceof ApiError && error.message ? error.message : 'Could not create your account');
      }
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      className="card space-y-4 p-6 shadow-sm"
      aria-describedby={refusal ? 'invitation-error' : undefined}
    >
      {refusal && (
        <div
          id="invitation-error"
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
        >
          {refusal}
        </div>
      )}
      <TextField label="Your name" autoComplete="name" {...field('name')} />
      {/* The account's email, for the browser's password manager to save with the new password. */}
      <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
      <div>
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          hint={
            <>
              Your password needs:
              {rules.map((rule) => (
                <span key={rule} className="block">
                  · {rule}
                </span>
              ))}
            </>
          }
          {...field('password')}
        />
      </div>
      <div>
        <TextField
          label="Confirm password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          {...field('confirm')}
        />
        <ShowPasswordToggle checked={showPassword} onChange={setShowPassword} label="Show passwords" />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating your account…' : 'Create my account'}
      </button>
    </form>
  );
}
