import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schoolWithFamily } from '../../test/payments-harness';
import { useTestApp } from '../../test/test-app';
import { auditEntries } from '../audit/audit.tables';
import { issueReceipt, markReceiptRefunded } from './issue-receipt.service';
import { receiptStatus } from './receipt-rules';
import { paidWithReceipt, recordPaidPayment } from './receipts.test-support';
import { receipts } from './receipts.tables';

describe('Issuing receipts', () => {
  const { app, database } = useTestApp();

  it('numbers REC-YYYY-NNNNNN without gaps, per school and school year of issue', async () => {
    const { db } = database();
    const school = await schoolWithFamily(app());
    const other = await schoolWithFamily(app(), '+22890112299');
    const at = new Date('2026-12-31T23:30:00Z');
    const first = await paidWithReceipt(db, school, { amount: 10_000, at });
    // A receipt rolled back gives its number back.
    const rolledBack = await recordPaidPayment(db, school, { amount: 5_000, at });
    await expect(
      db.transaction(async (tx) => {
        await issueReceipt(tx, rolledBack, { now: at });
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    const second = await paidWithReceipt(db, school, { amount: 20_000, at });
    const elsewhere = await paidWithReceipt(db, other, { amount: 1_000, at });
    // Lomé is on UTC: half past midnight on 1 January is the next year's first receipt.
    const nextYear = await paidWithReceipt(db, school, {
      amount: 30_000,
      at: new Date('2027-01-01T00:30:00Z'),
    });
    expect([first.number, second.number, nextYear.number]).toEqual([
      'REC-2026-000001',
      'REC-2026-000002',
      'REC-2027-000001',
    ]);
    expect(elsewhere.number).toBe('REC-2026-000001');
    expect(first.verificationCode).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.verificationCode).not.toBe(second.verificationCode);

    const [audit] = await db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'receipt.issued'), eq(auditEntries.resourceId, first.id)));
    expect(audit).toMatchObject({ organizationId: school.organizationId, category: 'payment' });
    expect(audit).toMatchObject({ actorType: 'system', actorLabel: 'Caisse (Awa Caissière)' });
  });

  it('freezes what the paper says: school, payer, student, lines, words, balance', async () => {
    const { db } = database();
    const school = await schoolWithFamily(app(), '+22890112240');
    const [registration] = school.invoices;
    const receipt = await paidWithReceipt(db, school, {
      amount: 50_000,
      invoiceIds: [registration!.id],
    });
    const balanceBefore = school.invoices.reduce((sum, invoice) => sum + invoice.total, 0);
    expect(receipt.content).toMatchObject({
      number: receipt.number,
      school: { name: expect.stringMatching(/^École /), brandColor: '#484D9B' },
      payer: { name: 'Afi Agbéko' },
      students: [
        {
          id: school.student.id,
          name: 'Kossi Agbéko',
          matricule: school.student.matricule,
          programme: 'Licence Informatique',
          level: 'L1',
        },
      ],
      invoices: [{ number: expect.stringMatching(/^ST-/), amountApplied: 50_000 }],
      amount: 50_000,
      amountInWords: 'cinquante mille francs CFA',
      method: 'CASH',
      provider: 'desk',
      remainingBalance: balanceBefore - 50_000,
      cashierName: 'Awa Caissière',
      creditAmount: 0,
    });
    expect(receipt.content.invoices[0]!.lines.length).toBeGreaterThan(0);
    expect(receipt.content.verificationUrl).toMatch(
      new RegExp(`/verifier/${receipt.verificationCode}$`),
    );
  });

  it('gives one receipt per payment, and consecutive numbers to payments issued together', async () => {
    const { db } = database();
    const school = await schoolWithFamily(app(), '+22890112241');
    const [a, b] = await Promise.all([
      recordPaidPayment(db, school, { amount: 1_000 }),
      recordPaidPayment(db, school, { amount: 2_000 }),
    ]);
    const issued = await Promise.all([
      db.transaction((tx) => issueReceipt(tx, a!)),
      db.transaction((tx) => issueReceipt(tx, b!)),
      db.transaction((tx) => issueReceipt(tx, a!)),
      db.transaction((tx) => issueReceipt(tx, b!)),
    ]);
    expect(issued[0]!.id).toBe(issued[2]!.id);
    expect(issued[1]!.id).toBe(issued[3]!.id);
    const year = issued[0]!.year;
    expect(new Set(issued.map((receipt) => receipt.number))).toEqual(
      new Set([`REC-${year}-000001`, `REC-${year}-000002`]),
    );
    const rows = await db
      .select()
      .from(receipts)
      .where(eq(receipts.organizationId, school.organizationId));
    expect(rows).toHaveLength(2);
    // Issued again later: the same receipt, nothing new.
    const again = await db.transaction((tx) => issueReceipt(tx, a!));
    expect(again.id).toBe(issued[0]!.id);
  });

  it('keeps the refund state: partly refunded, then cancelled', async () => {
    const { db } = database();
    const school = await schoolWithFamily(app(), '+22890112242');
    const receipt = await paidWithReceipt(db, school, { amount: 40_000 });
    expect(receiptStatus(receipt)).toBe('valid');
    const partly = await db.transaction((tx) =>
      markReceiptRefunded(tx, school.organizationId, receipt.paymentId, 15_000),
    );
    expect(partly).toMatchObject({ refundedAmount: 15_000 });
    expect(receiptStatus(partly!)).toBe('partially_refunded');
    const whole = await db.transaction((tx) =>
      markReceiptRefunded(tx, school.organizationId, receipt.paymentId, 40_000),
    );
    expect(receiptStatus(whole!)).toBe('cancelled');
  });
});
