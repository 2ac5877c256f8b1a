import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { createSchool } from '../organizations';
import { accountBalance } from './ledger-balances.repository';
import { postLedgerTransaction, reverseLedgerTransaction } from './ledger.service';

describe('ledger: balanced, immutable, idempotent (real database)', () => {
  const database = useTestDatabase();

  async function school() {
    return database().db.transaction((tx) =>
      createSchool(
        tx,
        { name: `École ${randomUUID().slice(0, 6)}`, slug: `ecole-${randomUUID().slice(0, 8)}` },
        { actor: { type: 'system', label: 'Test' } },
      ),
    );
  }

  const payment = (organizationId: string, key: string, amount: number) => ({
    organizationId,
    idempotencyKey: key,
    journal: 'MM1',
    entryDate: '2026-11-21',
    label: 'Paiement Mixx by Yas',
    sourceType: 'payment',
    entries: [
      { account: '5521', debit: amount },
      { account: '4111', auxiliary: 'STU-001', credit: amount },
    ],
  });

  it('posts once per idempotency key and derives balances', async () => {
    const { id } = await school();
    const db = database().db;
    const first = await db.transaction((tx) =>
      postLedgerTransaction(tx, payment(id, 'pay:1', 150_000)),
    );
    const again = await db.transaction((tx) =>
      postLedgerTransaction(tx, payment(id, 'pay:1', 150_000)),
    );
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, transaction: { id: first.transaction.id } });
    expect(await accountBalance(db, id, '5521')).toBe(150_000);
    expect(await accountBalance(db, id, '4111', 'STU-001')).toBe(-150_000);

    await db.transaction((tx) =>
      reverseLedgerTransaction(tx, first.transaction, {
        idempotencyKey: 'refund:1',
        journal: 'MM1',
        entryDate: '2026-11-22',
        label: 'Remboursement',
        sourceType: 'refund',
      }),
    );
    expect(await accountBalance(db, id, '5521')).toBe(0);
    expect(await accountBalance(db, id, '4111')).toBe(0);
  });

  it('refuses unbalanced or one-line postings, fractions and two-sided lines', async () => {
    const { id } = await school();
    const db = database().db;
    const bad = [
      {
        ...payment(id, 'x1', 100),
        entries: [
          { account: '5521', debit: 100 },
          { account: '4111', credit: 99 },
        ],
      },
      { ...payment(id, 'x2', 100), entries: [{ account: '5521', debit: 100 }] },
      {
        ...payment(id, 'x3', 100),
        entries: [
          { account: '5521', debit: 10.5 },
          { account: '4111', credit: 10.5 },
        ],
      },
      {
        ...payment(id, 'x4', 100),
        entries: [
          { account: '5521', debit: 5, credit: 5 },
          { account: '4111', credit: 0, debit: 0 },
        ],
      },
    ];
    for (const posting of bad) {
      await expect(db.transaction((tx) => postLedgerTransaction(tx, posting))).rejects.toThrow();
    }
    const count = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where organization_id = ${id}`,
    );
    expect(count.rows[0]!.n).toBe(0);
  });

  const because = (pattern: RegExp) => (error: Error & { cause?: Error }) =>
    pattern.test(`${error.message} ${error.cause?.message ?? ''}`);

  it('the database itself refuses an unbalanced transaction and any change', async () => {
    const { id } = await school();
    const db = database().db;
    await expect(
      db.transaction(async (tx) => {
        const [row] = (
          await tx.execute<{ id: string }>(sql`insert into ledger_transactions
            (organization_id, idempotency_key, journal, entry_date, label, source_type)
            values (${id}, 'raw', 'OD', '2026-11-21', 'Brut', 'test') returning id`)
        ).rows;
        await tx.execute(sql`insert into ledger_entries (organization_id, transaction_id, account, debit)
          values (${id}, ${row!.id}, '571', 100)`);
      }),
    ).rejects.toSatisfy(because(/not balanced/));
    const posted = await db.transaction((tx) =>
      postLedgerTransaction(tx, payment(id, 'pay:2', 5_000)),
    );
    await expect(
      db.execute(
        sql`update ledger_entries set debit = 1 where transaction_id = ${posted.transaction.id}`,
      ),
    ).rejects.toSatisfy(because(/append-only/));
    await expect(
      db.execute(sql`delete from ledger_transactions where id = ${posted.transaction.id}`),
    ).rejects.toSatisfy(because(/append-only/));
  });

  it('whatever is posted, every account sums to zero over the school (property)', async () => {
    const { id } = await school();
    const db = database().db;
    const accounts = ['5521', '5522', '571', '4111', '4191', '6317'];
    const posting = fc
      .array(
        fc.record({
          account: fc.constantFrom(...accounts),
          amount: fc.integer({ min: 1, max: 1_000_000 }),
        }),
        { minLength: 1, maxLength: 4 },
      )
      .map((debits) => {
        const total = debits.reduce((sum, line) => sum + line.amount, 0);
        return [
          ...debits.map((line) => ({ account: line.account, debit: line.amount })),
          { account: '4111', auxiliary: 'STU-002', credit: total },
        ];
      });
    await fc.assert(
      fc.asyncProperty(fc.array(posting, { minLength: 1, maxLength: 5 }), async (postings) => {
        for (const entries of postings) {
          await db.transaction((tx) =>
            postLedgerTransaction(tx, { ...payment(id, randomUUID(), 0), entries }),
          );
        }
        const [row] = (
          await db.execute<{ debits: string; credits: string }>(
            sql`select sum(debit) as debits, sum(credit) as credits from ledger_entries where organization_id = ${id}`,
          )
        ).rows;
        expect(row!.debits).toBe(row!.credits);
      }),
      { numRuns: 20 },
    );
  });
});
