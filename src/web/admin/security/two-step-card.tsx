import { DetailCard } from '../ui/detail-layout.tsx';

/** Placeholder of the Security page's "Two-step sign-in" card (issue 35, being built). */
export function TwoStepCard() {
  return (
    <DetailCard title="Two-step sign-in">
      <p className="text-sm text-muted">Coming soon.</p>
    </DetailCard>
  );
}
