/**
 * Staff accounts the E2E server adds at its start (tests/helpers/e2e-server.ts), besides the
 * demo admin every spec signs in as: a spec that changes an account's sign-in (two-step sign-in)
 * works on one of its own, one per Playwright project, so parallel specs still sign in as before.
 * No imports: both the server and the Playwright tests read it.
 */
export const E2E_TWO_STEP_STAFF = {
  password: 'e2e-two-step-password-123',
  emailFor: (project: string) => `two-step-${project}@cedar.shop`,
  projects: ['desktop', 'phone'],
} as const;

/**
 * The staff account whose failed sign-ins admin-security.spec.ts fires to raise an alert (it never
 * signs in): failures at the demo admin would count towards its lockout for every other worker.
 */
export const E2E_ALERTED_STAFF = { email: 'alerted-staff@cedar.shop', password: 'e2e-alerted-password-123' } as const;

/**
 * The E2E server's limit of sessions per staff member: every worker of both projects signs the demo
 * admin in (and again as its session ages), so the shop's default (10) could end a session a test
 * is still using.
 */
export const E2E_MAX_SESSIONS_PER_ADMIN = 50;
