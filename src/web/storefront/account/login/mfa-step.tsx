import type { ShopperSession, SignInResult } from '#shared/contracts/accounts.ts';

export interface MfaStepProps {
  challenge: NonNullable<SignInResult['mfa_challenge']>;
  onSignedIn: (session: ShopperSession) => void;
}

/** The second step of a sign-in (docs/product.md#two-step-sign-in): filled in with the two-step work. */
export function MfaStep(_props: MfaStepProps) {
  return <p role="status">Two-step sign-in is required for this account.</p>;
}
