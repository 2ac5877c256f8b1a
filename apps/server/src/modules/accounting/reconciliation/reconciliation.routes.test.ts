import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';

const boundary = 'releve-boundary';

function upload(fields: Record<string, string>, fileName: string, content: string | Buffer) {
  const head = Object.entries(fields)
    .map(([name, value]) =>
      [`--${boundary}`, `Content-Disposition: form-data; name="${name}"`, '', value].join('\r\n'),
    )
    .join('\r\n');
  const body = Buffer.concat([
    Buffer.from(
      `${head}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const waveLine = (fields: {
  txn: string;
  ref: string | null;
  amount: number;
  fee: number;
  at?: string;
}) =>
  JSON.stringify({
    timestamp: fields.at ?? '2026-03-05T10:00:00Z',
    transaction_id: fields.txn,
    transaction_type: 'merchant_payment',
    amount: String(fields.amount),
    fee: String(-fields.fee),
    currency: 'XOF',
    client_reference: fields.ref,
    counterparty_name: 'Parent',
    counterparty_mobile: '+221771234567',
    is_reversal: false,
  });

describe('reconciliation with the providers statements (real database)', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  const attempts: { id: string; txn: string; amount: number }[] = [];

  const post = (
    token: string,
    fields: Record<string, string>,
    fileName: string,
    content: string | Buffer,
  ) => {
    const form = upload(fields, fileName, content);
    return app().inject({
      method: 'POST',
      url: '/api/accounting/statements',
      payload: form.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    });
  };

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée du Rapprochement');
    const student = await ok(school.call('POST', '/api/students', { fullName: 'Awa Mensah' }), 201);
    const guardian = await ok(
      school.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Kodjo Mensah',
        phone: '90112233',
        relation: 'father',
      }),
      201,
    );
    const { db } = database();
    // Six Wave payments that succeeded on 5 March, each with its settlement line (fee 100).
    for (let index = 0; index < 6; index += 1) {
      const id = randomUUID();
      const txn = `T_${index}${randomUUID().slice(0, 8)}`;
      const amount = 10_000 * (index + 1);
      attempts.push({ id, txn, amount });
      await db.execute(sql`
        insert into payment_attempts (id, organization_id, guardian_id, provider, wallet, amount,
          status, provider_ref, provider_txn_id, created_by, expires_at, succeeded_at)
        values (${id}, ${school.organizationId}, ${guardian.id}, 'wave', 'WAVE', ${amount},
          'succeeded', ${`cos-${index}`}, ${txn}, 'test', now(), '2026-03-05T09:00:00Z')`);
      await db.execute(sql`
        insert into payment_settlements (organization_id, kind, payment_id, provider, wallet,
          occurred_at, day, student_label, student_sort_key, gross, commission, provider_fee, net,
          commission_rate_bp, fee_percent_bp, fee_fixed_xof, status)
        values (${school.organizationId}, 'payment', ${id}, 'wave', 'WAVE', '2026-03-05T09:00:00Z',
          '2026-03-05', 'Awa Mensah', 'awa mensah', ${amount}, 0, 100, ${amount - 100}, 0, 0, 100,
          'pending')`);
    }
  });

  const statement = () =>
    [
      // 1: matched by our reference; 2: amount differs; 3: fee differs; 4: missing (here only);
      // 5: matched by Wave's transaction id alone; 6: matched.
      waveLine({ txn: attempts[0]!.txn, ref: attempts[0]!.id, amount: 10_000, fee: 100 }),
      waveLine({ txn: attempts[1]!.txn, ref: attempts[1]!.id, amount: 19_000, fee: 100 }),
      waveLine({ txn: attempts[2]!.txn, ref: attempts[2]!.id, amount: 30_000, fee: 150 }),
      waveLine({ txn: attempts[4]!.txn, ref: null, amount: 50_000, fee: 100 }),
      waveLine({ txn: attempts[5]!.txn, ref: attempts[5]!.id, amount: 60_000, fee: 100 }),
      // A reference that looks like ours but names no payment: at the provider only.
      waveLine({ txn: 'T_EXTRA1', ref: randomUUID(), amount: 7_000, fee: 70 }),
      // No reference at all: a parent paid the merchant number from the wallet's menu.
      waveLine({ txn: 'T_MENU01', ref: null, amount: 15_000, fee: 150 }),
      // A payout to the bank: not a collection.
      JSON.stringify({
        timestamp: '2026-03-05T18:00:00Z',
        transaction_id: 'T_PAYOUT',
        transaction_type: 'payout',
        amount: '-100000',
        fee: '0',
        currency: 'XOF',
        client_reference: null,
        counterparty_name: 'Banque',
        counterparty_mobile: null,
        is_reversal: false,
      }),
    ].join('\n');

  it('refuses a statement of another provider with row-level errors, and stores nothing', async () => {
    const response = await post(school.token, { source: 'orange' }, 'wave.jsonl', statement());
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.code).toBe('STATEMENT_INVALID');
    expect(body.issues[0].message).toMatch(/Ligne 1/);
    const csv =
      'tx_reference,identifier,payment_reference,amount,fees,net_amount,datetime,payment_method,phone_number,status\n1,a,b,douze,0,12,2026-03-05 10:00:00,FLOOZ,90000000,0\n2,a,b,100,0,100,05/03/2026,FLOOZ,90000000,0\n';
    const rows = await post(school.token, { source: 'paygate' }, 'paygate.csv', csv);
    expect(rows.statusCode, rows.body).toBe(422);
    const messages = rows.json().issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual([
      expect.stringMatching(/^Ligne 2, colonne « amount » : montant illisible/),
      expect.stringMatching(/^Ligne 3, colonne « datetime » : date illisible/),
    ]);
    const zip = await post(
      school.token,
      { source: 'wave' },
      'x.zip',
      Buffer.from('PK\u0003\u0004abc'),
    );
    expect(zip.statusCode).toBe(422);
    expect(zip.json().code).toBe('STATEMENT_BINARY');
    const count = await database().db.execute<{ n: string }>(
      sql`select count(*) as n from provider_statements`,
    );
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('matches three ways and queues each kind of difference', async () => {
    const response = await post(
      school.token,
      { source: 'wave', from: '2026-03-01', to: '2026-03-31' },
      'wave-mars.jsonl',
      statement(),
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result.matched).toBe(3);
    expect(result.differences).toEqual({
      provider_only: 1,
      here_only: 1,
      amount_differs: 1,
      fee_differs: 1,
    });
    expect(result.incomingCredits).toBe(1);
    expect(result.others).toBe(1);
    const items = await ok(school.call('GET', '/api/accounting/reconciliation/items?status=open'));
    expect(items.total).toBe(4);
    const byKind = Object.fromEntries(
      items.items.map((item: { kind: string }) => [item.kind, item]),
    );
    expect(byKind.here_only.paymentId).toBe(attempts[3]!.id);
    expect(byKind.amount_differs).toMatchObject({
      paymentId: attempts[1]!.id,
      statementAmount: 19_000,
      ourAmount: 20_000,
    });
    expect(byKind.fee_differs).toMatchObject({ statementFee: 150, ourFee: 100 });
    expect(byKind.provider_only.providerTxnId).toBe('T_EXTRA1');
    const credit = await database().db.execute<{ n: string }>(
      sql`select count(*) as n from incoming_credits where provider_txn_id = 'T_MENU01'`,
    );
    expect(Number(credit.rows[0]!.n)).toBe(1);
    const filtered = await ok(
      school.call('GET', '/api/accounting/reconciliation/items?kind=fee_differs'),
    );
    expect(filtered.items).toHaveLength(1);
    const statements = await ok(school.call('GET', '/api/accounting/statements'));
    expect(statements.items[0]).toMatchObject({
      lineCount: 8,
      matchedCount: 3,
      differenceCount: 4,
    });
  });

  it('refuses the same statement twice, and the same transactions in another file (409)', async () => {
    const again = await post(school.token, { source: 'wave' }, 'encore.jsonl', statement());
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('STATEMENT_ALREADY_IMPORTED');
    const overlapping = await post(
      school.token,
      { source: 'wave' },
      'autre.jsonl',
      waveLine({ txn: attempts[0]!.txn, ref: attempts[0]!.id, amount: 10_000, fee: 100 }),
    );
    expect(overlapping.statusCode).toBe(409);
    const [first, second] = await Promise.all([
      post(
        school.token,
        { source: 'wave' },
        'a.jsonl',
        waveLine({ txn: 'T_RACE', ref: null, amount: 1000, fee: 10 }),
      ),
      post(
        school.token,
        { source: 'wave' },
        'b.jsonl',
        waveLine({ txn: 'T_RACE', ref: null, amount: 1000, fee: 10 }) + '\n',
      ),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const lines = await database().db.execute<{ n: string }>(
      sql`select count(*) as n from statement_lines where provider_txn_id = 'T_RACE'`,
    );
    expect(Number(lines.rows[0]!.n)).toBe(1);
  });

  it('resolves once, with the fee adjustment posted; another school gets 404, a reader 403', async () => {
    const items = await ok(
      school.call('GET', '/api/accounting/reconciliation/items?kind=fee_differs'),
    );
    const item = items.items[0];
    const unfit = await school.call(
      'POST',
      `/api/accounting/reconciliation/items/${item.id}/resolve`,
      { resolution: 'payment_confirmed_elsewhere', note: 'Vu' },
    );
    expect(unfit.statusCode).toBe(400);
    const noNote = await school.call(
      'POST',
      `/api/accounting/reconciliation/items/${item.id}/resolve`,
      {
        resolution: 'fee_adjusted',
        note: '  ',
      },
    );
    expect(noNote.statusCode).toBe(400);
    const other = await signUpSchool(app(), 'École Voisine');
    const foreign = await other.call(
      'POST',
      `/api/accounting/reconciliation/items/${item.id}/resolve`,
      {
        resolution: 'explained',
        note: 'Intrusion',
      },
    );
    expect(foreign.statusCode).toBe(404);
    const reader = await memberWith(app(), database().db, school, ['read:payments']);
    const forbidden = await app().inject({
      method: 'GET',
      url: '/api/accounting/reconciliation/items',
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(forbidden.statusCode).toBe(403);

    const resolved = await ok(
      school.call('POST', `/api/accounting/reconciliation/items/${item.id}/resolve`, {
        resolution: 'fee_adjusted',
        note: 'Wave a appliqué 1,5 % ce jour-là.',
      }),
    );
    expect(resolved).toMatchObject({ status: 'resolved', resolution: 'fee_adjusted' });
    const twice = await school.call(
      'POST',
      `/api/accounting/reconciliation/items/${item.id}/resolve`,
      {
        resolution: 'explained',
        note: 'Encore',
      },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('RECONCILIATION_ITEM_RESOLVED');
    const posting = await database().db.execute<{
      account: string;
      debit: string;
      credit: string;
    }>(sql`
      select e.account, e.debit, e.credit from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      where t.idempotency_key = ${`reconciliation:${item.id}:fee`} order by e.account`);
    expect(posting.rows.map((row) => [row.account, Number(row.debit), Number(row.credit)])).toEqual(
      [
        ['5525', 0, 50],
        ['6317', 50, 0],
      ],
    );
    const settlement = await database().db.execute<{ provider_fee: string }>(sql`
      select provider_fee from payment_settlements where payment_id = ${attempts[2]!.id}`);
    expect(Number(settlement.rows[0]!.provider_fee)).toBe(100);
    const audit = await database().db.execute<{ n: string }>(sql`
      select count(*) as n from audit_entries where action = 'reconciliation.item_resolved'`);
    expect(Number(audit.rows[0]!.n)).toBe(1);
  });

  it('reports the period in PDF and XLSX', async () => {
    const pdf = await school.call(
      'GET',
      '/api/accounting/reconciliation/report?from=2026-03-01&to=2026-03-31&format=pdf',
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await school.call(
      'GET',
      '/api/accounting/reconciliation/report?from=2026-03-01&to=2026-03-31&format=xlsx',
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const backwards = await school.call(
      'GET',
      '/api/accounting/reconciliation/report?from=2026-03-31&to=2026-03-01',
    );
    expect(backwards.statusCode).toBe(400);
  });
});
