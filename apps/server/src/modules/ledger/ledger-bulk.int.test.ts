import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-database';
import { createSchool } from '../organizations';
import { accountBalancesByAuxiliary, ledgerTotals } from './ledger-balances.repository';
import { postLedgerTransactions, reverseSourcePostings } from './ledger-bulk.service';
import { accountBalance } from './ledger-balances.repository';
import { postLedgerTransaction, type LedgerPosting } from './ledger.service';

describe('ledger: bulk postings, reversal of a source, balances (real database)', () => {
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

  const invoice = (
    organizationId: string,
    key: string,
    matricule: string,
    amount: number,
    sourceId: string | null = null,
  ): LedgerPosting => ({
    organizationId,
    idempotencyKey: key,
    journal: 'VE',
    entryDate: '2030-09-01',
    label: `Facture ${key}`,
    pieceRef: null,
    sourceType: 'invoice',
    sourceId,
    entries: [
      { account: '4111', auxiliary: matricule, debit: amount },
      { account: '70612', credit: amount },
    ],
  });

  it('posts many at once, each key once (already posted or repeated in the batch)', async () => {
    const { id } = await school();
    const db = database().db;
    await db.transaction((tx) => postLedgerTransaction(tx, invoice(id, 'a', 'STU-001', 1_000)));
    const result = await db.transaction((tx) =>
      postLedgerTransactions(tx, [
        invoice(id, 'a', 'STU-001', 1_000),
        invoice(id, 'b', 'STU-001', 2_000),
        invoice(id, 'b', 'STU-001', 2_000),
        invoice(id, 'c', 'STU-002', 4_000),
      ]),
    );
    expect(result).toEqual({ created: 2 });
    expect(await accountBalance(db, id, '4111', 'STU-001')).toBe(3_000);
    expect(await accountBalancesByAuxiliary(db, id, '4111')).toEqual(
      new Map([
        ['STU-001', 3_000],
        ['STU-002', 4_000],
      ]),
    );
    expect(await accountBalancesByAuxiliary(db, id, '70612')).toEqual(new Map([[null, -7_000]]));
    expect(await ledgerTotals(db, id)).toEqual({ debits: 7_000, credits: 7_000, unbalanced: [] });
  });

  it('refuses the whole batch when one posting is unbalanced', async () => {
    const { id } = await school();
    const db = database().db;
    const bad = { ...invoice(id, 'x', 'STU-001', 10), entries: [{ account: '571', debit: 10 }] };
    await expect(
      db.transaction((tx) => postLedgerTransactions(tx, [invoice(id, 'ok', 'STU-001', 5), bad])),
    ).rejects.toThrow();
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where organization_id = ${id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('reverses the net of a source once, and nothing when it nets to zero', async () => {
    const { id } = await school();
    const db = database().db;
    const source = randomUUID();
    await db.transaction((tx) =>
      postLedgerTransactions(tx, [invoice(id, 'issue', 'STU-007', 150_000, source)]),
    );
    await db.transaction((tx) =>
      postLedgerTransaction(tx, {
        ...invoice(id, 'discount', 'STU-007', 0, source),
        sourceType: 'invoice_line',
        entries: [
          { account: '7069', debit: 15_000 },
          { account: '4111', auxiliary: 'STU-007', credit: 15_000 },
        ],
      }),
    );
    const reversal = {
      idempotencyKey: 'void',
      journal: 'OD',
      entryDate: '2030-09-02',
      label: 'Annulation',
      sourceType: 'invoice',
      sourceId: source,
    };
    const sources = {
      organizationId: id,
      sourceId: source,
      sourceTypes: ['invoice', 'invoice_line'],
    };
    const posted = await db.transaction((tx) => reverseSourcePostings(tx, sources, reversal));
    expect(posted?.created).toBe(true);
    expect(await accountBalance(db, id, '4111', 'STU-007')).toBe(0);
    expect(await accountBalance(db, id, '70612')).toBe(0);
    expect(await accountBalance(db, id, '7069')).toBe(0);
    const again = await db.transaction((tx) =>
      reverseSourcePostings(tx, sources, { ...reversal, idempotencyKey: 'void-again' }),
    );
    expect(again).toBeNull();
  });
});
