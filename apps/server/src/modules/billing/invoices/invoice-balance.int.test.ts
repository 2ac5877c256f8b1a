import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { allocateToInvoice, appendLine } from './invoices.repository';

/**
 * Whatever lines (fees, discounts, late fees) and allocations an invoice receives, what the
 * database says it owes is the sum of its lines minus what was allocated, and its status follows.
 */
describe('invoice balance invariant (property, real database)', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('total = Σ lines, paid = Σ allocations, balance ≥ 0, status consistent', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const student = await ok(call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201);
    const operation = fc.oneof(
      fc.record({
        type: fc.constant('fee' as const),
        amount: fc.integer({ min: 1, max: 500_000 }),
      }),
      fc.record({
        type: fc.constant('discount' as const),
        amount: fc.integer({ min: 1, max: 500_000 }),
      }),
      fc.record({
        type: fc.constant('allocate' as const),
        amount: fc.integer({ min: 1, max: 500_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 12 }), async (operations) => {
        const invoice = await ok(
          call('POST', '/api/invoices', {
            studentId: student.id,
            label: 'Frais',
            dueOn: '2031-01-01',
            lines: [{ label: 'Scolarité', amount: 200_000 }],
          }),
          201,
        );
        const db = database().db;
        for (const step of operations) {
          await db.transaction(async (tx) => {
            const [row] = (
              await tx.execute<{ total: string; paid: string; status: string }>(
                sql`select total, paid, status from invoices where id = ${invoice.id} for update`,
              )
            ).rows;
            const balance = Number(row!.total) - Number(row!.paid);
            if (step.type === 'fee') {
              await appendLine(tx, organizationId, invoice.id, {
                kind: 'late_fee',
                label: 'Pénalité',
                amount: step.amount,
                sourceKey: randomUUID(),
                createdBy: 'test',
              });
            } else if (step.type === 'discount') {
              const amount = Math.min(step.amount, balance);
              if (amount > 0) {
                await appendLine(tx, organizationId, invoice.id, {
                  kind: 'scholarship',
                  label: 'Bourse',
                  amount: -amount,
                  sourceKey: randomUUID(),
                  createdBy: 'test',
                });
              }
            } else if (row!.status === 'open' || row!.status === 'partially_paid') {
              const amount = Math.min(step.amount, balance);
              if (amount > 0) {
                await allocateToInvoice(tx, organizationId, invoice.id, {
                  amount,
                  sourceType: 'payment',
                  sourceId: randomUUID(),
                });
              }
            }
          });
        }
        const [check] = (
          await db.execute<{
            total: string;
            paid: string;
            status: string;
            lines: string;
            allocated: string;
          }>(
            sql`select i.total, i.paid, i.status,
              (select coalesce(sum(amount), 0) from invoice_lines l where l.invoice_id = i.id) as lines,
              (select coalesce(sum(amount), 0) from invoice_allocations a where a.invoice_id = i.id) as allocated
              from invoices i where i.id = ${invoice.id}`,
          )
        ).rows;
        const total = Number(check!.total);
        const paid = Number(check!.paid);
        expect(total).toBe(Number(check!.lines));
        expect(paid).toBe(Number(check!.allocated));
        expect(total - paid).toBeGreaterThanOrEqual(0);
        expect(check!.status).toBe(paid >= total ? 'paid' : paid > 0 ? 'partially_paid' : 'open');
        const api = await ok(call('GET', `/api/invoices/${invoice.id}`));
        expect(api.balance).toBe(total - paid);
        expect(
          api.lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0),
        ).toBe(total);
      }),
      { numRuns: 25 },
    );
  });

  it('refuses an allocation above the balance', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const student = await ok(call('POST', '/api/students', { fullName: 'Ama' }), 201);
    const invoice = await ok(
      call('POST', '/api/invoices', {
        studentId: student.id,
        label: 'Frais',
        dueOn: '2031-01-01',
        lines: [{ label: 'Examen', amount: 10_000 }],
      }),
      201,
    );
    await expect(
      database().db.transaction((tx) =>
        allocateToInvoice(tx, organizationId, invoice.id, {
          amount: 10_001,
          sourceType: 'payment',
          sourceId: randomUUID(),
        }),
      ),
    ).rejects.toThrow(RangeError);
  });
});
