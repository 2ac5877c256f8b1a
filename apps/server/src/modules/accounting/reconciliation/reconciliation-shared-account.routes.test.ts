import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { reconciliationReportRows } from './reconciliation-report';

/**
 * PayGate's account is the platform's, shared by every school: its statement lists all schools'
 * payments. A school importing it sees its own differences only; another school's lines are
 * `other` (counted), never queued, never an unasked credit, left out of the totals and report.
 */

const boundary = 'releve-partage';

function upload(fields: Record<string, string>, fileName: string, content: string) {
  const head = Object.entries(fields)
    .map(([name, value]) =>
      [`--${boundary}`, `Content-Disposition: form-data; name="${name}"`, '', value].join('\r\n'),
    )
    .join('\r\n');
  return {
    payload: Buffer.from(
      `${head}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Attempt {
  id: string;
  txReference: string;
  amount: number;
  phone: string;
}

const HEADER =
  'tx_reference,identifier,payment_reference,amount,fees,net_amount,datetime,payment_method,phone_number,status';

const line = (fields: {
  tx: string;
  identifier: string;
  amount: number;
  fee: number;
  phone: string;
}) =>
  [
    fields.tx,
    fields.identifier,
    `9${fields.tx}`,
    fields.amount,
    fields.fee,
    fields.amount - fields.fee,
    '2026-04-07 10:00:00',
    'FLOOZ',
    fields.phone,
    0,
  ].join(',');

describe('reconciliation of a provider account shared by all schools (real database)', () => {
  const { app, database } = useTestApp();
  let schoolA: Awaited<ReturnType<typeof signUpSchool>>;
  let schoolB: Awaited<ReturnType<typeof signUpSchool>>;
  const ofA: Attempt[] = [];
  const ofB: Attempt[] = [];

  async function seed(
    school: Awaited<ReturnType<typeof signUpSchool>>,
    into: Attempt[],
    prefix: string,
    amounts: number[],
  ) {
    const student = await ok(school.call('POST', '/api/students', { fullName: 'Yao Adjo' }), 201);
    const guardian = await ok(
      school.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Komi Adjo',
        phone: '90445566',
        relation: 'father',
      }),
      201,
    );
    for (const [index, amount] of amounts.entries()) {
      const attempt = {
        id: randomUUID(),
        txReference: `${prefix}${index}${Date.now() % 100_000}`,
        amount,
        phone: `2289${prefix === '7' ? '1' : '2'}00000${index}`,
      };
      into.push(attempt);
      await database().db.execute(sql`
        insert into payment_attempts (id, organization_id, guardian_id, provider, wallet, amount,
          status, provider_ref, provider_txn_id, payer_phone, created_by, expires_at, succeeded_at)
        values (${attempt.id}, ${school.organizationId}, ${guardian.id}, 'paygate', 'FLOOZ',
          ${amount}, 'succeeded', ${attempt.txReference}, ${`9${attempt.txReference}`},
          ${attempt.phone}, 'test', now(), '2026-04-07T09:00:00Z')`);
      await database().db.execute(sql`
        insert into payment_settlements (organization_id, kind, payment_id, provider, wallet,
          occurred_at, day, student_label, student_sort_key, gross, commission, provider_fee, net,
          commission_rate_bp, fee_percent_bp, fee_fixed_xof, status)
        values (${school.organizationId}, 'payment', ${attempt.id}, 'paygate', 'FLOOZ',
          '2026-04-07T09:00:00Z', '2026-04-07', 'Yao Adjo', 'yao adjo', ${amount}, 0,
          ${amount / 40}, ${amount - amount / 40}, 0, 250, 0, 'pending')`);
    }
  }

  beforeAll(async () => {
    schoolA = await signUpSchool(app(), 'Collège Partagé A');
    schoolB = await signUpSchool(app(), 'Collège Partagé B');
    await seed(schoolA, ofA, '7', [20_000, 40_000]);
    await seed(schoolB, ofB, '8', [12_000, 64_000]);
  });

  /** The platform's statement: both schools' payments, the same file for each. */
  const statement = () =>
    [
      HEADER,
      // A: matched; A: the statement says 500 F more.
      line({
        tx: ofA[0]!.txReference,
        identifier: ofA[0]!.id,
        amount: 20_000,
        fee: 500,
        phone: ofA[0]!.phone,
      }),
      line({
        tx: ofA[1]!.txReference,
        identifier: ofA[1]!.id,
        amount: 40_500,
        fee: 1_000,
        phone: ofA[1]!.phone,
      }),
      // B: named by its attempt id; B: its identifier left out, PayGate's tx_reference only.
      line({
        tx: ofB[0]!.txReference,
        identifier: ofB[0]!.id,
        amount: 12_000,
        fee: 300,
        phone: ofB[0]!.phone,
      }),
      line({
        tx: ofB[1]!.txReference,
        identifier: '',
        amount: 64_000,
        fee: 1_600,
        phone: ofB[1]!.phone,
      }),
    ].join('\r\n') + '\r\n';

  const post = (token: string, fileName: string) => {
    const form = upload(
      { source: 'paygate', from: '2026-04-01', to: '2026-04-30' },
      fileName,
      statement(),
    );
    return app().inject({
      method: 'POST',
      url: '/api/accounting/statements',
      payload: form.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    });
  };

  it('queues only the importing school’s differences; the other school’s lines are `other`', async () => {
    const response = await post(schoolA.token, 'paygate-avril.csv');
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.matched).toBe(1);
    expect(result.differences).toEqual({
      provider_only: 0,
      here_only: 0,
      amount_differs: 1,
      fee_differs: 0,
    });
    expect(result.incomingCredits).toBe(0);
    expect(result.others).toBe(2);
    // The statement's totals: this school's lines only (B's are counted among the lines).
    expect(result.statement).toMatchObject({
      lineCount: 4,
      creditTotal: 60_500,
      feeTotal: 1_500,
      differenceCount: 1,
    });

    const queue = await ok(schoolA.call('GET', '/api/accounting/reconciliation/items'));
    expect(queue.total).toBe(1);
    expect(queue.items[0]).toMatchObject({
      kind: 'amount_differs',
      paymentId: ofA[1]!.id,
      statementAmount: 40_500,
      ourAmount: 40_000,
    });
    const shown = JSON.stringify(queue);
    for (const attempt of ofB) {
      expect(shown).not.toContain(attempt.id);
      expect(shown).not.toContain(attempt.txReference);
      expect(shown).not.toContain(attempt.phone);
    }

    // B's line without identifier was not handed over as an unasked credit of A.
    const credits = await database().db.execute<{ n: string }>(sql`
      select count(*) as n from incoming_credits where organization_id = ${schoolA.organizationId}`);
    expect(Number(credits.rows[0]!.n)).toBe(0);
    // Nothing of B's payer kept on A's lines; no payment of B linked.
    const stored = await database().db.execute<{
      outcome: string;
      payment_id: string | null;
      counterparty: string | null;
      raw: string;
    }>(sql`
      select outcome, payment_id, counterparty, raw from statement_lines
      where organization_id = ${schoolA.organizationId} and line_no in (4, 5) order by line_no`);
    expect(stored.rows).toEqual([
      { outcome: 'other', payment_id: null, counterparty: null, raw: '' },
      { outcome: 'other', payment_id: null, counterparty: null, raw: '' },
    ]);

    // The period's report: A's credits and A's difference only.
    const rows = await reconciliationReportRows(
      database().db,
      schoolA.organizationId,
      '2026-04-01',
      '2026-04-30',
    );
    expect(rows.find((row) => row.section === 'Relevés importés')).toMatchObject({
      count: 1,
      lines: 4,
      amount: 60_500,
      other: 1,
    });
    const differences = rows.filter((row) => row.section === 'Écarts' && row.count > 0);
    expect(differences).toEqual([
      expect.objectContaining({ count: 1, amount: 40_500, other: 40_000 }),
    ]);
  });

  it('the same file imported by the other school: its own lines matched, the first school’s `other`', async () => {
    const response = await post(schoolB.token, 'paygate-avril.csv');
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.matched).toBe(2);
    expect(result.others).toBe(2);
    expect(result.incomingCredits).toBe(0);
    expect(result.statement).toMatchObject({ creditTotal: 76_000, feeTotal: 1_900 });
    const queue = await ok(schoolB.call('GET', '/api/accounting/reconciliation/items'));
    expect(queue.total).toBe(0);
  });
});
