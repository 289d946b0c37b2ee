/** Keys of the `settings` table, named in one place. */
export const SETTING_KEYS = {
  /** { jwtSecret, adminLoginPath }: made on first start, shared by every process on the database. */
  instanceSecrets: 'instance_secrets',
  /** Present once the demo catalogue was seeded; the seed never runs again after that. */
  demoSeed: 'demo_seed',
  /** ReviewSettings (#shared/contracts/reviews.ts): moderation mode and banned words. */
  reviewSettings: 'review_settings',
} as const;
