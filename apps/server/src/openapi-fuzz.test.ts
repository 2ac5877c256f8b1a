import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMemberWithSystemRole } from './modules/access/access.service';
import { ensureAccount } from './modules/auth';
import { optOutUrl } from './modules/messaging';
import { optOutToken } from './modules/messaging/opt-outs/opt-out-tokens';
import { logIn, registerSchool } from './test/auth-helpers';
import {
  BAD_TEXT,
  BAD_URL_VALUES,
  badValuesFor,
  FAR_DATES,
  fieldsOf,
  sample,
  withValue,
  type JsonSchema,
} from './test/fuzz-values';
import { schoolRecords } from './test/school-records';
import { useTestApp } from './test/test-app';

/**
 * Sends NUL characters, lone surrogates, huge strings, negative and huge numbers and far-future
 * dates to every operation of /api/openapi.json — each path parameter, query parameter and body
 * field in turn, the others plausible, with a Super administration's session and ids of real rows
 * — and to the server-rendered pages; no answer may be a 5xx. Routes added later are fuzzed
 * without touching this file.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Probe {
  what: string;
  request: InjectOptions;
}

/** Operations that end or change the session the fuzz works with: sent last. */
const LAST = /^(DELETE |POST \/api\/auth\/(logout|switch-school)|POST \/api\/profile)/;

/**
 * The server-rendered pages (hidden from the document), with a plausible value for each field of
 * their forms (`{name}`: a fixture's id) and of their query.
 */
const PAGES: {
  method: Method;
  path: string;
  form?: Record<string, string>;
  query?: Record<string, string>;
}[] = [
  { method: 'GET', path: '/form', query: { q: 'ecole fuzz' } },
  { method: 'GET', path: '/payer/{slug}' },
  {
    method: 'POST',
    path: '/payer/{slug}/code',
    form: { matricule: '{matricule}', phone: '90112233' },
  },
  { method: 'GET', path: '/payer/{slug}/code/{codeId}' },
  { method: 'POST', path: '/payer/{slug}/code/{codeId}', form: { code: '123456' } },
  { method: 'GET', path: '/payer/retour/{attemptId}' },
  { method: 'GET', path: '/payer/l/{token}' },
  {
    method: 'POST',
    path: '/payer/l/{token}',
    form: {
      invoiceIds: '{invoiceId}',
      wallet: 'MTN',
      phone: '90112233',
      amount: '1000',
      idempotencyKey: 'cle-du-fuzz-0123456789',
    },
  },
  { method: 'GET', path: '/inscription/{slug}' },
  // Our short links and the opt-out pages (messaging).
  { method: 'GET', path: '/s/{shortCode}' },
  { method: 'GET', path: '/desabonnement/{optOutToken}' },
  { method: 'POST', path: '/desabonnement/{optOutToken}', form: {} },
  { method: 'POST', path: '/desabonnement/{optOutToken}/reactiver', form: {} },
  {
    method: 'POST',
    path: '/inscription/{slug}',
    form: {
      name: 'Ama Mensah',
      email: 'ama@exemple.tg',
      phone: '90445566',
      gender: 'female',
      country: 'TG',
      programmeId: '{programmeId}',
      levelId: '{levelId}',
    },
  },
];

