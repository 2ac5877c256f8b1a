import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/test-database';
import { closedPeriodRefusal } from '../../../platform/db/errors';
import { createSchool } from '../../organizations';
import { postLedgerTransactions } from '../ledger-bulk.service';
import { postLedgerTransaction, type LedgerPosting } from '../ledger.service';
import { validateLedgerThrough } from '../numbering/numbering.service';
import { closeLedgerPeriod } from './periods.service';

describe('ledger numbering and period closure (real database)', () => {
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

  const posting = (
    organizationId: string,
    journal: string,
    entryDate: string,
    amount = 1_000,
  ): LedgerPosting => ({
    organizationId,
    idempotencyKey: `k:${randomUUID()}`,
    journal,
    entryDate,
    label: `Écriture ${journal}`,
    sourceType: 'test',
    entries: [
      { account: journal === 'VE' ? '4111' : '5521', auxiliary: 'STU-001', debit: amount },
      { account: journal === 'VE' ? '70612' : '4111', auxiliary: 'STU-001', credit: amount },
    ],
  });

  async function numbers(organizationId: string) {
    const { rows } = await database().db.execute<{
      journal: string;
      fiscal_year: number;
      number: number;
      entry_date: string;
    }>(sql`select n.journal, n.fiscal_year, n.number, t.entry_date::text as entry_date
      from ledger_entry_numbers n join ledger_transactions t
        on t.organization_id = n.organization_id and t.id = n.transaction_id
      where n.organization_id = ${organizationId}
      order by n.journal, n.fiscal_year, n.number`);
    return rows;
  }

  it('numbers each journal and year sequentially, gap-free, once, whatever the interleaving', async () => {
    const { id } = await school();
    const db = database().db;
    // Interleaved journals and days, posted out of date order, across a year end.
    const days = ['2026-12-30', '2026-12-01', '2027-01-02', '2026-12-15', '2027-01-01'];
    for (const [index, day] of days.entries()) {
      await db.transaction((tx) =>
        postLedgerTransactions(tx, [
          posting(id, 'VE', day),
          posting(id, index % 2 ? 'MM1' : 'MM2', day),
        ]),
      );
    }
    expect(await validateLedgerThrough(db, id, '2026-12-20')).toEqual({ numbered: 4 });
    // Twice at once, then again: each transaction numbered once.
    const [a, b] = await Promise.all([
      validateLedgerThrough(db, id, '2027-01-31'),
      validateLedgerThrough(db, id, '2027-01-31'),
    ]);
    expect(a.numbered + b.numbered).toBe(6);
    expect(await validateLedgerThrough(db, id, '2027-01-31')).toEqual({ numbered: 0 });

    const rows = await numbers(id);
    const ve2026 = rows.filter((row) => row.journal === 'VE' && row.fiscal_year === 2026);
    expect(ve2026.map((row) => [row.number, row.entry_date])).toEqual([
      [1, '2026-12-01'],
      [2, '2026-12-15'],
      [3, '2026-12-30'],
    ]);
    const ve2027 = rows.filter((row) => row.journal === 'VE' && row.fiscal_year === 2027);
    expect(ve2027.map((row) => [row.number, row.entry_date])).toEqual([
      [1, '2027-01-01'],
      [2, '2027-01-02'],
    ]);
    for (const journal of ['MM1', 'MM2']) {
      for (const year of [2026, 2027]) {
        const sequence = rows
          .filter((row) => row.journal === journal && row.fiscal_year === year)
          .map((row) => row.number);
        expect(sequence).toEqual(sequence.map((_, index) => index + 1));
      }
    }
    // A later posting continues its journal's sequence.
    await db.transaction((tx) => postLedgerTransaction(tx, posting(id, 'VE', '2027-01-20')));
    await validateLedgerThrough(db, id, '2027-01-31');
    expect((await numbers(id)).filter((row) => row.journal === 'VE').at(-1)).toMatchObject({
      fiscal_year: 2027,
      number: 3,
    });
  });

  it('a closed period moves automatic postings, refuses explicit ones and raw inserts', async () => {
    const { id } = await school();
    const db = database().db;
    await db.transaction((tx) => postLedgerTransaction(tx, posting(id, 'VE', '2026-10-10')));
    await db.transaction((tx) =>
      closeLedgerPeriod(
        tx,
        { organizationId: id, through: '2026-10-31', closedBy: null, closedByLabel: 'Test' },
        async () => undefined,
      ),
    );
    // Automatic: moved to the first open day, the label says so.
    const moved = await db.transaction((tx) =>
      postLedgerTransaction(tx, posting(id, 'MM1', '2026-10-15')),
    );
    expect(moved.transaction.entryDate).toBe('2026-11-01');
    expect(moved.transaction.label).toBe('Écriture MM1 (report : période close au 31/10/2026)');
    const bulk = posting(id, 'VE', '2026-10-20');
    await db.transaction((tx) => postLedgerTransactions(tx, [bulk]));
    const { rows } = await db.execute<{ entry_date: string }>(
      sql`select entry_date::text from ledger_transactions
        where organization_id = ${id} and idempotency_key = ${bulk.idempotencyKey}`,
    );
    expect(rows[0]?.entry_date).toBe('2026-11-01');
    // Explicit: 409 LEDGER_PERIOD_CLOSED.
    await expect(
      db.transaction((tx) =>
        postLedgerTransaction(tx, { ...posting(id, 'OD', '2026-10-31'), onClosedPeriod: 'refuse' }),
      ),
    ).rejects.toMatchObject({ code: 'LEDGER_PERIOD_CLOSED', statusCode: 409 });
    // The database itself refuses a raw insert (SQLSTATE EC409, the closed day in its detail).
    const raw = await db
      .execute(
        sql`insert into ledger_transactions (organization_id, idempotency_key, journal, entry_date,
          label, source_type) values (${id}, 'raw', 'OD', '2026-10-01', 'x', 'test')`,
      )
      .catch((error: unknown) => error);
    expect(closedPeriodRefusal(raw)).toEqual({ closedThrough: '2026-10-31' });
    // Never backwards.
    await expect(
      db.transaction((tx) =>
        closeLedgerPeriod(
          tx,
          { organizationId: id, through: '2026-10-15', closedBy: null, closedByLabel: 'Test' },
          async () => undefined,
        ),
      ),
    ).rejects.toMatchObject({ code: 'PERIOD_ALREADY_CLOSED' });
    // The closure itself cannot be edited.
    await expect(
      db.execute(sql`update ledger_period_closures set closed_through = '2026-01-01'`),
    ).rejects.toThrow();
  });
});
