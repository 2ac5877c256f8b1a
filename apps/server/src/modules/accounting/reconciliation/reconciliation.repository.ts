import type {
  ReconciliationItemsQuery,
  ReconciliationKind,
  ReconciliationResolution,
  StatementSource,
} from '@ecolage/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import {
  providerStatements,
  reconciliationItems,
  type ProviderStatementRow,
  type ReconciliationItemRow,
} from './reconciliation.tables';
import type { StatementLine } from './statement-formats';
import {
  otherSchoolsLinesSql,
  paymentsWithoutLineSql,
  statementMatchesSql,
} from './statement-matching.reads';

export const ITEMS_PAGE_SIZE = 10;
export const STATEMENTS_PAGE_SIZE = 10;
const INSERT_BATCH = 5_000;

export async function insertStatement(
  tx: DbOrTx,
  values: typeof providerStatements.$inferInsert,
): Promise<ProviderStatementRow> {
  const [row] = await tx.insert(providerStatements).values(values).returning();
  return row!;
}

/** The lines, by columns (unnest), 5,000 a statement. */
export async function insertStatementLines(
  tx: DbOrTx,
  organizationId: string,
  statementId: string,
  source: StatementSource,
  lines: readonly StatementLine[],
) {
  for (let start = 0; start < lines.length; start += INSERT_BATCH) {
    const batch = lines.slice(start, start + INSERT_BATCH);
    const column = <T>(pick: (line: StatementLine) => T) => sql.param(batch.map(pick));
    await tx.execute(sql`
      insert into statement_lines (organization_id, statement_id, source, line_no, provider_txn_id,
        our_reference, attempt_ref, occurred_at, day, direction, amount, fee, type, counterparty, raw)
      select ${organizationId}, ${statementId}, ${source}, *
      from unnest(
        ${column((l) => l.lineNo)}::int[], ${column((l) => l.providerTxnId)}::text[],
        ${column((l) => l.ourReference)}::text[], ${column((l) => l.attemptRef)}::uuid[],
        ${column((l) => l.occurredAt.toISOString())}::timestamptz[], ${column((l) => l.day)}::date[],
        ${column((l) => l.direction)}::text[], ${column((l) => l.amount)}::bigint[],
        ${column((l) => l.fee)}::bigint[], ${column((l) => l.type)}::text[],
        ${column((l) => l.counterparty)}::text[], ${column((l) => l.raw)}::text[])`);
  }
  // A big statement: the planner learns its lines before the match joins them (else it plans a
  // nested loop over rows it believes are a handful).
  if (lines.length >= 1_000) await tx.execute(sql`analyze statement_lines`);
}

/**
 * Three-way match of a provider's statement in two statements: each payment line gets its
 * payment and its outcome from the attempt, the settlement line and the ledger posting; then
 * lines left without a payment are unasked credits (no reference that is one of our ids) or « chez l'opérateur
 * seulement » (a reference we do not know), and lines that are no collection are `other`.
 * A line naming another school's payment (a platform account shared by all schools) is `other`
 * too, its payer's number and raw text not kept: the answer is what those lines weighed, to leave
 * out of the statement's totals (this school sees only their count).
 */
