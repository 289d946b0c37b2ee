import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { CustomerAccount } from '#shared/contracts/accounts.ts';
import type { Customer } from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/phone.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { formatDateTime } from '../ui/format.ts';
import { ActiveBadge, Badge } from '../ui/status-badge.tsx';
import {
  invalidateCustomers,
  resendCustomerVerification,
  setCustomerAccountStatus,
  type VerificationType,
} from './customer-api.ts';

/**
 * The customer's shopper account on their detail screen (docs/product.md#accounts-in-the-admin):
 * its contacts with whether each is verified, two-step sign-in, last sign-in and status, with
 * "Disable account" (after a confirm: every session ends at once) and "Resend verification".
 */

const GOOD = 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200';
const PENDING = 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
const OFF = 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200';

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <Badge className={`normal-case! ${verified ? GOOD : PENDING}`}>{verified ? 'Verified' : 'Not verified'}</Badge>
  );
}

/** The list's "Account" cell: a pill for an account (Active or Disabled), "Guest" otherwise. */
export function AccountBadge({ account }: { account: CustomerAccount | null }) {
  if (!account) return <span className="text-sm text-muted">Guest</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge className={`normal-case! ${account.is_active ? GOOD : OFF}`}>
        {account.is_active ? 'Account' : 'Account disabled'}
      </Badge>
      {account.two_factor_enabled && <Badge className={`normal-case! ${OFF}`}>Two-step</Badge>}
    </span>
  );
}

export function CustomerAccountCard({ customer }: { customer: Customer }) {
  const account = customer.account;
  if (!account) {
    return (
      <DetailCard title="Account">
        <p className="text-sm text-muted">No shopper account: this customer checks out as a guest.</p>
      </DetailCard>
    );
  }
  return <AccountDetails customer={customer} account={account} />;
}

function AccountDetails({ customer, account }: { customer: Customer; account: CustomerAccount }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState<VerificationType | null>(null);

  const changeStatus = useMutation({
    mutationFn: () => setCustomerAccountStatus(customer.id, !account.is_active),
    onSuccess: (updated) => {
      setConfirming(false);
      toast({
        variant: 'success',
        title: updated.is_active ? `${customer.name} can sign in again` : `${customer.name}'s account is disabled`,
        description: updated.is_active ? undefined : 'Every session of the account was signed out.',
      });
      void invalidateCustomers(queryClient);
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        variant: 'error',
        title: 'Could not change the account',
        description: error instanceof ApiError ? error.message : undefined,
      });
    },
  });

  const resend = async (type: VerificationType) => {
    setSending(type);
    try {
      await resendCustomerVerification(customer.id, type);
      toast({
        variant: 'success',
        title: type === 'verify_email' ? 'Verification email sent' : 'Verification code sent',
        description: type === 'verify_email' ? (account.email ?? undefined) : formatPhone(account.phone ?? ''),
      });
    } catch (error) {
      toast({
        variant: 'error',
        title: 'Could not send the verification',
        description: error instanceof ApiError ? error.message : undefined,
      });
    } finally {
      setSending(null);
    }
  };

  const resendButton = (type: VerificationType, label: string) => (
    <button
      type="button"
      className="btn-secondary px-3 py-1.5 text-xs"
      disabled={sending !== null || !account.is_active}
      onClick={() => void resend(type)}
    >
      {sending === type ? 'Sending…' : label}
    </button>
  );

  return (
    <DetailCard title="Account" action={<ActiveBadge active={account.is_active} />}>
      <dl className="space-y-3 text-sm">
        <Row label="Email">
          {account.email && (
            <Contact value={account.email} verified={account.email_verified}>
              {!account.email_verified && resendButton('verify_email', 'Resend verification email')}
            </Contact>
          )}
        </Row>
        <Row label="Phone">
          {account.phone && (
            <Contact value={formatPhone(account.phone)} verified={account.phone_verified}>
              {!account.phone_verified && resendButton('verify_phone', 'Resend verification code')}
            </Contact>
          )}
        </Row>
        <Row label="Two-step sign-in">{account.two_factor_enabled ? 'On' : 'Off'}</Row>
        <Row label="Last sign-in">{account.last_login_at ? formatDateTime(account.last_login_at) : 'Never'}</Row>
        <Row label="Account since">{formatDateTime(account.created_at)}</Row>
      </dl>
      <button
        type="button"
        className={`btn-secondary mt-4 w-full ${account.is_active ? 'text-danger' : ''}`}
        onClick={() => setConfirming(true)}
        disabled={changeStatus.isPending}
      >
        {account.is_active ? 'Disable account' : 'Enable account'}
      </button>
      <ConfirmDialog
        open={confirming}
        title={account.is_active ? `Disable ${customer.name}'s account?` : `Enable ${customer.name}'s account?`}
        confirmLabel={account.is_active ? 'Disable account' : 'Enable account'}
        danger={account.is_active}
        pending={changeStatus.isPending}
        onConfirm={() => changeStatus.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {account.is_active
          ? 'They will be signed out everywhere at once and cannot sign in until the account is enabled again. Their orders and customer record stay.'
          : 'They will be able to sign in again with their password.'}
      </ConfirmDialog>
    </DetailCard>
  );
}

function Contact({ value, verified, children }: { value: string; verified: boolean; children?: ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="[overflow-wrap:anywhere]">{value}</span>
      <VerifiedBadge verified={verified} />
      {children && <span className="basis-full">{children}</span>}
    </span>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5">{children || <span className="text-muted">—</span>}</dd>
    </div>
  );
}
