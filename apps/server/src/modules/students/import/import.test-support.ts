import { studentImportColumns } from '@ecolage/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { logIn, registerSchool } from '../../../test/auth-helpers';

/** Test helpers of the student import: a school with a year, a programme and its levels. */

export const HEADERS = studentImportColumns.map((column) => column.header);

/** A school year that has not started yet, so every monthly instalment is billed. */
export function futureYear(today = new Date()) {
  const start = today.getUTCFullYear() + 1;
  return {
    label: `${start}-${start + 1}`,
    startsOn: `${start}-09-01`,
    endsOn: `${start + 1}-07-31`,
  };
}

export interface ImportSchool {
  token: string;
  organizationId: string;
  yearLabel: string;
  programmeId: string;
  levelIds: { l1: string; l2: string };
}

export function callAs(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
}

/** Signs a school up and gives it a current year and « Licence Informatique » (L1, L2). */
export async function setUpImportSchool(
  app: FastifyInstance,
  overrides: { email?: string; schoolName?: string } = {},
): Promise<ImportSchool> {
  const school = await registerSchool(app, overrides);
  const { accessToken: token } = await logIn(app, school.email, school.password);
  const call = callAs(app, token);
  const year = futureYear();
  const created = await call('POST', '/api/academic-years', { ...year, current: true });
  expect(created.statusCode, created.body).toBe(201);
  const programme = await call('POST', '/api/programmes', { name: 'Licence Informatique' });
  expect(programme.statusCode, programme.body).toBe(201);
  const programmeId = programme.json().id as string;
  const level = async (name: string) => {
    const response = await call('POST', `/api/programmes/${programmeId}/levels`, {
      name,
      registrationFee: 50_000,
      monthlyFee: 25_000,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  return {
    token,
    organizationId: school.organizationId,
    yearLabel: year.label,
    programmeId,
    levelIds: { l1: await level('L1'), l2: await level('L2') },
  };
}

/** A `;`-separated CSV of the template's columns (cells quoted when needed). */
export function csvText(rows: string[][], separator = ';'): string {
  const cell = (value: string) =>
    value.includes(separator) || value.includes('"') ? `"${value.replace(/"/g, '""')}"` : value;
  return [HEADERS, ...rows].map((row) => row.map(cell).join(separator)).join('\r\n');
}

/** One line of the template's columns from the cells given by column key. */
export function line(cells: Partial<Record<(typeof studentImportColumns)[number]['key'], string>>) {
  return studentImportColumns.map((column) => cells[column.key] ?? '');
}

/** A multipart body with one file in the field `name`. */
export async function multipartFile(
  fileName: string,
  bytes: Uint8Array,
  name = 'file',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(name, new Blob([bytes]), fileName);
  const body = new Response(form);
  return {
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '' },
  };
}

export async function uploadFile(
  app: FastifyInstance,
  token: string,
  fileName: string,
  bytes: Uint8Array,
) {
  const { payload, headers } = await multipartFile(fileName, bytes);
  return app.inject({
    method: 'POST',
    url: '/api/students/imports',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}
