import { formatFrancs } from '@ecolage/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { applyLateFees } from './late-fees.service';

describe('late fees: a daily job, idempotent per invoice and month, capped, waivable', () => {
  const { app, database } = useTestApp();

  it('adds one line per overdue invoice and month, up to the cap; a waiver cancels one', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const student = await ok(call('POST', '/api/students', { fullName: 'Kossi Agbéko' }), 201);
    const invoice = await ok(
      call('POST', '/api/invoices', {
        studentId: student.id,
        label: 'Frais d’examen',
        dueOn: '2026-01-31',
        lines: [{ label: 'Examen', amount: 100_000 }],
      }),
      201,
    );
    const db = database().db;
    // Issued in January, before it fell due.
    await db.execute(
      sql`update invoices set issued_at = '2026-01-15T09:00:00Z' where id = ${invoice.id}`,
    );
    expect(await applyLateFees(db, organizationId, '2026-03-10')).toEqual({
      invoices: 0,
      amount: 0,
    });
    const settings = await ok(call('GET', '/api/billing/settings'));
    await ok(
      call('PUT', '/api/billing/settings', {
        ...settings,
        lateFee: { enabled: true, graceDays: 15, kind: 'fixed', value: 5_000, cap: 12_000 },
      }),
    );
    expect(await applyLateFees(db, organizationId, '2026-02-10')).toEqual({
      invoices: 0,
      amount: 0,
    });
    expect(await applyLateFees(db, organizationId, '2026-03-10')).toEqual({
      invoices: 1,
      amount: 5_000,
    });
    expect(await applyLateFees(db, organizationId, '2026-03-11')).toEqual({
      invoices: 0,
      amount: 0,
    });
    expect(await applyLateFees(db, organizationId, '2026-04-10')).toEqual({
      invoices: 1,
      amount: 5_000,
    });
    expect(await applyLateFees(db, organizationId, '2026-05-10')).toEqual({
      invoices: 1,
      amount: 2_000,
    });
    expect(await applyLateFees(db, organizationId, '2026-06-10')).toEqual({
      invoices: 0,
      amount: 0,
    });

    // An invoice issued after its due date gets its grace days from the issue.
    const late = await ok(
      call('POST', '/api/invoices', {
        studentId: student.id,
        label: 'Rattrapage',
        dueOn: '2026-01-31',
        lines: [{ label: 'Examen', amount: 10_000 }],
      }),
      201,
    );
    await db.execute(
      sql`update invoices set issued_at = '2026-06-01T09:00:00Z' where id = ${late.id}`,
    );
    expect(await applyLateFees(db, organizationId, '2026-06-10')).toEqual({
      invoices: 0,
      amount: 0,
    });
    expect(await applyLateFees(db, organizationId, '2026-06-20')).toEqual({
      invoices: 1,
      amount: 5_000,
    });

    let detail = await ok(call('GET', `/api/invoices/${invoice.id}`));
    expect(detail.total).toBe(112_000);
    const fee = detail.lines.find((line: { kind: string }) => line.kind === 'late_fee');
    expect(fee.label).toBe(`Pénalité de retard 2026-03 (${formatFrancs(5_000)})`);
    const noReason = await call('POST', `/api/invoices/${invoice.id}/lines/${fee.id}/waive`, {});
    expect(noReason.statusCode).toBe(400);
    detail = await ok(
      call('POST', `/api/invoices/${invoice.id}/lines/${fee.id}/waive`, {
        reason: 'Parent malade',
      }),
    );
    expect(detail.total).toBe(107_000);
    expect(detail.lines.find((line: { id: string }) => line.id === fee.id).waived).toBe(true);
    expect(
      (
        await call('POST', `/api/invoices/${invoice.id}/lines/${fee.id}/waive`, {
          reason: 'Encore',
        })
      ).statusCode,
    ).toBe(409);
    const examLine = detail.lines.find((line: { kind: string }) => line.kind === 'fee');
    expect(
      (
        await call('POST', `/api/invoices/${invoice.id}/lines/${examLine.id}/waive`, {
          reason: 'Essai',
        })
      ).statusCode,
    ).toBe(409);
    const audit = await db.execute<{ action: string }>(
      `select action from audit_entries where organization_id = '${organizationId}' and action like 'invoice.late_fee%'`,
    );
    expect(audit.rows.map((row) => row.action).sort()).toEqual([
      'invoice.late_fee_waived',
      'invoice.late_fees_applied',
      'invoice.late_fees_applied',
      'invoice.late_fees_applied',
      'invoice.late_fees_applied',
    ]);
  });
});
