import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountDevice } from '#shared/contracts/accounts.ts';
import { shopDate } from '#web/lib/shop-dates.ts';
import { clearShopperSession } from '#web/storefront/shopper-kit/shopper-session-store.ts';
import { deviceLabel } from './device-label.ts';
import { messageOf, securityApi } from './security-api.ts';
import { SecurityCard } from './security-card.tsx';

const devicesKey = ['account', 'devices'] as const;

/** Signed-in devices (GET /account/sessions): sign one out, or every one including this one. */
export function DevicesCard() {
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: devicesKey, queryFn: securityApi.devices });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  const signOut = async (device: AccountDevice) => {
    setPending(device.id);
    setError(null);
    try {
      await securityApi.signOutDevice(device.id);
      await queryClient.invalidateQueries({ queryKey: devicesKey });
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setPending(null);
    }
  };

  const everywhere = async () => {
    setPending('all');
    setError(null);
    try {
      await securityApi.signOutEverywhere();
      // Like any sign-out: the account page takes this device home (account-page.tsx).
      clearShopperSession();
    } catch (caught) {
      setError(messageOf(caught));
      setPending(null);
    }
  };

  return (
    <SecurityCard
      title="Signed-in devices"
      description="Where your account is signed in now. Sign out any device you do not recognise, then change your password."
    >
      {devices.isPending ? (
        <div className="mt-4 space-y-2" aria-hidden="true">
          <div className="bone h-14" />
          <div className="bone h-14" />
        </div>
      ) : devices.isError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {messageOf(devices.error)}{' '}
          <button type="button" className="text-link" onClick={() => devices.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line" aria-label="Signed-in devices">
          {devices.data.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-strong">
                  {deviceLabel(device.user_agent)}
                  {device.current && (
                    <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
                      This device
                    </span>
                  )}
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  {device.ip ? `${device.ip} · ` : ''}Active{' '}
                  {shopDate(device.last_active_at, { dateStyle: 'medium', timeStyle: 'short' })} · Signed in{' '}
                  {shopDate(device.signed_in_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </p>
              </div>
              {!device.current && (
                <button
                  type="button"
                  onClick={() => signOut(device)}
                  disabled={pending !== null}
                  className="btn-secondary px-4 py-1.5"
                  aria-label={`Sign out ${deviceLabel(device.user_agent)}`}
                >
                  {pending === device.id ? 'Signing out…' : 'Sign out'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
      <button type="button" onClick={everywhere} disabled={pending !== null} className="btn-secondary mt-4">
        {pending === 'all' ? 'Signing out…' : 'Sign out everywhere'}
      </button>
    </SecurityCard>
  );
}