export async function matchProviderLines(
  tx: DbOrTx,
  organizationId: string,
  statementId: string,
  source: StatementSource,
): Promise<{ count: number; credit: number; fee: number }> {
  await tx.execute(sql`
    update statement_lines l
    set payment_id = m.payment_id,
      outcome = case
        when m.rank > 1 or not m.succeeded then 'provider_only'
        when l.amount <> m.amount or coalesce(m.gross, l.amount) <> l.amount
          or coalesce(m.posted, l.amount) <> l.amount then 'amount_differs'
        when m.provider_fee is not null and m.provider_fee <> l.fee then 'fee_differs'
        else 'matched' end
    from (${statementMatchesSql(organizationId, statementId, source)}) m
    where l.organization_id = ${organizationId} and l.statement_id = ${statementId}
      and l.line_no = m.line_no`);
  const others = await tx.execute<{ n: string; credit: string | null; fee: string | null }>(sql`
    with foreign_lines as (
      update statement_lines set outcome = 'other', counterparty = null, raw = ''
      where organization_id = ${organizationId} and statement_id = ${statementId}
        and line_no in (${otherSchoolsLinesSql(organizationId, statementId, source)})
      returning amount, fee
    )
    select count(*) as n, sum(amount) as credit, sum(fee) as fee from foreign_lines`);
  await tx.execute(sql`
    update statement_lines
    set outcome = case
      when type <> 'payment' or direction <> 'credit' then 'other'
      -- No reference of ours (none, or what the payer typed: a matricule): an unasked credit.
      when attempt_ref is null then 'incoming_credit'
      else 'provider_only' end
    where organization_id = ${organizationId} and statement_id = ${statementId} and outcome is null`);
  const row = others.rows[0];
  return {
    count: Number(row?.n ?? 0),
    credit: Number(row?.credit ?? 0),
    fee: Number(row?.fee ?? 0),
  };
}

/**
 * A bank statement: a credit naming one of the school's payouts (its reference VIR-…, the rail's
 * transfer id or the bank's reference, in the reference or the label) is that payout, seen; else
 * a credit of a payout's exact net amount not seen yet; other credits are transfers to the
 * school (unasked credits); debits are `other`.
 */
export async function matchBankLines(tx: DbOrTx, organizationId: string, statementId: string) {
  await tx.execute(sql`
    update statement_lines l set outcome = 'payout', payout_id = m.payout_id
    from (
      select distinct on (l.line_no) l.line_no, p.id as payout_id
      from statement_lines l
      join payouts p on p.organization_id = l.organization_id and p.status in ('sending', 'paid')
        and (p.reference = l.our_reference or p.transfer_id = l.our_reference
          or p.bank_reference = l.our_reference
          or strpos(coalesce(l.counterparty, ''), p.reference) > 0
          or (p.transfer_id is not null and strpos(coalesce(l.counterparty, ''), p.transfer_id) > 0))
      where l.organization_id = ${organizationId} and l.statement_id = ${statementId}
        and l.direction = 'credit'
      order by l.line_no, p.created_at
    ) m
    where l.organization_id = ${organizationId} and l.statement_id = ${statementId}
      and l.line_no = m.line_no`);
  await tx.execute(sql`
    update statement_lines l set outcome = 'payout', payout_id = m.payout_id
    from (
      select distinct on (p.id) l.line_no, p.id as payout_id
      from statement_lines l
      join payouts p on p.organization_id = l.organization_id and p.status in ('sending', 'paid')
        and p.net = l.amount
      where l.organization_id = ${organizationId} and l.statement_id = ${statementId}
        and l.direction = 'credit' and l.outcome is null
        and not exists (select 1 from statement_lines s
          where s.organization_id = p.organization_id and s.payout_id = p.id)
      order by p.id, l.line_no
    ) m
    where l.organization_id = ${organizationId} and l.statement_id = ${statementId}
      and l.line_no = m.line_no and l.outcome is null`);
  await tx.execute(sql`
    update statement_lines
    set outcome = case when direction = 'credit' then 'incoming_credit' else 'other' end
    where organization_id = ${organizationId} and statement_id = ${statementId} and outcome is null`);
}

