import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { grantScholarship } from '../../../test/scholarship-grants';
import { useTestApp } from '../../../test/test-app';
import { applyFamilyCredit, familyCreditBalance } from '../allocations/family-credit.service';
import { applyLateFees } from '../late-fees/late-fees.service';
import {
  createFamily,
  createOneOff,
  expectLedgerAgrees,
  pay,
  futureYearWith,
} from '../ledger.test-support';
import { listPayableInvoices } from '../allocations/payment-allocation.service';

const operation = fc.oneof(
  fc.record({
    type: fc.constant('invoice' as const),
    student: fc.nat(2),
    amount: fc.integer({ min: 1, max: 300_000 }),
    issue: fc.boolean(),
    month: fc.integer({ min: 1, max: 12 }),
  }),
  fc.record({ type: fc.constant('issueDraft' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('void' as const), pick: fc.nat() }),
  fc.record({
    type: fc.constant('pay' as const),
    guardian: fc.nat(1),
    amount: fc.integer({ min: 1, max: 400_000 }),
    choose: fc.nat(3),
  }),
  fc.record({ type: fc.constant('lateFees' as const) }),
  fc.record({ type: fc.constant('waive' as const), pick: fc.nat() }),
  fc.record({
    type: fc.constant('scholarship' as const),
    percent: fc.boolean(),
    value: fc.integer({ min: 1, max: 100_000 }),
  }),
  fc.record({ type: fc.constant('credit' as const), guardian: fc.nat(1) }),
  fc.record({ type: fc.constant('enrol' as const) }),
  fc.record({ type: fc.constant('withdraw' as const) }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

/** Answers a business refusal (4xx) as a no-op; a 5xx fails the property. */
async function attempt(response: ReturnType<Call>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeLessThan(500);
}

describe('the ledger agrees with the invoices whatever happens (property, real database)', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 1_000_000 });

  it('issue, discount, late fee, waiver, void, payment, credit, enrolment, withdrawal', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const { l1 } = await setUpProgrammes(call);
    const year = await futureYearWith(call, {
      siblingDiscount: { enabled: true, secondChildPercent: 10, thirdChildPercent: 15 },
      lateFee: { enabled: true, graceDays: 15, kind: 'percent', value: 5, cap: 20_000 },
    });
    const first = await createFamily(call, ['Kossi Agbéko', 'Ama Agbéko']);
    const second = await createFamily(call, ['Yao Mensah']);
    // Yao's aunt of the first family pays for him too (a payer, not his main one).
    await ok(
      call('POST', `/api/students/${second.children[0]!.id}/guardians`, {
        guardianId: first.guardianId,
        relation: 'other',
      }),
      201,
    );
    const students = [...first.children, ...second.children];
    const guardians = [first.guardianId, second.guardianId];
    const [kossi, ama] = students as [(typeof students)[0], (typeof students)[0]];
    await ok(
      call('POST', `/api/students/${kossi.id}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    const db = database().db;
    let lateFeeMonth = 0;

    const ids = async (condition: ReturnType<typeof sql>) =>
      (
        await db.execute<{ id: string }>(
          sql`select id from invoices where organization_id = ${organizationId} and ${condition}
            order by created_at, id`,
        )
      ).rows.map((row) => row.id);

    async function run(step: Operation) {
      switch (step.type) {
        case 'invoice': {
          const month = String(step.month).padStart(2, '0');
          await createOneOff(
            call,
            students[step.student]!.id,
            step.amount,
            `2030-${month}-15`,
            step.issue,
          );
          return;
        }
        case 'issueDraft': {
          const drafts = await ids(sql`status = 'draft'`);
          if (drafts.length === 0) return;
          await attempt(
            call('POST', `/api/invoices/${drafts[step.pick % drafts.length]}/issue`, {}),
          );
          return;
        }
        case 'void': {
          const open = await ids(sql`status <> 'void'`);
          if (open.length === 0) return;
          await attempt(
            call('POST', `/api/invoices/${open[step.pick % open.length]}/void`, {
              reason: 'Erreur de saisie',
            }),
          );
          return;
        }
        case 'pay': {
          const guardianId = guardians[step.guardian]!;
          const payable = await listPayableInvoices(db, organizationId, guardianId, []);
          const chosen = payable.filter((_, index) => index % 4 < step.choose).map((i) => i.id);
          await pay(db, organizationId, { guardianId, invoiceIds: chosen, amount: step.amount });
          return;
        }
        case 'lateFees': {
          lateFeeMonth += 1;
          const y = 2031 + Math.floor((lateFeeMonth - 1) / 12);
          const m = String(((lateFeeMonth - 1) % 12) + 1).padStart(2, '0');
          await applyLateFees(db, organizationId, `${y}-${m}-20`);
          return;
        }
        case 'waive': {
          const { rows } = await db.execute<{ id: string; invoice_id: string }>(
            sql`select id, invoice_id from invoice_lines where organization_id = ${organizationId}
              and kind = 'late_fee' order by created_at, id`,
          );
          if (rows.length === 0) return;
          const line = rows[step.pick % rows.length]!;
          await attempt(
            call('POST', `/api/invoices/${line.invoice_id}/lines/${line.id}/waive`, {
              reason: 'Geste commercial',
            }),
          );
          return;
        }
        case 'scholarship':
          await grantScholarship(
            app(),
            database().db,
            { organizationId, call },
            {
              studentId: kossi.id,
              academicYearId: year.id,
              name: 'Bourse',
              kind: step.percent ? 'percent' : 'fixed',
              value: step.percent ? (step.value % 100) + 1 : step.value,
              reason: 'Mérite',
            },
          );
          return;
        case 'credit':
          await db.transaction((tx) =>
            applyFamilyCredit(tx, organizationId, guardians[step.guardian]!, {
              type: 'system',
              label: 'Test',
            }),
          );
          return;
        case 'enrol':
          await attempt(
            call('POST', `/api/students/${ama.id}/enrolments`, {
              levelId: l1.id,
              academicYearId: year.id,
            }),
          );
          return;
        case 'withdraw': {
          const { rows } = await db.execute<{ id: string }>(
            sql`select id from enrolments where organization_id = ${organizationId}
              and student_id = ${ama.id} and status = 'active'`,
          );
          if (rows[0]) {
            await attempt(
              call('POST', `/api/enrolments/${rows[0].id}/withdraw`, { reason: 'Départ' }),
            );
          }
          return;
        }
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const step of steps) await run(step);
        await expectLedgerAgrees(db, organizationId);
        for (const guardianId of guardians) {
          expect(await familyCreditBalance(db, organizationId, guardianId)).toBeGreaterThanOrEqual(
            0,
          );
        }
      }),
      { numRuns: 15 },
    );
  }, 180_000);
});
