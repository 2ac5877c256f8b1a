import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@ecolage/contracts';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import {
  createFamily,
  createOneOff,
  expectLedgerAgrees,
  pay,
} from '../../billing/ledger.test-support';
import { schoolToday } from '../../organizations';
import { checkFec } from './check-fec';
import { FEC_FIELDS } from './journal-format';

const journalUrl = (format: string, from: string, to: string) =>
  `/api/accounting/journal?format=${format}&from=${from}&to=${to}`;

describe('journal exports, lettering, mapping and period closure (real database)', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 1_000_000 });

  async function schoolWithBooks() {
    const school = await signUpSchool(app(), `Lycée ${Math.random().toString(36).slice(2, 8)}`);
    const db = database().db;
    const today = await schoolToday(db, school.organizationId);
    const past = addDays(today, -10);
    const first = await createFamily(school.call, ['Kossi Agbéko']);
    const second = await createFamily(school.call, ['Ama Mensah']);
    const kossi = first.children[0]!;
    const ama = second.children[0]!;
    // A payment before any invoice (family credit), ten days ago.
    await pay(db, school.organizationId, {
      guardianId: first.guardianId,
      amount: 20_000,
      entryDate: past,
      label: 'Avance Mixx by Yas',
    });
    // Kossi: one invoice paid in full (lettered); Ama: one invoice paid in part (not lettered).
    await createOneOff(school.call, kossi.id, 100_000, today);
    await createOneOff(school.call, ama.id, 80_000, today);
    await pay(db, school.organizationId, {
      guardianId: first.guardianId,
      amount: 80_000,
      entryDate: today,
    });
    await pay(db, school.organizationId, {
      guardianId: second.guardianId,
      amount: 30_000,
      entryDate: today,
      debitAccount: '5522',
    });
    return { ...school, today, past, kossi, ama, first, second };
  }

  async function download(call: Call, format: string, from: string, to: string) {
    const response = await call('GET', journalUrl(format, from, to));
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it('FEC: 18 fields, numbered per journal, balanced, lettered, passes checkFec', async () => {
    const school = await schoolWithBooks();
    const { call, today, past } = school;
    const response = await download(call, 'fec', past, today);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`filename="[A-Z0-9]+FEC${today.replaceAll('-', '')}\\.txt"`),
    );
    const text = response.body;
    const check = checkFec(text, { from: past, to: today });
    expect(check.errors).toEqual([]);
    expect(check).toMatchObject({ ok: true });
    expect(check.debits).toBe(check.credits);
    const rows = text.split('\r\n').map((row) => row.split('|'));
    expect(rows[0]).toEqual([...FEC_FIELDS]);
    expect(text.endsWith('\r\n')).toBe(false);
    const body = rows.slice(1);
    // Journals with their labels and numbers.
    const ve = body.find((row) => row[0] === 'VE')!;
    expect(ve[1]).toBe('Ventes — frais de scolarité');
    expect(ve[2]).toMatch(new RegExp(`^VE${today.slice(0, 4)}-\\d{6}$`));
    expect(body.find((row) => row[0] === 'MM1')![1]).toBe('Mobile money — Mixx by Yas');
    expect(body.find((row) => row[0] === 'MM2')![1]).toBe('Mobile money — Moov Flooz');
    // Auxiliaries: the matricule and the name on 4111.
    const kossiLines = body.filter((row) => row[4] === '4111' && row[6] === school.kossi.matricule);
    expect(kossiLines.every((row) => row[7] === 'Kossi Agbéko')).toBe(true);
    // Kossi: invoice 100 000 = advance 20 000 + payment 80 000 → lettered A, dated today.
    expect(kossiLines.map((row) => [row[11], row[12], row[13], row[14]])).toEqual(
      expect.arrayContaining([
        ['100000,00', '0,00', 'A', today.replaceAll('-', '')],
        ['0,00', '80000,00', 'A', today.replaceAll('-', '')],
      ]),
    );
    // Ama: 80 000 owed, 30 000 paid → not lettered.
    const amaLines = body.filter((row) => row[4] === '4111' && row[6] === school.ama.matricule);
    expect(amaLines.length).toBeGreaterThan(0);
    expect(amaLines.every((row) => row[13] === '' && row[14] === '')).toBe(true);
    // Audited, and recorded for the closure.
    const { rows: audit } = await database().db.execute<{ details: Record<string, unknown> }>(
      sql`select details from audit_entries where organization_id = ${school.organizationId}
        and action = 'accounting.journal_exported'`,
    );
    expect(audit[0]?.details).toMatchObject({
      format: 'fec',
      du: past,
      au: today,
      lignes: check.lines,
    });
  });

  it('Sage 100 and CSV shapes; XLSX downloads', async () => {
    const { call, today, past } = await schoolWithBooks();
    const sage = await download(call, 'sage', past, today);
    const sageLines = sage.rawPayload.toString('latin1').split('\r\n').filter(Boolean);
    expect(sageLines.length).toBeGreaterThan(4);
    for (const line of sageLines) {
      const fields = line.split('\t');
      expect(fields).toHaveLength(11);
      expect(fields[0]).toBe('G');
      expect(fields[2]).toMatch(/^\d{6}$/);
      expect(fields[9]).toMatch(/^\d+,00$/);
    }
    const jjmmaa = `${today.slice(8, 10)}${today.slice(5, 7)}${today.slice(2, 4)}`;
    expect(sageLines.some((line) => line.split('\t')[2] === jjmmaa)).toBe(true);
    const csv = await download(call, 'csv', past, today);
    const csvLines = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(csvLines[0]).toBe(
      'Journal;Libellé journal;N° écriture;Date;Compte;Libellé compte;Compte auxiliaire;Libellé auxiliaire;Pièce;Libellé;Débit;Crédit;Lettrage;Date lettrage;Validée le',
    );
    expect(csvLines[1]!.split(';')[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const xlsx = await download(call, 'xlsx', past, today);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses an empty period (422), bad or far-future dates (400); another school sees nothing', async () => {
    const { call, today, past } = await schoolWithBooks();
    const empty = await call('GET', journalUrl('fec', '2001-01-01', '2001-12-31'));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: 'JOURNAL_EMPTY_PERIOD' });
    expect((await call('GET', journalUrl('fec', today, past))).statusCode).toBe(400);
    expect((await call('GET', journalUrl('fec', today, '2099-12-31'))).statusCode).toBe(400);
    expect((await call('GET', journalUrl('fec', '2026-13-01', today))).statusCode).toBe(400);
    expect((await call('GET', journalUrl('pdf', past, today))).statusCode).toBe(400);
    const other = await signUpSchool(app(), 'Collège Voisin');
    const foreign = await other.call('GET', journalUrl('fec', past, today));
    expect(foreign.statusCode).toBe(422);
  });

  it('permissions: export:accounting to export, manage:accounting to close or remap', async () => {
    const school = await schoolWithBooks();
    const db = database().db;
    const reader = await memberWith(app(), db, school, ['read:accounting']);
    const exporter = await memberWith(app(), db, school, ['read:accounting', 'export:accounting']);
    const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app().inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    const url = journalUrl('csv', school.past, school.today);
    expect((await as(reader, 'GET', url)).statusCode).toBe(403);
    expect((await as(exporter, 'GET', url)).statusCode).toBe(200);
    expect((await as(exporter, 'GET', '/api/accounting/account-mapping')).statusCode).toBe(200);
    const close = { through: school.past };
    expect((await as(exporter, 'POST', '/api/accounting/periods/close', close)).statusCode).toBe(
      403,
    );
    const mapping = { baseChart: 'syscohada', lines: [] };
    expect((await as(exporter, 'PUT', '/api/accounting/account-mapping', mapping)).statusCode).toBe(
      403,
    );
  });

  it('account mapping: chart accounts and sub-accounts only (422 naming the line), applied, audited', async () => {
    const { call, today, past, organizationId } = await schoolWithBooks();
    const defaults = await ok(call('GET', '/api/accounting/account-mapping'));
    expect(defaults.baseChart).toBe('syscohada');
    expect(
      defaults.lines.find((line: { internalAccount: string }) => line.internalAccount === '4111'),
    ).toMatchObject({ account: '4111', label: 'Clients', isDefault: true });
    const refused = await call('PUT', '/api/accounting/account-mapping', {
      baseChart: 'syscebnl',
      lines: [{ internalAccount: '4111', account: '9999' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_UNKNOWN',
      params: { account: '9999' },
    });
    expect(refused.json().message).toContain('4111');
    // Nothing was written.
    expect((await ok(call('GET', '/api/accounting/account-mapping'))).baseChart).toBe('syscohada');
    const saved = await ok(
      call('PUT', '/api/accounting/account-mapping', {
        baseChart: 'syscebnl',
        lines: [{ internalAccount: '4111', account: '41201', label: 'Clients-usagers élèves' }],
      }),
    );
    const line = (account: string) =>
      saved.lines.find((row: { internalAccount: string }) => row.internalAccount === account);
    expect(line('4111')).toMatchObject({ account: '41201', isDefault: false });
    expect(line('4191')).toMatchObject({ account: '419', isDefault: true });
    expect(line('70618')).toMatchObject({ account: '70528' });
    const fec = (await download(call, 'fec', past, today)).body;
    expect(checkFec(fec).ok).toBe(true);
    expect(fec).toContain('|41201|Clients-usagers élèves|');
    expect(fec).not.toContain('|4111|');
    const { rows } = await database().db.execute(
      sql`select 1 from audit_entries where organization_id = ${organizationId}
        and action = 'accounting.mapping_updated'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('closes a period only after its export; later postings in it move; ledger:check agrees', async () => {
    const school = await schoolWithBooks();
    const { call, today, past, organizationId } = school;
    const db = database().db;
    const close = (through: string) => call('POST', '/api/accounting/periods/close', { through });
    expect((await close(today)).json()).toMatchObject({ code: 'PERIOD_CLOSE_TOO_LATE' });
    expect((await close(past)).json()).toMatchObject({ code: 'PERIOD_NOT_EXPORTED' });
    await download(call, 'fec', past, past);
    const closed = await ok(close(past));
    expect(closed.closedThrough).toBe(past);
    expect(closed.closures).toHaveLength(1);
    expect((await close(addDays(past, -1))).json()).toMatchObject({
      code: 'PERIOD_ALREADY_CLOSED',
    });
    // An automatic posting dated in the closed period is moved to the first open day.
    await pay(db, organizationId, {
      guardianId: school.second.guardianId,
      amount: 5_000,
      entryDate: past,
      label: 'Paiement tardif',
    });
    const { rows } = await db.execute<{ entry_date: string; label: string }>(
      sql`select entry_date::text, label from ledger_transactions
        where organization_id = ${organizationId} and label like 'Paiement tardif%'`,
    );
    expect(rows[0]?.entry_date).toBe(addDays(past, 1));
    expect(rows[0]?.label).toMatch(
      /^Paiement tardif \(report : période close au \d{2}\/\d{2}\/\d{4}\)$/,
    );
    await expectLedgerAgrees(db, organizationId);
    // The closed period's export is unchanged; the move shows in the next one, still valid.
    const fec = (await download(call, 'fec', past, today)).body;
    expect(checkFec(fec, { from: past, to: today }).errors).toEqual([]);
    const audit = await db.execute(
      sql`select 1 from audit_entries where organization_id = ${organizationId}
        and action = 'accounting.period_closed'`,
    );
    expect(audit.rows).toHaveLength(1);
    const periods = await ok(call('GET', '/api/accounting/periods'));
    expect(periods.exports.length).toBeGreaterThanOrEqual(2);
  });
});