let address = 0;
/** Each probe from its own address: per-IP budgets must not hide what is behind them. */
function nextAddress(): string {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no fixture for path parameter {${name}} (${path})`);
    return value;
  });
}

function queryString(entries: [string, string][]): string {
  return entries.length === 0 ? '' : `?${entries.map(([k, v]) => `${k}=${v}`).join('&')}`;
}

/** Encoded for a URL, unless already a raw escape sequence of BAD_URL_VALUES. */
function urlValue(value: unknown): string {
  return typeof value === 'string' && BAD_URL_VALUES.includes(value)
    ? value
    : encodeURIComponent(String(value));
}

/** A multipart upload of one file, with a text field beside it. */
function multipart(
  method: Method,
  url: string,
  headers: Record<string, string>,
  fileName: string,
  content: string,
): InjectOptions {
  const boundary = 'fuzz-boundary';
  const payload = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="note"',
    '',
    'a\u0000b',
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    'Content-Type: text/csv',
    '',
    content,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return {
    method,
    url,
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function operationProbes(
  method: Method,
  path: string,
  operation: Operation,
  ids: Record<string, string>,
  headers: Record<string, string>,
): Probe[] {
  const parameters = operation.parameters ?? [];
  const pathIds = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, ids[p.name] ?? 'inconnu']),
  );
  const requiredQuery = parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p): [string, string] => [p.name, urlValue(sample(p.schema, p.name, ids))]);
  const keyed = parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key');
  const json = operation.requestBody?.content['application/json']?.schema;
  // Fresh for each probe: names and addresses unique, so no probe stops at « already taken ».
  const plausible = () => (json ? sample(json, 'body', ids) : undefined);
  const probe = (
    what: string,
    overrides: { pathIds?: Record<string, string>; query?: [string, string][]; body?: unknown },
  ): Probe => {
    const query = overrides.query ?? requiredQuery;
    const body = 'body' in overrides ? overrides.body : plausible();
    // A body sent as text or bytes is still announced as JSON, so that it reaches the parser.
    const raw = typeof body === 'string' || Buffer.isBuffer(body);
    return {
      what,
      request: {
        method,
        url: fillPath(path, { ...pathIds, ...overrides.pathIds }) + queryString(query),
        headers: {
          ...headers,
          ...(keyed ? { 'idempotency-key': crypto.randomUUID() } : {}),
          ...(raw ? { 'content-type': 'application/json' } : {}),
        },
        ...(body === undefined ? {} : { payload: body as object }),
      },
    };
  };
  const probes: Probe[] = [probe('plausible request', {})];
  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    for (const value of BAD_URL_VALUES) {
      probes.push(
        probe(`{${parameter.name}} = ${value}`, { pathIds: { [parameter.name]: value } }),
      );
    }
  }
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const values = [...BAD_URL_VALUES, ...badValuesFor(parameter.schema, parameter.name)];
    for (const value of values) {
      if (typeof value === 'string' && /[\ud800-\udfff]/.test(value)) continue; // not in a URL
      const query = [
        ...requiredQuery.filter(([name]) => name !== parameter.name),
        [parameter.name, urlValue(value)] as [string, string],
      ];
      probes.push(probe(`?${parameter.name} = ${String(value).slice(0, 40)}`, { query }));
    }
  }
  if (operation.requestBody?.content['multipart/form-data']) {
    for (const fileName of ['a\u0000b.csv', 'é'.repeat(5_000), '-1', '9999-12-31']) {
      for (const content of ['Nom complet\nAma\u0000Mensah\n', 'Nom complet\nx\ud800y\n']) {
        probes.push({
          what: `file ${fileName.slice(0, 20)} with ${JSON.stringify(content).slice(0, 40)}`,
          request: multipart(method, fillPath(path, pathIds), headers, fileName, content),
        });
      }
    }
  }
  if (json) {
    for (const field of fieldsOf(json)) {
      for (const value of badValuesFor(field.schema, field.path.at(-1) ?? '')) {
        const body = withValue(plausible(), field.path, value);
        probes.push(probe(`${field.path.join('.')} = ${String(value).slice(0, 40)}`, { body }));
      }
    }
    for (const body of [...BAD_TEXT, [], 12, null]) {
      probes.push(probe(`body = ${String(body).slice(0, 40)}`, { body: JSON.stringify(body) }));
    }
    probes.push(probe('body with a raw NUL byte', { body: Buffer.from('{"a":"x\u0000y"}') }));
  }
  return probes;
}

function pageProbes(page: (typeof PAGES)[number], ids: Record<string, string>): Probe[] {
  const contentType = { 'content-type': 'application/x-www-form-urlencoded' };
  const plausible = Object.fromEntries(
    Object.entries(page.form ?? {}).map(([name, value]) => [name, fillPath(value, ids)]),
  );
  const encode = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([name, value]) => `${name}=${urlValue(value)}`)
      .join('&');
  const plausibleQuery = page.query ?? {};
  const request = (
    what: string,
    pathIds: Record<string, string>,
    body?: string,
    query = plausibleQuery,
  ): Probe => ({
    what,
    request: {
      method: page.method,
      url: `${fillPath(page.path, { ...ids, ...pathIds })}${queryString(
        Object.entries(query).map(([name, value]) => [name, urlValue(value)]),
      )}`,
      ...(page.form ? { headers: contentType, payload: body ?? encode(plausible) } : {}),
    },
  });
  const params = [...page.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const probes = [request('plausible request', {})];
  for (const name of params) {
    for (const value of BAD_URL_VALUES) {
      probes.push(request(`{${name}} = ${value}`, { [name]: value }));
    }
  }
  for (const name of Object.keys(plausible)) {
    for (const value of [...BAD_URL_VALUES, ...FAR_DATES]) {
      const body = encode({ ...plausible, [name]: String(value) });
      probes.push(request(`${name} = ${String(value).slice(0, 40)}`, {}, body));
    }
  }
  for (const name of Object.keys(plausibleQuery)) {
    for (const value of [...BAD_URL_VALUES, ...FAR_DATES]) {
      const query = { ...plausibleQuery, [name]: String(value) };
      probes.push(request(`?${name} = ${String(value).slice(0, 40)}`, {}, undefined, query));
    }
  }
  return probes;
}

describe('fuzz of every operation of /api/openapi.json and of the server-rendered pages', () => {
  const { app, database } = useTestApp({
    rateLimitPerMinute: 1_000_000,
    authRateLimit: { max: 1_000_000, timeWindow: '1 minute' },
    formRateLimit: { max: 1_000_000, timeWindow: '1 minute' },
  });
  const ids: Record<string, string> = {};
  let token = '';
  let operations: { method: Method; path: string; operation: Operation }[] = [];

  beforeAll(async () => {
    const school = await registerSchool(app(), {
      email: 'fuzz@ecole-fuzz.tg',
      schoolName: 'École Fuzz',
    });
    // Also a platform operator: the console's routes are fuzzed past their rule too.
    await database().db.execute(
      sql`update users set platform_role = 'operator' where lower(email) = 'fuzz@ecole-fuzz.tg'`,
    );
    const session = await logIn(app(), school.email, school.password);
    token = session.accessToken;
    const db = database().db;
    Object.assign(
      ids,
      await schoolRecords(app(), db, {
        organizationId: school.organizationId,
        userId: session.body.user.id,
        token,
      }),
    );
    // Members' routes act on another member: the fuzz must not demote its own session.
    ids.userId = await db.transaction(async (tx) => {
      const { user } = await ensureAccount(tx, {
        email: 'autre@ecole-fuzz.tg',
        name: 'Autre',
        password: 'motdepasse',
      });
      await addMemberWithSystemRole(
        tx,
        {
          organizationId: school.organizationId,
          userId: user.id,
          roleKey: 'cashier',
          userLabel: 'Autre',
        },
        { actor: { type: 'system', label: 'Test' }, ip: null },
      );
      return user.id;
    });
    const link = await app().inject({
      method: 'POST',
      url: `/api/students/${ids.studentId}/payment-link`,
      payload: { send: false },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(link.statusCode, link.body).toBe(200);
    ids.token = String(link.json().url).split('/payer/l/')[1]!;
    const slug = await db.execute<{ slug: string }>(
      sql`select slug from organizations where id = ${school.organizationId}`,
    );
    ids.slug = slug.rows[0]!.slug;
    ids.codeId = crypto.randomUUID();
    ids.attemptId = ids.paymentId!;
    ids.provider = 'mtn';
    ids.schoolId = school.organizationId;
    ids.name = 'inconnu.png';
    const stop = { organizationId: school.organizationId, recipient: '+22890112233' } as const;
    ids.shortCode = (await optOutUrl(db, { ...stop, category: 'reminder' })).split('/s/')[1]!;
    ids.optOutToken = optOutToken({ ...stop, category: 'reminder' });
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(document.paths as Record<string, Record<string, Operation>>)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          method: method.toUpperCase() as Method,
          path,
          operation,
        })),
      )
      .sort(
        (a, b) =>
          Number(LAST.test(`${a.method} ${a.path}`)) - Number(LAST.test(`${b.method} ${b.path}`)),
      );
  });

  it('answers no 5xx, whatever the parameter or field', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const probes = [
      ...PAGES.flatMap((page) => pageProbes(page, ids)),
      ...operations.flatMap(({ method, path, operation }) =>
        operationProbes(method, path, operation, ids, headers).map((probe) => ({
          ...probe,
          what: `${method} ${path}: ${probe.what}`,
        })),
      ),
    ];
    const failures: string[] = [];
    let answeredPastAuth = 0;
    for (const { what, request } of probes) {
      const answer = await app()
        .inject({ ...request, remoteAddress: nextAddress() })
        .catch((error: Error) => error);
      // A streamed answer (an export) that breaks halfway is a server failure too.
      if (answer instanceof Error) {
        failures.push(`${what} → ${answer.message}`);
        continue;
      }
      if (answer.statusCode >= 500) {
        failures.push(`${what} → ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      if (answer.statusCode !== 401 && answer.statusCode !== 403) answeredPastAuth += 1;
    }
    expect(failures).toEqual([]);
    // The walk covered every operation and most probes got past authentication.
    expect(operations.length).toBeGreaterThan(100);
    expect(probes.length).toBeGreaterThan(operations.length * 10);
    expect(answeredPastAuth / probes.length).toBeGreaterThan(0.95);
  }, 300_000);
});