/** The queue's items for the statement's differences, and « chez nous seulement » for the period. */
export async function queueDifferences(
  tx: DbOrTx,
  statement: Pick<
    ProviderStatementRow,
    'organizationId' | 'id' | 'source' | 'periodStart' | 'periodEnd'
  >,
) {
  const { organizationId, id, source } = statement;
  await tx.execute(sql`
    insert into reconciliation_items (organization_id, statement_id, source, kind, line_no,
      payment_id, wallet, reference, provider_txn_id, day, statement_amount, our_amount,
      statement_fee, our_fee)
    select l.organization_id, l.statement_id, l.source, l.outcome, l.line_no, l.payment_id, m.wallet,
      l.our_reference, l.provider_txn_id, l.day, l.amount, m.amount, l.fee, m.provider_fee
    from statement_lines l
    left join (${statementMatchesSql(organizationId, id, source)}) m on m.line_no = l.line_no
    where l.organization_id = ${organizationId} and l.statement_id = ${id}
      and l.outcome in ('provider_only', 'amount_differs', 'fee_differs')`);
  if (source === 'bank') return;
  await tx.execute(sql`
    insert into reconciliation_items (organization_id, statement_id, source, kind, payment_id,
      wallet, reference, provider_txn_id, day, our_amount, our_fee)
    select ${organizationId}, ${id}, ${source}, 'here_only', w.payment_id, w.wallet,
      w.payment_id::text, w.provider_txn_id, w.day, w.amount, w.provider_fee
    from (${paymentsWithoutLineSql(organizationId, source, statement.periodStart, statement.periodEnd)}) w
    on conflict (organization_id, payment_id) where kind = 'here_only' do nothing`);
}

/** Lines to hand over as unasked credits. */
export async function findIncomingCreditLines(
  tx: DbOrTx,
  organizationId: string,
  statementId: string,
) {
  const result = await tx.execute<{
    line_no: number;
    provider_txn_id: string | null;
    our_reference: string | null;
    occurred_at: string;
    day: string;
    amount: string;
    counterparty: string | null;
  }>(sql`
    select line_no, provider_txn_id, our_reference, occurred_at, day::text, amount, counterparty
    from statement_lines
    where organization_id = ${organizationId} and statement_id = ${statementId}
      and outcome = 'incoming_credit'
    order by line_no`);
  return result.rows.map((row) => ({
    lineNo: row.line_no,
    providerTxnId: row.provider_txn_id,
    ourReference: row.our_reference,
    occurredAt: new Date(row.occurred_at),
    day: row.day,
    amount: Number(row.amount),
    counterparty: row.counterparty,
  }));
}

export async function setLinePayment(
  tx: DbOrTx,
  organizationId: string,
  statementId: string,
  lineNo: number,
  paymentId: string,
) {
  await tx.execute(sql`
    update statement_lines set payment_id = ${paymentId}
    where organization_id = ${organizationId} and statement_id = ${statementId} and line_no = ${lineNo}`);
}

/** Outcomes counted, written on the statement. */
export async function countOutcomes(tx: DbOrTx, organizationId: string, statementId: string) {
  const result = await tx.execute<{ outcome: string; n: string }>(sql`
    select outcome, count(*) as n from statement_lines
    where organization_id = ${organizationId} and statement_id = ${statementId}
    group by outcome`);
  const items = await tx.execute<{ kind: string; n: string }>(sql`
    select kind, count(*) as n from reconciliation_items
    where organization_id = ${organizationId} and statement_id = ${statementId}
    group by kind`);
  return {
    outcomes: Object.fromEntries(result.rows.map((row) => [row.outcome, Number(row.n)])),
    kinds: Object.fromEntries(items.rows.map((row) => [row.kind, Number(row.n)])) as Partial<
      Record<ReconciliationKind, number>
    >,
  };
}

export async function updateStatementCounts(
  tx: DbOrTx,
  organizationId: string,
  statementId: string,
  counts: {
    matchedCount: number;
    differenceCount: number;
    incomingCreditCount: number;
    creditTotal?: number;
    feeTotal?: number;
  },
) {
  const [row] = await tx
    .update(providerStatements)
    .set(counts)
    .where(
      and(
        eq(providerStatements.organizationId, organizationId),
        eq(providerStatements.id, statementId),
      ),
    )
    .returning();
  return row!;
}

