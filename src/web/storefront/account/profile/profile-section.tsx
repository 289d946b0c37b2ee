import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { ShopperUser } from '#shared/contracts/accounts.ts';
import { formatPhoneForDisplay } from '#shared/phone-format.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import {
  contactChanged,
  type ProfileFormInput,
  type ProfileFormValues,
  profileFormSchema,
} from '#web/storefront/account/login/account-form-schemas.ts';
import { FormMessage, PasswordField } from '#web/storefront/account/login/form-parts.tsx';
import { PhoneCodeForm } from '#web/storefront/account/login/phone-code-form.tsx';
import { useCodeStep } from '#web/storefront/account/login/use-code-step.ts';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';
import { useShopper } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { resendVerification, saveProfile, signOut } from './profile-api.ts';

/**
 * /account (docs/product.md#account-area): the shopper's name, email and phone with whether each
 * is verified, editing them, verifying the phone by code, resending the email link, signing out.
 */
export function ProfileSection() {
  usePageTitle('My account');
  const user = useShopper();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <DetailsCard user={user} />
      {user.phone && !user.phone_verified && <VerifyPhoneCard phone={user.phone} />}
      <SignOutCard />
    </div>
  );
}

function Card({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-strong">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Badge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent">
      <span aria-hidden="true">✓</span> Verified
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full border border-line-strong px-2.5 py-0.5 text-xs font-semibold text-muted">
      Not verified
    </span>
  );
}

function DetailsCard({ user }: { user: ShopperUser }) {
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    (notice ? noticeRef.current : editButton.current)?.focus();
  }, [editing, notice]);

  const close = (message: string | null) => {
    returnFocus.current = true;
    setNotice(message);
    setEditing(false);
  };

  return (
    <Card title="Your details" description="Used for your orders, receipts and signing in.">
      {editing ? (
        <ProfileForm user={user} onDone={close} />
      ) : (
        <>
          {notice && (
            <div className="mb-4">
              <FormMessage ref={noticeRef} tone="success">
                {notice}
              </FormMessage>
            </div>
          )}
          <dl className="divide-y divide-line">
            <Row label="Name" value={user.name || 'Not given'} />
            <Row label="Email" value={user.email ?? 'Not given'}>
              {user.email && <Badge verified={user.email_verified} />}
            </Row>
            <Row label="Phone" value={user.phone ? formatPhoneForDisplay(user.phone) : 'Not given'}>
              {user.phone && <Badge verified={user.phone_verified} />}
            </Row>
          </dl>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <button
              ref={editButton}
              type="button"
              className="btn-secondary"
              onClick={() => {
                setNotice(null);
                setEditing(true);
              }}
            >
              Edit details
            </button>
            {user.email && !user.email_verified && <ResendEmailButton />}
          </div>
        </>
      )}
    </Card>
  );
}

function Row({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-24 shrink-0 text-sm font-medium text-muted">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2 text-fg">
        <span className="break-all">{value}</span>
        {children}
      </dd>
    </div>
  );
}

/** The server paths the profile form shows under its fields. */
const PROFILE_FIELDS = ['name', 'email', 'phone', 'current_password'] as const;

function ProfileForm({ user, onDone }: { user: ShopperUser; onDone: (notice: string | null) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const schema = useMemo(() => profileFormSchema(user), [user]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(schema) as Resolver<ProfileFormInput, unknown, ProfileFormValues>,
    // The phone as people read it; it is normalised again when sent, so an untouched one is no change.
    defaultValues: {
      name: user.name,
      email: user.email ?? '',
      phone: user.phone ? formatPhoneForDisplay(user.phone) : '',
      current_password: '',
    },
    mode: 'onTouched',
  });
  // Focus the name as the form appears, before the browser handles any input: as a passive effect
  // it could run after someone (or a test, on a busy machine) had started typing in another
  // field, and the rest of their typing landed in the name.
  useLayoutEffect(() => setFocus('name'), [setFocus]);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  // A changed email or phone needs the current password (docs/product.md#account-area).
  const needsPassword = contactChanged(user, { email: watch('email') ?? '', phone: watch('phone') ?? '' });

  const submit = async (changes: ProfileFormValues) => {
    if (Object.keys(changes).length === 0) {
      onDone(null);
      return;
    }
    setFailure(null);
    try {
      const saved = await saveProfile(changes);
      const toVerify = [
        changes.email && !saved.email_verified ? 'we sent a link to confirm your new email' : null,
        changes.phone && !saved.phone_verified ? 'enter the code we texted to your new number below' : null,
      ].filter(Boolean);
      onDone(toVerify.length > 0 ? `Saved. Next, ${toVerify.join(' and ')}.` : 'Your details are saved.');
    } catch (error) {
      const placed = applyServerErrors(error, setError, PROFILE_FIELDS);
      if (!placed) setFailure(authErrorMessage(error, 'Could not save your details. Please try again.'));
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-label="Edit your details">
      {failure && (
        <FormMessage ref={alertRef} tone="error">
          {failure}
        </FormMessage>
      )}
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          optional={!user.email}
          type="email"
          autoComplete="email"
          hint={user.email ? 'A new email must be confirmed again.' : undefined}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          optional={!user.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="e.g. 03 123 456"
          hint={user.phone ? 'A new number must be verified again.' : undefined}
          error={errors.phone?.message}
          {...register('phone')}
        />
      </div>
      {needsPassword && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          hint="Changing your email or phone needs your password."
          error={errors.current_password?.message}
          {...register('current_password', { shouldUnregister: true })}
        />
      )}
      <div className="flex flex-col gap-3 pt-1 sm:flex-row">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => onDone(null)} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ResendEmailButton() {
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | string>('idle');
  const send = async () => {
    setState('busy');
    try {
      await resendVerification('verify_email');
      setState('sent');
    } catch (error) {
      setState(authErrorMessage(error, 'Could not send the email. Please try again.'));
    }
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <button type="button" className="btn-secondary" onClick={send} disabled={state === 'busy'}>
        {state === 'busy' ? 'Sending…' : 'Resend verification email'}
      </button>
      <p role="status" className={`text-sm ${state === 'sent' ? 'text-accent' : 'text-danger'}`}>
        {state === 'sent' ? 'Sent. Check your inbox for the link.' : state === 'idle' || state === 'busy' ? '' : state}
      </p>
    </div>
  );
}

function VerifyPhoneCard({ phone }: { phone: string }) {
  const step = useCodeStep(() => resendVerification('verify_phone'));
  return (
    <Card
      title="Verify your phone"
      description={
        <>
          Enter the 6-digit code we texted to{' '}
          <strong className="whitespace-nowrap text-fg">{formatPhoneForDisplay(phone)}</strong>, or send a new one. A
          verified number can sign in with a code and recover the account.
        </>
      }
    >
      {/* On success the user in the session turns verified and this card goes away. */}
      <PhoneCodeForm step={step} onVerified={() => {}} />
    </Card>
  );
}

function SignOutCard() {
  const [busy, setBusy] = useState(false);
  return (
    <Card
      title="Sign out"
      description="Signs you out on this device. Your cart here is emptied; your account keeps it."
    >
      <button
        type="button"
        className="btn-secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          // The account page takes a session that goes away home (account-page.tsx).
          await signOut();
        }}
      >
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
    </Card>
  );
}
