import type { FastifyInstance } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import { logIn, registerSchool } from './auth-helpers';

export type Call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<InjectResponse>;

/** A school signed up through the API, with its Super administration's token and a caller. */
export async function signUpSchool(app: FastifyInstance, schoolName = 'Lycée Les Cocotiers') {
  const school = await registerSchool(app, { schoolName });
  const { accessToken } = await logIn(app, school.email, school.password);
  const call: Call = (method, url, payload) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${accessToken}` } });
  return { ...school, token: accessToken, call };
}

/** Sends a request that must succeed and returns its JSON answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
export async function ok<T = any>(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status = 200,
): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json() as T;
}

/**
 * A year, a programme with a monthly level (50 000 registration, 150 000 × 10 months) and a
 * programme with a three-tranche level, through the API.
 */
export async function setUpProgrammes(call: Call) {
  const year = await ok(
    call('POST', '/api/academic-years', {
      label: '2026-2027',
      startsOn: '2026-09-01',
      endsOn: '2027-07-31',
      current: true,
    }),
    201,
  );
  const licence = await ok(call('POST', '/api/programmes', { name: 'Licence Informatique' }), 201);
  const l1 = await ok(
    call('POST', `/api/programmes/${licence.id}/levels`, {
      name: 'L1',
      registrationFee: 50_000,
      monthlyFee: 150_000,
    }),
    201,
  );
  const master = await ok(call('POST', '/api/programmes', { name: 'Master Droit' }), 201);
  const m1 = await ok(
    call('POST', `/api/programmes/${master.id}/levels`, {
      name: 'M1',
      registrationFee: 120_000,
      feeMode: 'schedule',
      schedule: [
        { label: '1re tranche', amount: 400_000, dueMonth: 10, dueDay: 15 },
        { label: '2e tranche', amount: 300_000, dueMonth: 1, dueDay: 15 },
        { label: '3e tranche', amount: 300_000, dueMonth: 4, dueDay: 15 },
      ],
    }),
    201,
  );
  return { year, licence, l1, master, m1 };
}
