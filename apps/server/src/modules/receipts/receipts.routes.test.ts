import { ReceiptMessages } from '@ecolage/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schoolWithFamily } from '../../test/payments-harness';
import { pdfPageSize, pdfQrCode, pdfText as pdfPages } from '../../test/pdf-text';
import { ok } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { auditEntries } from '../audit/audit.tables';
import { findOrganizationById } from '../organizations';
import { markReceiptRefunded } from './issue-receipt.service';
import { THERMAL_WIDTH } from './receipt-pdf';
import { paidWithReceipt } from './receipts.test-support';

/** The PDF's text (pdf.js) on one line with plain spaces. */
const pdfText = async (pdf: Buffer) => (await pdfPages(pdf)).join(' ').replace(/[\s\u00A0]+/g, ' ');

/** The names in a zip's central directory (entries are stored: each starts with its bytes). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    names.push(zip.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

describe('Receipts over HTTP', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('downloads the A4 PDF: number, school, amount in figures and in words, QR link', async () => {
    const school = await schoolWithFamily(app());
    const [registration] = school.invoices;
    const receipt = await paidWithReceipt(database().db, school, {
      amount: 50_000,
      invoiceIds: [registration!.id],
    });
    const response = await school.call('GET', `/api/receipts/${receipt.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="${receipt.number}.pdf"`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(receipt.number);
    expect(text).toContain(receipt.content.school.name);
    expect(text).toContain('Arrêté le présent reçu à la somme de cinquante mille francs CFA');
    expect(text).toContain('50 000 FCFA');
    expect(text).toContain('Kossi Agbéko');
    expect(text).toContain(school.student.matricule);
    expect(text).toContain('Awa Caissière');
    expect(text).toContain(`/verifier/${receipt.verificationCode}`);
    expect(await pdfPageSize(pdf)).toEqual({ width: 595.28, height: 841.89 });
    expect(await pdfQrCode(pdf)).toBe(receipt.content.verificationUrl);
    // Regenerated identically on demand.
    const again = await school.call('GET', `/api/receipts/${receipt.id}/pdf?format=a4`);
    expect(again.rawPayload.equals(pdf)).toBe(true);
  });

  it('prints the 80 mm ticket, and shows the refund on the paper', async () => {
    const school = await schoolWithFamily(app(), '+22890112250');
    const receipt = await paidWithReceipt(database().db, school, { amount: 75_000 });
    const ticket = await school.call('GET', `/api/receipts/${receipt.id}/pdf?format=thermal`);
    expect(ticket.statusCode).toBe(200);
    expect(ticket.headers['content-disposition']).toContain(`${receipt.number}-ticket.pdf`);
    const size = await pdfPageSize(ticket.rawPayload);
    expect(size.width).toBeCloseTo(THERMAL_WIDTH, 1);
    expect(size.width).toBeCloseTo(226.77, 1);
    expect(size.height).toBeGreaterThan(300);
    expect(size.height).toBeLessThan(1200);
    const text = await pdfText(ticket.rawPayload);
    expect(text).toContain(receipt.number);
    expect(text).toContain('soixante-quinze mille francs CFA');
    expect(text).not.toContain('REMBOURSÉ');
    expect(await pdfQrCode(ticket.rawPayload)).toBe(receipt.content.verificationUrl);

    await database().db.transaction((tx) =>
      markReceiptRefunded(tx, school.organizationId, receipt.paymentId, 25_000),
    );
    const partly = await school.call('GET', `/api/receipts/${receipt.id}/pdf?format=thermal`);
    expect(await pdfText(partly.rawPayload)).toContain('PARTIELLEMENT REMBOURSÉ (25 000 FCFA)');
    await database().db.transaction((tx) =>
      markReceiptRefunded(tx, school.organizationId, receipt.paymentId, 75_000),
    );
    const whole = await school.call('GET', `/api/receipts/${receipt.id}/pdf`);
    const wholeText = await pdfText(whole.rawPayload);
    expect(wholeText).toContain('REMBOURSÉ');
    expect(wholeText).not.toContain('PARTIELLEMENT');

    const bad = await school.call('GET', `/api/receipts/${receipt.id}/pdf?format=a5`);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for another school’s receipt and student', async () => {
    const school = await schoolWithFamily(app(), '+22890112251');
    const other = await schoolWithFamily(app(), '+22890112252');
    const receipt = await paidWithReceipt(database().db, school, { amount: 10_000 });
    const foreign = await other.call('GET', `/api/receipts/${receipt.id}/pdf`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      message: ReceiptMessages.receiptNotFound,
      code: 'RECEIPT_NOT_FOUND',
    });
    const list = await other.call('GET', `/api/students/${school.student.id}/receipts`);
    expect(list.statusCode).toBe(404);
    const unknown = await school.call(
      'GET',
      '/api/receipts/00000000-0000-4000-8000-000000000000/pdf',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('lists a student’s receipts, newest first, page by page', async () => {
    const school = await schoolWithFamily(app(), '+22890112253');
    const [first, second, third] = school.invoices;
    const db = database().db;
    const older = await paidWithReceipt(db, school, {
      amount: 10_000,
      invoiceIds: [first!.id],
      at: new Date('2026-09-02T09:00:00Z'),
    });
    const newer = await paidWithReceipt(db, school, {
      amount: 20_000,
      invoiceIds: [second!.id],
      at: new Date('2026-09-03T09:00:00Z'),
    });
    await paidWithReceipt(db, school, {
      amount: 30_000,
      invoiceIds: [third!.id],
      at: new Date('2026-09-04T09:00:00Z'),
    });
    const page = await ok(
      school.call('GET', `/api/students/${school.student.id}/receipts?pageSize=2`),
    );
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.items.map((item: { amount: number }) => item.amount)).toEqual([30_000, 20_000]);
    expect(page.items[1]).toEqual({
      id: newer.id,
      number: newer.number,
      paymentId: newer.paymentId,
      issuedAt: '2026-09-03T09:00:00.000Z',
      amount: 20_000,
      refundedAmount: 0,
      status: 'valid',
      provider: 'desk',
      wallet: 'CASH',
      payerName: 'Afi Agbéko',
      verificationUrl: newer.content.verificationUrl,
    });
    const last = await ok(
      school.call('GET', `/api/students/${school.student.id}/receipts?pageSize=2&page=2`),
    );
    expect(last.items.map((item: { id: string }) => item.id)).toEqual([older.id]);
  });

  it('verifies a receipt publicly by its code, and nothing else', async () => {
    const school = await schoolWithFamily(app(), '+22890112254');
    const other = await schoolWithFamily(app(), '+22890112255');
    const receipt = await paidWithReceipt(database().db, school, { amount: 42_000 });
    await paidWithReceipt(database().db, other, { amount: 99_000 });
    const found = await app().inject({
      method: 'GET',
      url: `/api/public/receipts/${receipt.verificationCode}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      number: receipt.number,
      schoolName: receipt.content.school.name,
      schoolLogoUrl: null,
      schoolSlug: (await findOrganizationById(database().db, school.organizationId))!.slug,
      issuedAt: receipt.issuedAt.toISOString(),
      amount: 42_000,
      refundedAmount: 0,
      status: 'valid',
      studentNames: ['K. Agbéko'],
    });
    expect(found.body).not.toContain(other.organizationId);
    expect(found.body).not.toContain('99000');

    await database().db.transaction((tx) =>
      markReceiptRefunded(tx, school.organizationId, receipt.paymentId, 42_000),
    );
    const cancelled = await app().inject({
      method: 'GET',
      url: `/api/public/receipts/${receipt.verificationCode}`,
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundedAmount: 42_000 });

    const unknown = await app().inject({
      method: 'GET',
      url: '/api/public/receipts/AAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: ReceiptMessages.verificationNotFound,
      code: 'RECEIPT_VERIFICATION_NOT_FOUND',
    });
    // Guessing codes is budgeted per IP: 30 a minute.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const guess = await app().inject({
        method: 'GET',
        url: `/api/public/receipts/${`guess${attempt}`.padEnd(24, 'x')}`,
        remoteAddress: '10.9.0.1',
      });
      statuses.push(guess.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const malformed = await app().inject({ method: 'GET', url: '/api/public/receipts/x%3B--' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toMatch(/stack|at .*\.ts/);
  });

  it('zips the receipts of a period of school days, journaled; none → 404', async () => {
    const school = await schoolWithFamily(app(), '+22890112256');
    const db = database().db;
    const days = ['2026-10-01T08:00:00Z', '2026-10-02T23:59:00Z', '2026-10-03T00:01:00Z'];
    const issued = [];
    for (const at of days) {
      issued.push(await paidWithReceipt(db, school, { amount: 5_000, at: new Date(at) }));
    }
    const response = await school.call(
      'GET',
      '/api/receipts/archive?from=2026-10-01&to=2026-10-02',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="recus-2026-10-01-2026-10-02.zip"',
    );
    const names = zipEntries(response.rawPayload);
    expect(names).toEqual([`${issued[0]!.number}.pdf`, `${issued[1]!.number}.pdf`]);
    // Each entry is stored as is: a PDF begins where its local header ends.
    expect(response.rawPayload.indexOf('%PDF-')).toBeGreaterThan(0);

    const [journal] = await db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.organizationId, school.organizationId),
          eq(auditEntries.action, 'receipts.exported'),
        ),
      );
    expect(journal).toMatchObject({ category: 'export', details: { du: '2026-10-01', recus: 2 } });

    const empty = await school.call('GET', '/api/receipts/archive?from=2025-01-01&to=2025-01-31');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(ReceiptMessages.archiveEmpty);
    const reversed = await school.call(
      'GET',
      '/api/receipts/archive?from=2026-10-05&to=2026-10-01',
    );
    expect(reversed.statusCode).toBe(400);
  });
});
