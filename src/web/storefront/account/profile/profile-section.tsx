import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ShopperUser, UpdateShopperRequest } from '#shared/contracts/accounts.ts';
import { formatPhone } from '#shared/phone.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';
import { FormMessage } from '../login/form-parts.tsx';
import { type FormErrors, formErrorsFrom } from '../login/login-helpers.ts';
import { useShopper } from '../session/shopper-session-store.ts';
import { resendVerification, saveProfile, signOut, verifyPhone } from './profile-api.ts';

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
            <Row label="Phone" value={user.phone ? formatPhone(user.phone) : 'Not given'}>
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

/** Only the fields that changed are sent; an emptied contact is removed (the server keeps one). */
export function profileChanges(user: ShopperUser, form: { name: string; email: string; phone: string }) {
  const changes: UpdateShopperRequest = {};
  if (form.name.trim() !== user.name) changes.name = form.name.trim();
  const email = form.email.trim();
  if (email !== (user.email ?? '')) changes.email = email === '' ? null : email;
  const phone = form.phone.trim();
  if (phone !== (user.phone ?? '')) changes.phone = phone === '' ? null : phone;
  return changes;
}

function ProfileForm({ user, onDone }: { user: ShopperUser; onDone: (notice: string | null) => void }) {
  const [form, setForm] = useState({ name: user.name, email: user.email ?? '', phone: user.phone ?? '' });
  const [errors, setErrors] = useState<FormErrors & { email?: string; phone?: string }>({ password: [] });
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => nameRef.current?.focus(), []);
  useEffect(() => {
    if (errors.name) nameRef.current?.focus();
    else if (errors.email) emailRef.current?.focus();
    else if (errors.phone) phoneRef.current?.focus();
    else if (errors.form) alertRef.current?.focus();
  }, [errors]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changes = profileChanges(user, form);
    if (Object.keys(changes).length === 0) {
      onDone(null);
      return;
    }
    setBusy(true);
    setErrors({ password: [] });
    try {
      const saved = await saveProfile(changes);
      const toVerify = [
        changes.email && !saved.email_verified ? 'we sent a link to confirm your new email' : null,
        changes.phone && !saved.phone_verified ? 'verify your new phone number below' : null,
      ].filter(Boolean);
      onDone(toVerify.length > 0 ? `Saved. Next, ${toVerify.join(' and ')}.` : 'Your details are saved.');
    } catch (error) {
      const found = formErrorsFrom(error, 'Could not save your details. Please try again.');
      // The form has both contacts: put the server's email or phone error on its own field.
      const paths = error && typeof error === 'object' && 'errors' in error ? (error.errors as { path: string }[]) : [];
      const onPhone = paths.some((item) => item.path.endsWith('phone'));
      setErrors({ ...found, email: onPhone ? undefined : found.contact, phone: onPhone ? found.contact : undefined });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Edit your details">
      {errors.form && (
        <FormMessage ref={alertRef} tone="error">
          {errors.form}
        </FormMessage>
      )}
      <TextField ref={nameRef} label="Name" autoComplete="name" error={errors.name} {...field('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={emailRef}
          label="Email"
          optional={!user.email}
          type="email"
          autoComplete="email"
          hint={user.email ? 'A new email must be confirmed again.' : undefined}
          error={errors.email}
          {...field('email')}
        />
        <TextField
          ref={phoneRef}
          label="Phone"
          optional={!user.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="e.g. 03 123 456"
          hint={user.phone ? 'A new number must be verified again.' : undefined}
          error={errors.phone}
          {...field('phone')}
        />
      </div>
      <div className="flex flex-col gap-3 pt-1 sm:flex-row">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => onDone(null)} disabled={busy}>
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
      setState(formErrorsFrom(error).form ?? 'Could not send the email. Please try again.');
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
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>({ password: [] });
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) codeRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (errors.code) codeRef.current?.focus();
    else if (errors.form) alertRef.current?.focus();
  }, [errors]);

  const send = async () => {
    setBusy(true);
    setErrors({ password: [] });
    try {
      await resendVerification('verify_phone');
      setCode('');
      setSent(true);
    } catch (error) {
      setErrors(formErrorsFrom(error, 'Could not send the code. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setErrors({ password: [], code: 'Enter the 6-digit code' });
      return;
    }
    setBusy(true);
    setErrors({ password: [] });
    try {
      // On success the user in the session turns verified and this card goes away.
      await verifyPhone(code);
    } catch (error) {
      const found = formErrorsFrom(error);
      setErrors(found.form && !found.code ? { password: [], code: found.form } : found);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Verify your phone"
      description={
        <>
          We send a 6-digit code to <strong className="text-fg">{phone}</strong>. A verified number can sign in with a
          code and recover the account.
        </>
      }
    >
      {errors.form && (
        <div className="mb-4">
          <FormMessage ref={alertRef} tone="error">
            {errors.form}
          </FormMessage>
        </div>
      )}
      {sent ? (
        <form noValidate onSubmit={verify} className="space-y-4" aria-label="Enter the code">
          <p role="status" className="text-sm text-muted">
            Code sent. It works once, for 10 minutes.
          </p>
          <TextField
            ref={codeRef}
            label="6-digit code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={errors.code}
            className="max-w-xs"
          />
          <div className="flex flex-col gap-3 sm:flex-row">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? 'Checking…' : 'Verify phone'}
            </button>
            <button type="button" className="btn-secondary" onClick={send} disabled={busy}>
              Send a new code
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn-primary" onClick={send} disabled={busy}>
          {busy ? 'Sending…' : 'Send code'}
        </button>
      )}
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
