import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../../platform/clock';
import { memberWith } from '../../../test/members';
import { pdfText } from '../../../test/pdf-text';
import { ok, setUpProgrammes, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { postLedgerTransaction } from '../../ledger';
import { payouts } from '../payouts/payouts.tables';
import { paymentSettlements } from '../settlements/settlements.tables';
import { XLSX_HEADER_ROW } from './report-xlsx';

const today = dayIn('Africa/Lome');
const monthStart = `${today.slice(0, 8)}01`;
const french = (amount: number) => amount.toLocaleString('fr-FR').replace(/\s/g, ' ');
/** Spaces of every kind as plain spaces (French groups use narrow no-break spaces). */
const plain = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ');

/** The table rows of a report's sheet: header first, each cell's value. */
async function sheetRows(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number < XLSX_HEADER_ROW) return;
    rows.push((row.values as unknown[]).slice(1));
  });
  return { sheet, rows };
}

describe('accounting reports', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let koffi: { id: string; matricule: string };
  let ama: { id: string; matricule: string };
  const get = (url: string, token?: string) =>
    app().inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token ?? school.token}` },
    });
  const invoice = (studentId: string, label: string, amount: number, dueInDays: number) =>
    ok(
      school.call('POST', '/api/invoices', {
        studentId,
        label,
        dueOn: addDays(today, dueInDays),
        lines: [{ label, amount }],
        issue: true,
      }),
      201,
    );

  beforeAll(async () => {
    const { db } = database();
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    const { licence } = await setUpProgrammes(school.call);
    koffi = await ok(
      school.call('POST', '/api/students', { fullName: 'Koffi Mensah', programmeId: licence.id }),
      201,
    );
    ama = await ok(school.call('POST', '/api/students', { fullName: 'Ama Agbéko' }), 201);
    await ok(
      school.call('POST', `/api/students/${koffi.id}/guardians`, {
        fullName: 'Yawa Mensah',
        phone: '90 00 00 02',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    // Not due, then 10, 45, 75 and 120 days past due.
    await invoice(koffi.id, 'Tenue', 10_000, 5);
    await invoice(koffi.id, 'Cantine', 20_000, -10);
    await invoice(koffi.id, 'Transport', 30_000, -45);
    await invoice(koffi.id, 'Examen', 40_000, -75);
    const voyage = await invoice(koffi.id, 'Voyage d’étude', 50_000, -120);
    await invoice(ama.id, 'Bibliothèque', 25_000, -3);
    // 15 000 in cash on the oldest invoice, at the desk.
    const session = await ok(school.call('POST', '/api/cash-sessions', { openingFloat: 0 }), 201);
    await ok(
      school.call('POST', `/api/cash-sessions/${session.id}/payments`, {
        studentId: koffi.id,
        invoiceIds: [voyage.id],
        amount: 15_000,
        method: 'CASH',
      }),
      201,
    );
    // Koffi owed 7 000 before the month (the à-nouveau).
    await db.transaction((tx) =>
      postLedgerTransaction(tx, {
        organizationId: school.organizationId,
        idempotencyKey: 'test:opening',
        journal: 'VE',
        entryDate: addDays(monthStart, -5),
        label: 'Frais d’examen de l’an passé',
        sourceType: 'test',
        entries: [
          { account: '4111', auxiliary: koffi.matricule, debit: 7_000 },
          { account: '70618', credit: 7_000 },
        ],
      }),
    );

    // Settlement lines of March 2025: two wallets (one refunded payment), cash and a cheque.
    const line = (
      kind: 'payment' | 'refund',
      provider: string,
      wallet: string,
      day: string,
      [gross, commission, providerFee]: [number, number, number],
    ) => ({
      organizationId: school.organizationId,
      kind,
      paymentId: randomUUID(),
      refundId: kind === 'refund' ? randomUUID() : null,
      provider,
      wallet,
      occurredAt: new Date(`${day}T10:00:00Z`),
      day,
      studentLabel: 'Koffi Mensah',
      studentSortKey: 'koffi mensah',
      gross,
      commission,
      providerFee,
      net: gross - commission - providerFee,
      commissionRateBp: 150,
      feePercentBp: 250,
      feeFixedXof: 0,
      status: provider === 'desk' ? ('at_desk' as const) : ('pending' as const),
    });
    await db
      .insert(paymentSettlements)
      .values([
        line('payment', 'paygate', 'YAS_TG', '2025-03-03', [100_000, 1_500, 2_500]),
        line('payment', 'paygate', 'YAS_TG', '2025-03-04', [50_000, 750, 1_250]),
        line('refund', 'paygate', 'YAS_TG', '2025-03-05', [-50_000, -750, -1_250]),
        line('payment', 'fedapay', 'MOOV_TG', '2025-03-10', [40_000, 600, 1_000]),
        line('payment', 'desk', 'CASH', '2025-03-11', [30_000, 0, 0]),
        line('payment', 'desk', 'CHEQUE', '2025-03-31', [20_000, 0, 0]),
        line('payment', 'paygate', 'YAS_TG', '2025-04-01', [99_000, 0, 0]),
      ]);
    const payout = (reference: string, scheduledFor: string, status: 'paid' | 'failed') => ({
      organizationId: school.organizationId,
      reference,
      status,
      transferId: status === 'paid' ? `TR-${reference}` : null,
      periodStart: addDays(scheduledFor, -7),
      periodEnd: addDays(scheduledFor, -1),
      gross: 100_000,
      commission: 1_500,
      providerFee: 2_500,
      net: 96_000,
      paymentCount: 3,
      accountMasked: '•••• 4521',
      origin: 'schedule' as const,
      scheduledFor,
      sentAt: new Date(`${scheduledFor}T09:00:00Z`),
      paidAt: status === 'paid' ? new Date(`${addDays(scheduledFor, 1)}T15:00:00Z`) : null,
    });
    await db
      .insert(payouts)
      .values([
        payout('VIR-2025-000001', '2025-03-10', 'paid'),
        payout('VIR-2025-000002', '2025-03-17', 'failed'),
        payout('VIR-2025-000003', '2025-04-07', 'paid'),
      ]);
  });

  it('grand livre: each student’s 4111 entries with à-nouveau, running and closing balance', async () => {
    const response = await get(`/api/accounting/reports/grand-livre?format=xlsx&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="grand-livre-${monthStart}-${today}.xlsx"`,
    );
    const { sheet, rows } = await sheetRows(response.rawPayload);
    expect(String(sheet.getRow(1).getCell(1).value)).toContain('Grand livre auxiliaire');
    expect(rows[0]).toEqual(['Date', 'Journal', 'Pièce', 'Libellé', 'Débit', 'Crédit', 'Solde']);
    const headings = rows.filter((row) => row.length === 1).map((row) => row[0]);
    expect(headings).toEqual(
      [
        `${koffi.matricule} — Koffi Mensah — Licence Informatique`,
        `${ama.matricule} — Ama Agbéko`,
      ].sort((a, b) => (a < b ? -1 : 1)),
    );
    const closing = rows.filter((row) => String(row[3]).startsWith('Total et solde'));
    const koffiClosing =
      closing[headings.indexOf(`${koffi.matricule} — Koffi Mensah — Licence Informatique`)]!;
    // 7 000 à-nouveau + 150 000 invoiced, 15 000 paid.
    expect(koffiClosing.slice(4)).toEqual([157_000, 15_000, 142_000]);
    const opening = rows.find(
      (row) => String(row[3]).startsWith('Solde à nouveau') && row[6] === 7_000,
    );
    expect(opening?.[4]).toBe(7_000);
    expect(opening?.[0]).toBeInstanceOf(Date);
    const total = rows[rows.length - 1]!;
    expect(total.slice(3)).toEqual(['Total général (2 étudiants)', 182_000, 15_000, 167_000]);
  });

  it('grand livre of one student; another school’s student is 404', async () => {
    const response = await get(
      `/api/accounting/reports/grand-livre?format=xlsx&studentId=${ama.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    expect(rows.filter((row) => row.length === 1)).toEqual([[`${ama.matricule} — Ama Agbéko`]]);
    expect(rows[rows.length - 1]!.slice(4)).toEqual([25_000, 0, 25_000]);

    const other = await signUpSchool(app(), 'École Voisine');
    const intruder = await ok(other.call('POST', '/api/students', { fullName: 'Intrus' }), 201);
    const refused = await get(`/api/accounting/reports/grand-livre?studentId=${intruder.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('STUDENT_NOT_FOUND');
    const theirs = await get(`/api/accounting/reports/grand-livre?format=pdf`, other.token);
    expect(theirs.statusCode).toBe(422);
  });

  it('balance âgée at a date: not due, 0–30, 31–60, 61–90, more than 90 days', async () => {
    const response = await get(`/api/accounting/reports/balance-agee?format=xlsx&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual([
      'Matricule',
      'Étudiant',
      'Classe',
      'Non échu',
      '0–30 jours',
      '31–60 jours',
      '61–90 jours',
      'Plus de 90 jours',
      'Total dû',
    ]);
    expect(rows[1]).toEqual([ama.matricule, 'Ama Agbéko', undefined, 0, 25_000, 0, 0, 0, 25_000]);
    expect(rows[2]).toEqual([
      koffi.matricule,
      'Koffi Mensah',
      'Licence Informatique',
      10_000,
      20_000,
      30_000,
      40_000,
      35_000,
      135_000,
    ]);
    expect(rows[3]!.slice(1)).toEqual([
      'Total (2 étudiants)',
      undefined,
      10_000,
      45_000,
      30_000,
      40_000,
      35_000,
      160_000,
    ]);
  });

  it('balance âgée worked back to a past date: the payment made since is owed again', async () => {
    const { db } = database();
    const earlier = new Date(Date.now() - 20 * 86_400_000);
    await db.execute(sql`update invoices set issued_at = ${earlier.toISOString()}::timestamptz,
      created_at = ${earlier.toISOString()}::timestamptz
      where organization_id = ${school.organizationId}`);
    await db.execute(sql`update invoice_lines set created_at = ${earlier.toISOString()}::timestamptz
      where organization_id = ${school.organizationId}`);
    const yesterday = addDays(today, -1);
    const response = await get(`/api/accounting/reports/balance-agee?format=xlsx&to=${yesterday}`);
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    expect(rows[2]!.slice(3)).toEqual([10_000, 20_000, 30_000, 40_000, 50_000, 150_000]);
    // Before the invoices were issued, nobody owed anything.
    const before = await get(`/api/accounting/reports/balance-agee?to=${addDays(today, -30)}`);
    expect(before.statusCode).toBe(422);
    expect(before.json().code).toBe('ACCOUNTING_REPORT_EMPTY');
  });

  it('encaissements by mode and by operator, refunds deducted, with the grand total', async () => {
    const response = await get(
      '/api/accounting/reports/encaissements?format=xlsx&from=2025-03-01&to=2025-03-31',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    expect(rows.slice(1)).toEqual([
      ['Mobile money'],
      ['FedaPay — Moov Flooz', 1, 0, 40_000, 600, 1_000, 38_400],
      [expect.stringMatching(/^PayGate Global — /), 2, 1, 100_000, 1_500, 2_500, 96_000],
      ['Total Mobile money', 3, 1, 140_000, 2_100, 3_500, 134_400],
      ['Espèces'],
      ['Caisse — Espèces', 1, 0, 30_000, 0, 0, 30_000],
      ['Total Espèces', 1, 0, 30_000, 0, 0, 30_000],
      ['Chèque'],
      ['Caisse — Chèque', 1, 0, 20_000, 0, 0, 20_000],
      ['Total Chèque', 1, 0, 20_000, 0, 0, 20_000],
      ['Total général', 5, 1, 190_000, 2_100, 3_500, 184_400],
    ]);
  });

  it('encaissements in PDF: the same totals in French figures, numbered pages', async () => {
    const response = await get(
      '/api/accounting/reports/encaissements?format=pdf&from=2025-03-01&to=2025-03-31',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (await pdfText(response.rawPayload)).map(plain);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Lycée Les Cocotiers');
    expect(pages[0]).toContain('Encaissements par mode et par opérateur');
    expect(pages[0]).toContain('Du 01/03/2025 au 31/03/2025');
    expect(pages[0]).toContain(`Total général 5 1 ${french(190_000)} ${french(2_100)}`);
    expect(pages[0]).toContain('Page 1 / 1');
  });

  it('virements of the period with their totals (a failed one listed, not counted)', async () => {
    const response = await get(
      '/api/accounting/reports/virements?format=xlsx&from=2025-03-01&to=2025-03-31',
    );
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    expect(rows).toHaveLength(4);
    expect(rows[1]!.slice(0, 10)).toEqual([
      'VIR-2025-000001',
      new Date('2025-03-10T00:00:00Z'),
      '03/03/2025 – 09/03/2025',
      3,
      100_000,
      1_500,
      2_500,
      96_000,
      'Payé',
      'TR-VIR-2025-000001',
    ]);
    expect(rows[1]![11]).toEqual(new Date('2025-03-11T00:00:00Z'));
    expect(rows[2]![8]).toBe('Échoué');
    expect(rows[3]).toEqual([
      'Total hors échoués',
      undefined,
      undefined,
      3,
      100_000,
      1_500,
      2_500,
      96_000,
    ]);
  });

  it('a long grand livre in PDF repeats its table header and numbers its pages', async () => {
    const { db } = database();
    const zoe = await ok(school.call('POST', '/api/students', { fullName: 'Zoé Lawson' }), 201);
    for (let index = 0; index < 70; index += 1) {
      await db.transaction((tx) =>
        postLedgerTransaction(tx, {
          organizationId: school.organizationId,
          idempotencyKey: `test:zoe:${index}`,
          journal: 'VE',
          entryDate: today,
          label: `Fournitures ${index + 1}`,
          sourceType: 'test',
          entries: [
            { account: '4111', auxiliary: zoe.matricule, debit: 1_000 },
            { account: '70618', credit: 1_000 },
          ],
        }),
      );
    }
    const response = await get(`/api/accounting/reports/grand-livre?format=pdf&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const pages = await pdfText(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
      expect(page).toContain('Libellé');
    });
    expect(pages[pages.length - 1]).toContain('Total général (3 étudiants)');
    const [entry] = (
      await db.execute<{ details: Record<string, unknown> }>(
        sql`select details from audit_entries where organization_id = ${school.organizationId}
          and action = 'accounting.report_exported' order by created_at desc limit 1`,
      )
    ).rows;
    expect(entry?.details).toMatchObject({
      rapport: 'grand-livre',
      format: 'pdf',
      du: monthStart,
      au: today,
    });
  });

  it('refuses an unknown report, bad or inverted dates, an empty period, and members without read:accounting', async () => {
    const unknown = await get('/api/accounting/reports/bilan');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ACCOUNTING_REPORT_UNKNOWN');
    expect((await get('/api/accounting/reports/encaissements?from=2025-02-30')).statusCode).toBe(
      400,
    );
    expect((await get('/api/accounting/reports/encaissements?format=docx')).statusCode).toBe(400);
    const inverted = await get(
      '/api/accounting/reports/encaissements?from=2025-03-31&to=2025-03-01',
    );
    expect(inverted.statusCode).toBe(400);
    const empty = await get('/api/accounting/reports/virements?from=2024-01-01&to=2024-01-31');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      code: 'ACCOUNTING_REPORT_EMPTY',
      message: expect.stringContaining('du 01/01/2024 au 31/01/2024'),
    });
    const reader = await memberWith(app(), database().db, school, ['read:students']);
    const forbidden = await get('/api/accounting/reports/encaissements', reader);
    expect(forbidden.statusCode).toBe(403);
  });
});
