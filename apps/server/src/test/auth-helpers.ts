import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

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
    organizationId: response.json().organization.id,
  };
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
