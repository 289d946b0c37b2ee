import { useEffect } from 'react';
import { formatPhoneForDisplay } from '#shared/phone-format.ts';
import { resendVerification } from '#web/storefront/account/profile/profile-api.ts';
import { PhoneCodeForm } from './phone-code-form.tsx';
import { useCodeStep } from './use-code-step.ts';

/**
 * Right after a phone sign-up (docs/product.md#signing-up-and-in-shoppers): the sign-up texted a
 * code, so it is asked for here, with "Send again" after 60 s. "Not now" goes on; the profile
 * keeps the way to verify later.
 */
export function ConfirmPhoneStep({ phone, onDone }: { phone: string; onDone: () => void }) {
  const step = useCodeStep(() => resendVerification('verify_phone'));
  const { markSent } = step;
  // The sign-up sent the first code a moment ago: the clock starts now.
  useEffect(() => markSent(), [markSent]);
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted">
        We sent a 6-digit code to <strong className="whitespace-nowrap text-fg">{formatPhoneForDisplay(phone)}</strong>.
        It works once, for 10 minutes.
      </p>
      <PhoneCodeForm step={step} onVerified={onDone} focusOnMount wide />
      <button type="button" className="text-link block w-full text-center text-sm" onClick={onDone}>
        Not now, verify later
      </button>
    </div>
  );
}
