import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  type AllowlistEntry,
  type AllowlistEntryRequest,
  AllowlistEntryRequestSchema,
} from '#shared/contracts/security.ts';
import { trashIcon } from '#web/admin/shared/action-icons.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { TextField } from '#web/ui/form-field.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { ConfirmDialog, confirmingTarget } from '../ui/confirm-dialog.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { formatDateTime } from '../ui/format.ts';
import { RowActionButton } from '../ui/row-actions.tsx';
import { Badge } from '../ui/status-badge.tsx';
import { useDialogForm } from '../ui/use-editor-form.tsx';
import {
  ALLOWLIST_KEY,
  addAllowlistEntry,
  getAllowlist,
  getSecurityConfig,
  removeAllowlistEntry,
  SECURITY_CONFIG_KEY,
} from './security-api.ts';

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * The Security page's address allowlist (docs/product.md#address-allowlist): the entries with
 * when each last let someone in, "Add address" (a dialog), "Add my current address" (the address
 * the server sees for this browser), and remove with a confirmation. Whether the list is enforced
 * is the security settings' switch; this card says which.
 */
export function AllowlistCard() {
  const client = useQueryClient();
  const allowlist = useQuery({ queryKey: ALLOWLIST_KEY, queryFn: ({ signal }) => getAllowlist(signal) });
  const config = useQuery({ queryKey: SECURITY_CONFIG_KEY, queryFn: ({ signal }) => getSecurityConfig(signal) });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AllowlistEntry | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ALLOWLIST_KEY });

  const addMine = useMutation({
    mutationFn: (ip: string) => addAllowlistEntry({ ip_address: ip, description: 'My current address' }),
    onSuccess: (entry) => {
      toast({ variant: 'success', title: `${entry.ip_address} is on the allowlist` });
      void refresh();
    },
    onError: (error) => toast({ variant: 'error', title: errorText(error, 'Could not add your address') }),
  });
  const remove = useMutation({
    mutationFn: (entry: AllowlistEntry) => removeAllowlistEntry(entry.id),
    onSuccess: (_, entry) => {
      setRemoving(null);
      toast({ variant: 'success', title: `${entry.ip_address} removed from the allowlist` });
      void refresh();
    },
    onError: (error) => {
      setRemoving(null);
      // The one that lets you in while the list is on: the server says so in words.
      toast({ variant: 'error', title: errorText(error, 'Could not remove the address') });
    },
  });

  const enabled = config.data?.ip_allowlist.enabled;
  const yourIp = allowlist.data?.your_ip;
  return (
    <DetailCard
      title="Address allowlist"
      description={
        enabled
          ? 'On: only these addresses reach the admin, its sign-in page and its live updates.'
          : 'Off: staff may sign in from anywhere. Turn it on in the security settings once your own address is listed.'
      }
      action={
        enabled !== undefined && (
          <Badge
            className={
              enabled
                ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                : 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200'
            }
          >
            {enabled ? 'On' : 'Off'}
          </Badge>
        )
      }
    >
      {allowlist.isError ? (
        <InlineError title="Could not load the allowlist" onRetry={() => void allowlist.refetch()} />
      ) : !allowlist.data ? (
        <div role="status" aria-label="Loading the allowlist" className="h-32 animate-pulse rounded-xl bg-subtle" />
      ) : (
        <div className="space-y-4">
          <div className="space-y-2">
            <p className="text-sm text-muted">
              Your current address: <span className="font-mono text-fg">{yourIp}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={() => setAdding(true)}>
                Add address
              </button>
              <button
                type="button"
                className="btn-secondary px-3 py-1.5 text-sm"
                disabled={addMine.isPending || !yourIp}
                onClick={() => yourIp && addMine.mutate(yourIp)}
              >
                Add my current address
              </button>
            </div>
          </div>
          {allowlist.data.entries.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">
              No addresses yet. Add the addresses (or ranges, such as 203.0.113.0/24) your staff work from.
            </p>
          ) : (
            <ul aria-label="Allowed addresses" className="divide-y divide-line rounded-xl border border-line">
              {allowlist.data.entries.map((entry) => (
                <li key={entry.id} className="flex items-start gap-3 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-mono text-sm break-all text-strong">{entry.ip_address}</p>
                    {entry.description && <p className="text-sm break-words text-fg">{entry.description}</p>}
                    <p className="mt-0.5 text-xs text-muted">
                      {entry.last_used_at ? `Last used ${formatDateTime(entry.last_used_at)}` : 'Not used yet'}
                      {' · '}Added {formatDateTime(entry.created_at)}
                    </p>
                  </div>
                  <RowActionButton
                    icon={trashIcon}
                    label={`Remove ${entry.ip_address}`}
                    title="Remove"
                    danger
                    onClick={() => setRemoving(entry)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {adding && (
        <AddAddressDialog
          onClose={() => setAdding(false)}
          onAdded={(entry) => {
            setAdding(false);
            toast({ variant: 'success', title: `${entry.ip_address} is on the allowlist` });
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        title={`Remove ${removing?.ip_address ?? ''}?`}
        confirmLabel="Remove"
        danger
        {...confirmingTarget(removing, () => setRemoving(null), remove)}
      >
        {enabled
          ? 'Staff at this address will no longer reach the admin. If it is the address you are using now, removing it is refused.'
          : 'The allowlist is off, so nothing changes until it is turned on.'}
      </ConfirmDialog>
    </DetailCard>
  );
}

/** "Add address": one address or range and what it is; the server's refusal (not an address, listed already) under the field. */
function AddAddressDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (entry: AllowlistEntry) => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, field, dialog } = useDialogForm<z.input<typeof AllowlistEntryRequestSchema>, AllowlistEntryRequest>({
    resolver: zodResolver(AllowlistEntryRequestSchema),
    defaultValues: { ip_address: '', description: '' },
    save: async (request) => {
      setRefusal(null);
      try {
        onAdded(await addAllowlistEntry(request));
      } catch (error) {
        if (error instanceof ApiError && applyServerErrors(error, form.setError, ['ip_address', 'description'])) return;
        setRefusal(errorText(error, 'Could not add the address'));
      }
    },
  });
  return (
    <FormDialog
      title="Add an address"
      description="One IPv4 or IPv6 address, or a range in CIDR form."
      error={refusal}
      submitLabel="Add address"
      pendingLabel="Adding…"
      onClose={onClose}
      {...dialog}
    >
      <TextField
        label="Address or range"
        placeholder="203.0.113.7 or 203.0.113.0/24"
        autoComplete="off"
        spellCheck={false}
        {...field('ip_address')}
      />
      <TextField label="Description" optional placeholder="Shop office" {...field('description')} />
    </FormDialog>
  );
}