export async function listStatements(db: DbOrTx, organizationId: string, page: number) {
  const where = eq(providerStatements.organizationId, organizationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(providerStatements)
      .where(where)
      .orderBy(desc(providerStatements.importedAt), desc(providerStatements.id))
      .limit(STATEMENTS_PAGE_SIZE)
      .offset((page - 1) * STATEMENTS_PAGE_SIZE),
    db.select({ n: count() }).from(providerStatements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listItems(
  db: DbOrTx,
  organizationId: string,
  query: ReconciliationItemsQuery,
) {
  const where = and(
    eq(reconciliationItems.organizationId, organizationId),
    query.status ? eq(reconciliationItems.status, query.status) : undefined,
    query.kind ? eq(reconciliationItems.kind, query.kind) : undefined,
    query.statementId ? eq(reconciliationItems.statementId, query.statementId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reconciliationItems)
      .where(where)
      .orderBy(
        desc(reconciliationItems.createdAt),
        reconciliationItems.lineNo,
        reconciliationItems.id,
      )
      .limit(ITEMS_PAGE_SIZE)
      .offset((query.page - 1) * ITEMS_PAGE_SIZE),
    db.select({ n: count() }).from(reconciliationItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The item, locked until the transaction ends (a second resolve waits, then sees it resolved). */
export async function lockItem(
  tx: DbOrTx,
  organizationId: string,
  itemId: string,
): Promise<ReconciliationItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(reconciliationItems)
    .where(
      and(
        eq(reconciliationItems.organizationId, organizationId),
        eq(reconciliationItems.id, itemId),
      ),
    )
    .for('update');
  return row;
}

export async function markResolved(
  tx: DbOrTx,
  organizationId: string,
  itemId: string,
  values: {
    resolution: ReconciliationResolution;
    note: string;
    resolvedBy: string | null;
    resolvedByLabel: string;
    ledgerTransactionId: string | null;
  },
) {
  const [row] = await tx
    .update(reconciliationItems)
    .set({ ...values, status: 'resolved', resolvedAt: new Date() })
    .where(
      and(
        eq(reconciliationItems.organizationId, organizationId),
        eq(reconciliationItems.id, itemId),
      ),
    )
    .returning();
  return row!;
}

/** The report's figures for statements whose period meets [from, to]. */
export async function reportFigures(db: DbOrTx, organizationId: string, from: string, to: string) {
  const statements = await db.execute<{
    source: string;
    statements: string;
    lines: string;
    credit_total: string;
    fee_total: string;
    matched: string;
    incoming: string;
  }>(sql`
    select source, count(*) as statements, sum(line_count) as lines, sum(credit_total) as credit_total,
      sum(fee_total) as fee_total, sum(matched_count) as matched, sum(incoming_credit_count) as incoming
    from provider_statements
    where organization_id = ${organizationId} and period_start <= ${to} and period_end >= ${from}
    group by source order by source`);
  const items = await db.execute<{
    kind: string;
    status: string;
    n: string;
    statement_amount: string | null;
    our_amount: string | null;
  }>(sql`
    select i.kind, i.status, count(*) as n, sum(i.statement_amount) as statement_amount,
      sum(i.our_amount) as our_amount
    from reconciliation_items i
    join provider_statements s on s.organization_id = i.organization_id and s.id = i.statement_id
    where i.organization_id = ${organizationId} and s.period_start <= ${to} and s.period_end >= ${from}
    group by i.kind, i.status order by i.kind, i.status`);
  return {
    statements: statements.rows.map((row) => ({
      source: row.source as StatementSource,
      statements: Number(row.statements),
      lines: Number(row.lines),
      creditTotal: Number(row.credit_total),
      feeTotal: Number(row.fee_total),
      matched: Number(row.matched),
      incoming: Number(row.incoming),
    })),
    items: items.rows.map((row) => ({
      kind: row.kind as ReconciliationKind,
      status: row.status as 'open' | 'resolved',
      count: Number(row.n),
      statementAmount: Number(row.statement_amount ?? 0),
      ourAmount: Number(row.our_amount ?? 0),
    })),
  };
}
