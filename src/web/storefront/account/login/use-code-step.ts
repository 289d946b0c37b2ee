import { useCallback, useEffect, useRef, useState } from 'react';
import { authErrorMessage } from '#web/storefront/shopper-kit/auth-errors.ts';

/** A new code (or link) may be asked for this long after the last one (docs/product.md#account-area). */
export const RESEND_AFTER_MS = 60_000;

export interface CodeStep<T = void> {
  /** Where the code went (the contact typed), once one was sent. */
  target: T | null;
  /** A code was sent (here, or by the call before this screen): the code can be entered. */
  sent: boolean;
  /** A send is on its way. */
  sending: boolean;
  /** Whole seconds until "Send again" opens; 0 once it may be used. */
  secondsLeft: number;
  canResend: boolean;
  /** Why the last send was refused (429 with its wait, no connection…), else null. */
  error: string | null;
  /** Sends a code to `target`. Answers whether it went. */
  send: (target: T) => Promise<boolean>;
  /** "Send again": to the same target as the last code. */
  resend: () => Promise<boolean>;
  /** A code was sent to `target` by another call (sign-up sends one): start the clock without sending. */
  markSent: (target: T) => void;
  /** Back to "enter your contact". */
  reset: () => void;
}

/**
 * The step the account forms share: enter your contact → receive a code → enter the code (sign-in
 * by code, recovery by phone, the phone's verification on the profile and right after a phone
 * sign-up). It owns sending and the 60 s before "Send again"; each form owns what the code then
 * does. The clock reads Date.now() every second, so a tab put to sleep still counts right.
 */
export function useCodeStep<T = void>(request: (target: T) => Promise<unknown>): CodeStep<T> {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [target, setTarget] = useState<{ value: T } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestRef = useRef(request);
  requestRef.current = request;
  const busy = useRef(false);

  const secondsLeft = sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + RESEND_AFTER_MS - now) / 1000));

  useEffect(() => {
    if (sentAt === null || secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt, secondsLeft]);

  const markSent = useCallback((to: T) => {
    const at = Date.now();
    setTarget({ value: to });
    setSentAt(at);
    setNow(at);
    setError(null);
  }, []);

  const send = useCallback(
    async (to: T) => {
      // A double click sends one code: a second would replace the first before it arrives.
      if (busy.current) return false;
      busy.current = true;
      setSending(true);
      setError(null);
      try {
        await requestRef.current(to);
        markSent(to);
        return true;
      } catch (caught) {
        setError(authErrorMessage(caught, 'Could not send the code. Please try again.'));
        return false;
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [markSent],
  );

  const resend = useCallback(() => (target ? send(target.value) : Promise.resolve(false)), [send, target]);

  const reset = useCallback(() => {
    setTarget(null);
    setSentAt(null);
    setError(null);
  }, []);

  return {
    target: target?.value ?? null,
    sent: sentAt !== null,
    sending,
    secondsLeft,
    canResend: sentAt !== null && secondsLeft === 0 && !sending,
    error,
    send,
    resend,
    markSent,
    reset,
  };
}

/** "0:42": the wait before "Send again". */
export const waitLabel = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
