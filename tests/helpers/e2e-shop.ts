import type { FastifyInstance } from 'fastify';
import { hashPassword } from '#server/auth/passwords.ts';
import { users } from '#server/users/users.table.ts';
import { E2E_ALERTED_STAFF, E2E_MAX_SESSIONS_PER_ADMIN, E2E_TWO_STEP_STAFF } from './e2e-accounts.ts';

/**
 * What the E2E server adds to a fresh shop before it listens (tests/helpers/e2e-accounts.ts says
 * why): the two-step spec's own staff accounts, the security spec's alerted one, and room for every
 * worker's sessions of the demo admin.
 */
export async function prepareE2eShop(app: FastifyInstance): Promise<void> {
  const passwordHash = await hashPassword(E2E_TWO_STEP_STAFF.password);
  await app.db
    .insert(users)
    .values(
      E2E_TWO_STEP_STAFF.projects.map((project) => ({
        email: E2E_TWO_STEP_STAFF.emailFor(project),
        name: `Two-step ${project}`,
        role: 'admin' as const,
        passwordHash,
      })),
    )
    .onConflictDoNothing();
  await app.db
    .insert(users)
    .values({
      email: E2E_ALERTED_STAFF.email,
      name: 'Alerted staff',
      role: 'admin',
      passwordHash: await hashPassword(E2E_ALERTED_STAFF.password),
    })
    .onConflictDoNothing();
  await app.settings.save(
    { security: { sessions: { max_sessions_per_admin: E2E_MAX_SESSIONS_PER_ADMIN } } },
    { actor: null },
    false,
  );
}
