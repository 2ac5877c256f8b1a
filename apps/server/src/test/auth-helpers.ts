import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { liveTestDatabases } from './test-database';

export const SMALL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export interface Registered {
  email: string;
  password: string;
  organizationId: string;
}

/** Signs a school up through the API and returns its first member's credentials. */
export async function registerSchool(
  app: FastifyInstance,
  overrides: Partial<{
    name: string;
    email: string;
    password: string;
    schoolName: string;
    avatar: string;
  }> = {},
): Promise<Registered> {
  const body = {
    name: 'Afi Mensah',
    email: `afi.${Math.random().toString(36).slice(2)}@exemple.tg`,
    password: 'motdepasse-solide',
    schoolName: 'Collège Sainte-Rita de Lomé',
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/registration',
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    email: body.email,
    password: body.password,
    organizationId: await newestSchoolOf(body.email),
  };
}

/**
 * The school most recently joined by the account of this address. The sign-up's answer does not
 * say (it is the same for a known address), so it is read from the file's test databases.
 */
async function newestSchoolOf(email: string): Promise<string> {
  for (const database of liveTestDatabases()) {
    const { rows } = await database.db.execute<{ id: string }>(sql`
      select m.organization_id as id from memberships m join users u on u.id = m.user_id
      where lower(u.email) = lower(${email}) order by m.created_at desc limit 1`);
    if (rows[0]) return rows[0].id;
  }
  throw new Error(`no school signed up by ${email}`);
}

/** Logs in; returns the access token and the refresh cookie's value. */
export async function logIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((candidate) => candidate.name === 'ecolage_refresh');
  return {
    accessToken: response.json().access_token as string,
    refreshToken: cookie?.value ?? '',
    body: response.json(),
    cookie,
  };
}
