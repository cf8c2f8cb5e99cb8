import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Actor, Authority } from '@fbo/shared';
import type { Db } from '../db/client';
import { appSettings, sellerTeams, users } from '../db/schema/index';
import { ActorCache, type TokenClaims } from './actor-cache';

const ISSUER = 'fulfilment-back-office';
const AUDIENCE = 'fulfilment-back-office/web';
const TOKEN_TTL = '7d';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set before any handler runs. */
    actor: Actor | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
  }
}

export interface TokenService {
  sign(userId: string, tokenVersion: number): Promise<string>;
  /** Verifies signature, algorithm, issuer, audience and expiry; the caller checks the version. */
  verify(token: string): Promise<(TokenClaims & { expiresAt: number }) | null>;
}

/** The secret: JWT_SECRET, or one generated once and kept in the database so replicas agree. */
export async function resolveJwtSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(appSettings).values({ key: 'jwt_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

export function createTokenService(secret: Uint8Array): TokenService {
  return {
    async sign(userId, tokenVersion) {
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(TOKEN_TTL)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number' || typeof payload.exp !== 'number') return null;
        return { userId: payload.sub, tokenVersion: payload.tv, expiresAt: payload.exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}

function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const value = header.slice(7).trim();
    if (value && value !== 'null' && value !== 'undefined') return value;
  }
  const alt = request.headers['access_token'];
  return typeof alt === 'string' && alt && alt !== 'null' ? alt : null;
}

/** What a request needs of its user: who, which role, and whether the token is still good. */
const userColumns = {
  id: users.id,
  userType: users.userType,
  authority: users.authority,
  isSubUser: users.isSubUser,
  agencyId: users.agencyId,
  sellerTeamId: users.sellerTeamId,
  /** A warehouse team's users get the operator's allow-list (docs/warehouses.md); read in the same round trip. */
  sellerType: sellerTeams.sellerType,
  status: users.status,
  tokenVersion: users.tokenVersion,
};
type UserRow = Pick<typeof users.$inferSelect, Exclude<keyof typeof userColumns, 'sellerType'>> & { sellerType: 'default' | 'warehouse' | null };

/**
 * Turns the bearer token into request.actor. A token is only good while its user is active
 * and its version matches: password change, reset and logout-everywhere bump the version.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; secret: Uint8Array }) => {
    app.decorate('tokens', createTokenService(opts.secret));
    app.decorateRequest('actor', null);
    const cache = new ActorCache<UserRow>();
    // Reads may be answered from memory; writes read the user fresh and, once committed, retire
    // what reads remembered (plugins/actor-cache.ts).
    const isRead = (method: string) => method === 'GET' || method === 'HEAD';
    app.addHook('onSend', async (request) => {
      if (!isRead(request.method)) cache.startGeneration();
    });

    async function claimsOf(token: string): Promise<TokenClaims | null> {
      const known = cache.claimsOf(token);
      if (known) return known;
      const verified = await app.tokens.verify(token);
      if (!verified) return null;
      const claims = { userId: verified.userId, tokenVersion: verified.tokenVersion };
      cache.rememberClaims(token, claims, verified.expiresAt);
      return claims;
    }

    async function userOf(userId: string, read: boolean): Promise<UserRow | undefined> {
      if (read) {
        const known = cache.rowOf(userId);
        if (known) return known;
      }
      const generation = cache.currentGeneration();
      const readAt = Date.now();
      const [user] = await opts.db.select(userColumns).from(users).leftJoin(sellerTeams, eq(sellerTeams.id, users.sellerTeamId)).where(eq(users.id, userId));
      if (user && read) cache.rememberRow(userId, user, generation, readAt);
      return user;
    }

    app.addHook('onRequest', async (request) => {
      request.actor = null;
      const token = tokenFrom(request);
      if (!token) return;
      const claims = await claimsOf(token);
      if (!claims) return;
      const user = await userOf(claims.userId, isRead(request.method));
      if (!user || user.status !== 'active' || user.tokenVersion !== claims.tokenVersion) return;
      request.actor = {
        userId: user.id,
        userType: user.userType,
        authority: user.authority as Authority | null,
        isSubUser: user.isSubUser,
        agencyId: user.agencyId,
        sellerTeamId: user.sellerTeamId,
        sellerType: user.sellerType,
      };
    });
  },
  { name: 'auth' },
);
