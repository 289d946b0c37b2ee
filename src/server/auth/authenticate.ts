import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '#server/errors.ts';
import { users } from '#server/users/users.table.ts';
import { AUTH_MESSAGES, isStaffRole, type UserRole } from '#shared/contracts/auth.ts';
import { authSessions, type SessionAudience } from './sessions.table.ts';
import { verifyAccessToken } from './tokens.ts';

export interface RequestUser {
  id: string;
  /** Null only for a phone-only shopper. */
  email: string | null;
  name: string;
  role: UserRole;
  /** The session family named by the access token's `sid`. */
  sessionId: string;
  /** `staff` sessions come from /auth/* (the admin panel), `shopper` ones from /account/*. */
  audience: SessionAudience;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; absent on anonymous requests. */
    user?: RequestUser;
  }
}

const tokenExpired = () => new AppError(401, 'TOKEN_EXPIRED', AUTH_MESSAGES.tokenExpired);

export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The user of a live session family: not revoked, not expired, user active (one indexed query),
 * or undefined. The role comes from the database, not the token: a demoted user loses access at once.
 */
export async function liveSessionUser(
  app: FastifyInstance,
  userId: string,
  sessionId: string,
  audience: SessionAudience = 'staff',
): Promise<RequestUser | undefined> {
  const [row] = await app.db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, isActive: users.isActive })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.familyId, sessionId),
        eq(authSessions.userId, userId),
        eq(authSessions.audience, audience),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row?.isActive) return undefined;
  return { id: row.id, email: row.email, name: row.name, role: row.role, sessionId, audience };
}

/**
 * Checks an access token and that its session is still live and its user still active, so
 * logout, a password change or disabling a user takes effect at once rather than when the JWT
 * expires. Shared by HTTP bearer auth and the real-time handshake.
 */
export async function verifySessionToken(
  app: FastifyInstance,
  token: string | undefined,
  audience: SessionAudience = 'staff',
): Promise<RequestUser> {
  if (!token) throw unauthorized(AUTH_MESSAGES.unauthorized);
  const check = await verifyAccessToken(token, app.secrets.jwtSecret);
  if (!check.ok) throw check.reason === 'expired' ? tokenExpired() : unauthorized(AUTH_MESSAGES.unauthorized);
  // A genuine token of the other kind of session: known, but not allowed here (decision 013).
  if (check.claims.audience !== audience) throw forbidden(AUTH_MESSAGES.forbidden);
  const user = await liveSessionUser(app, check.claims.sub, check.claims.sid, audience);
  if (!user) throw unauthorized(AUTH_MESSAGES.unauthorized);
  return user;
}

/** Checks the request's bearer token (`verifySessionToken`) and sets `request.user`. */
export async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  audience: SessionAudience = 'staff',
): Promise<RequestUser> {
  const user = await verifySessionToken(app, bearerOf(request), audience);
  request.user = user;
  return user;
}

/** The user `authenticate` set; for handlers behind an authenticating hook. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.unauthorized);
  return request.user;
}

/** onRequest hook for /auth/* routes any user signed in there (the admin panel's sessions) may call. */
export function requireUser(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    await authenticate(app, request);
  };
}

/** onRequest hook for staff-only routes: 401 without a valid session, 403 for customers. */
export function requireStaff(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const user = await authenticate(app, request);
    if (!isStaffRole(user.role)) throw forbidden(AUTH_MESSAGES.forbidden);
  };
}

/**
 * onRequest hook for shopper routes (/account/*, /cart, GET /orders): a shopper session of a
 * customer account; 401 without one, 403 for a staff session (decision 013).
 */
export function requireShopper(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const user = await authenticate(app, request, 'shopper');
    if (user.role !== 'customer') throw forbidden(AUTH_MESSAGES.forbidden);
  };
}

/** The shopper behind the request's bearer token, if it carries a live shopper session; never throws. */
export async function optionalShopper(app: FastifyInstance, request: FastifyRequest): Promise<RequestUser | undefined> {
  if (!bearerOf(request)) return undefined;
  try {
    const user = await authenticate(app, request, 'shopper');
    return user.role === 'customer' ? user : undefined;
  } catch {
    return undefined;
  }
}
