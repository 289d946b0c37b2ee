import { useEffect } from 'react';
import type { ShopperUser } from '#shared/contracts/accounts.ts';
import { verifyPhone } from '#web/storefront/account/profile/profile-api.ts';
import { CodeField, FormMessage, SendAgain } from './form-parts.tsx';
import { useCodeEntry } from './use-code-entry.ts';
import type { CodeStep } from './use-code-step.ts';

/**
 * The phone's code (POST /account/verify-phone with the shopper's session), right after a phone
 * sign-up and on the profile: the code field, "Verify phone", and "Send code" or, once a code is
 * on its way, "Send again" after 60 s (POST /account/resend {type: 'verify_phone'}).
 */
export function PhoneCodeForm({
  step,
  onVerified,
  focusOnMount = false,
  wide = false,
}: {
  step: CodeStep;
  onVerified: (user: ShopperUser) => void;
  focusOnMount?: boolean;
  /** In the sign-in card: a full-width button, "Send again" under it; else side by side from sm. */
  wide?: boolean;
}) {
  // A refused code names `code`; anything else (a busy server) shows above the field.
  const { codeField, codeError, isSubmitting, failure, onSubmit, setFocus } = useCodeEntry(
    async (code) => onVerified(await verifyPhone(code)),
    'Could not check the code. Please try again.',
  );
  useEffect(() => {
    if (focusOnMount || step.sent) setFocus('code');
  }, [focusOnMount, step.sent, setFocus]);

  return (
    <form noValidate onSubmit={onSubmit} className={wide ? 'space-y-5' : 'space-y-4'} aria-label="Enter the code">
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      <CodeField error={codeError} className={wide ? undefined : 'max-w-xs'} {...codeField} />
      <div className={wide ? 'space-y-5' : 'flex flex-col gap-3 sm:flex-row sm:items-start'}>
        <button type="submit" className={wide ? 'btn-primary w-full' : 'btn-primary'} disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : 'Verify phone'}
        </button>
        {step.sent ? (
          <SendAgain step={step} />
        ) : (
          <div className="space-y-1">
            <button type="button" className="btn-secondary" onClick={() => void step.send()} disabled={step.sending}>
              {step.sending ? 'Sending…' : 'Send code'}
            </button>
            {step.error && (
              <p role="alert" className="text-sm text-danger">
                {step.error}
              </p>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
