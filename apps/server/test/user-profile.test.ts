import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

/**
 * GET /api/users/:id/profile (/ag/users/{id}, docs/decisions.md "Profile"): the agency owner reads
 * any user of its own agency; everyone else only itself; any other id is 404 (never 403, never data).
 */
const t = useApiTest();
const { call } = t;

async function idOf(email: string): Promise<string> {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u!.id;
}

describe('a user profile by id', () => {
  it("lets the agency owner read a user of its agency (the Users list's link)", async () => {
    const staff = await idOf(PERSONA.STAFF);
    const res = await call(PERSONA.OWNER, 'GET', `/api/users/${staff}/profile`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: staff, email: 'staff@demo.test', userType: 'agency', authority: 'staff', isSubUser: true });
    expect(res.body.data.proxies).toEqual(expect.any(Array));
    // Nothing beyond the managed-user fields leaves the server.
    expect(res.body.data).not.toHaveProperty('passwordHash');
  });

  it('lets everyone read its own profile', async () => {
    for (const email of [PERSONA.STAFF, PERSONA.SELLER, PERSONA.SELLER_SUPPORT, PERSONA.ADMIN, PERSONA.OWNER]) {
      const id = await idOf(email);
      const res = await call(email, 'GET', `/api/users/${id}/profile`);
      expect(res.status, email).toBe(200);
      expect(res.body.data.email).toBe(email);
    }
  });

  it("answers 404 for another agency's user, even to an owner", async () => {
    const foreign = await idOf(PERSONA.STAFF);
    const res = await call(PERSONA.OTHER_OWNER, 'GET', `/api/users/${foreign}/profile`);
    expect(res.status).toBe(404);
    expect(res.body.data).toBeUndefined();
  });

  it("answers 404 to a sub-user asking for someone else's profile, the owner's included", async () => {
    const owner = await idOf(PERSONA.OWNER);
    const colleague = await idOf(PERSONA.SUPPORT);
    for (const id of [owner, colleague]) {
      const res = await call(PERSONA.STAFF, 'GET', `/api/users/${id}/profile`);
      expect(res.status).toBe(404);
    }
  });

  it("answers 404 to a seller manager asking for its sub-user's profile (only itself)", async () => {
    const sub = await idOf(PERSONA.SELLER_SUPPORT);
    const res = await call(PERSONA.SELLER, 'GET', `/api/users/${sub}/profile`);
    expect(res.status).toBe(404);
  });

  it('answers 404 for a deleted user and for an unknown id', async () => {
    const [gone] = await t.database.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.email, PERSONA.DESIGNER))
      .returning({ id: users.id });
    expect((await call(PERSONA.OWNER, 'GET', `/api/users/${gone!.id}/profile`)).status).toBe(404);
    expect((await call(PERSONA.OWNER, 'GET', '/api/users/00000000-0000-7000-8000-000000000000/profile')).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const staff = await idOf(PERSONA.STAFF);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${staff}/profile` });
    expect(res.statusCode).toBe(401);
  });
});
