// The back-to-school rush's school (bench/rush.ts), made before the rush on a fresh database of
// the PostgreSQL server, through the product's own API in this process (directly, no pooler): a
// school year under way, 20,000 students with their guardians imported from one file (one in
// three shares the guardian of the line before: about 13,300 families), each billed the
// registration and three tranches, the reminders' workflows (off until the rush), the payment
// links of 800 families and the 20 staff sessions.
import pg from 'pg';
import { pino } from 'pino';
import { studentImportColumns } from '../packages/contracts/src/student-import';
import { buildApp } from '../apps/server/src/app';
import * as schema from '../apps/server/src/db-schema';
import { connectDatabase } from '../apps/server/src/platform/db/database';
import { runMigrations } from '../apps/server/src/platform/db/migrate';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchStorage } from './lib/bench-storage';
import { jsonClient } from '../apps/server/src/test/cluster/json-client';

export const RUSH_SECRET = 'secret-de-banc-d-essai-de-32-caracteres-au-moins';
const ACCOUNT = { email: 'direction@rentree.tg', password: 'motdepasse-solide' };
const LEVELS = ['6e', '5e', '4e', '3e'];

export interface RushSchool {
  organizationId: string;
  /** `/payer/l/<token>` of each paying family, with the phone it pays from. */
  links: { path: string; phone: string }[];
  /** Access tokens of the staff browsing during the rush. */
  staffTokens: string[];
  students: number;
  invoices: number;
}

/** A fresh database on the server (dropped first when a previous run left it). */
export async function freshRushDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function importCsv(count: number, yearLabel: string): { csv: string; families: number } {
  const lines = [studentImportColumns.map((column) => column.header).join(';')];
  let guardian = 0;
  for (let i = 0; i < count; i += 1) {
    if (i % 3 !== 2) guardian += 1;
    const cells: Record<string, string> = {
      fullName: `Élève ${i} Agbéko`,
      status: 'Actif',
      programme: 'Collège',
      level: LEVELS[i % LEVELS.length]!,
      year: yearLabel,
      guardianName: `Parent ${guardian} Mensah`,
      guardianPhone: familyPhone(guardian),
      guardianRelation: i % 2 === 0 ? 'Mère' : 'Père',
    };
    lines.push(studentImportColumns.map((column) => cells[column.key] ?? '').join(';'));
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, families: guardian };
}

/** A Togolese mobile number of family `n` (Wave takes West-African numbers). */
function familyPhone(n: number): string {
  return `+22890${String(n).padStart(6, '0')}`;
}

export async function makeRushSchool(
  databaseUrl: string,
  options: { students: number; families: number; staff: number },
): Promise<RushSchool> {
  const database = connectDatabase(databaseUrl, 10, schema);
  await runMigrations(database.pool);
  const app = await buildApp({
    database,
    webDistDir: false,
    logger: pino({ level: 'silent' }),
    jwtSecret: RUSH_SECRET,
    storage: benchStorage(path.join(tmpdir(), `ecolage-bench-rush-${process.pid}`)),
    rateLimitPerMinute: 100_000_000,
    loginPolicy: { failureDelayMs: () => 0, accountLockMs: () => 0, ipLockMs: () => 0 },
    authRateLimit: { max: 100_000_000, timeWindow: '1 minute' },
  } as Parameters<typeof buildApp>[0]);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const call = <T = Record<string, unknown>>(
      method: string,
      route: string,
      body?: unknown,
      token = '',
    ) => jsonClient(base, token)<T>(method, route, body);
    await call('POST', '/api/auth/registration', {
      name: 'Afi Mensah',
      schoolName: 'Collège de la Rentrée',
      ...ACCOUNT,
    });
    const login = await call<{ access_token: string; organization: { id: string } }>(
      'POST',
      '/api/auth/login',
      ACCOUNT,
    );
    const token = login.access_token;
    const as = <T = Record<string, unknown>>(method: string, route: string, body?: unknown) =>
      call<T>(method, route, body, token);
    // The school year under way (September to July): some tranches due, some overdue.
    const today = new Date();
    const start = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
    const yearLabel = `${start}-${start + 1}`;
    await as('POST', '/api/academic-years', {
      label: yearLabel,
      startsOn: `${start}-09-01`,
      endsOn: `${start + 1}-07-31`,
      current: true,
    });
    const programme = await as<{ id: string }>('POST', '/api/programmes', { name: 'Collège' });
    for (const name of LEVELS) {
      await as('POST', `/api/programmes/${programme.id}/levels`, {
        name,
        registrationFee: 25_000,
        feeMode: 'schedule',
        schedule: [
          { label: '1re tranche', amount: 60_000, dueMonth: 10, dueDay: 5 },
          { label: '2e tranche', amount: 50_000, dueMonth: 1, dueDay: 5 },
          { label: '3e tranche', amount: 40_000, dueMonth: 4, dueDay: 5 },
        ],
      });
    }
    const { csv } = importCsv(options.students, yearLabel);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(csv, 'utf8')]), 'rentree.csv');
    const upload = await fetch(`${base}/api/students/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const preview = (await upload.json()) as { id: string };
    if (upload.status !== 201) throw new Error(`import : ${JSON.stringify(preview)}`);
    await as('POST', `/api/students/imports/${preview.id}/commit`, { mode: 'all_or_nothing' });
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const state = await as<{ status: string; error?: string }>(
        'GET',
        `/api/students/imports/${preview.id}`,
      );
      if (state.status === 'done') break;
      if (state.status !== 'running') throw new Error(`import ${state.status}: ${state.error}`);
    }
    // One student of each of the first families: its family's link, made as the student page does.
    const { rows: families } = await database.pool.query<{ student_id: string; phone: string }>(
      `select distinct on (g.id) sg.student_id, g.phone
         from guardians g join student_guardians sg on sg.guardian_id = g.id and sg.is_main_payer
        order by g.id, sg.student_id limit $1`,
      [options.families],
    );
    const links: RushSchool['links'] = [];
    for (const family of families) {
      const link = await as<{ url: string }>(
        'POST',
        `/api/students/${family.student_id}/payment-link`,
        { send: false },
      );
      links.push({ path: new URL(link.url).pathname, phone: family.phone });
    }
    // The staff: one session each (the same Super administration signed in 20 times).
    const staffTokens: string[] = [];
    for (let i = 0; i < options.staff; i += 1) {
      staffTokens.push(
        (await call<{ access_token: string }>('POST', '/api/auth/login', ACCOUNT)).access_token,
      );
    }
    const counts = await database.pool.query<{ students: number; invoices: number }>(
      `select (select count(*)::int from students) as students,
              (select count(*)::int from invoices) as invoices`,
    );
    await database.pool.query('vacuum analyze');
    return {
      organizationId: login.organization.id,
      links,
      staffTokens,
      students: counts.rows[0]!.students,
      invoices: counts.rows[0]!.invoices,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
