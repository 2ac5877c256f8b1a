import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';

/**
 * Named cross-module read (docs/architecture.md): payments' `payment_attempts` and ledger's
 * `ledger_transactions` / `ledger_entries`, read only, to match a statement's lines in bulk. Each
 * function answers a SELECT (as SQL the repository wraps in its own UPDATE or INSERT of this
 * module's tables): one statement for every line, never one query per line.
 */

/**
 * Each credit line of the statement with the payment attempt it names — by our reference (the
 * attempt's id), by the provider's transaction id, or by the provider's reference — with what we
 * know of it: its amount and wallet, whether it succeeded, A's settlement line (gross, fee) and
 * the amount its ledger posting debited. Columns: line_no, payment_id, amount, wallet, succeeded,
 * gross, provider_fee, posted, rank (1 for the first line naming that payment).
 */
export function statementMatchesSql(
  organizationId: string,
  statementId: string,
  source: string,
): SQL {
  return sql`
    with lines as (
      select line_no, attempt_ref, provider_txn_id
      from statement_lines
      where organization_id = ${organizationId} and statement_id = ${statementId}
        and direction = 'credit' and type = 'payment'
    ),
    attempts as (
      select id, amount, wallet, succeeded_at, provider_ref, provider_txn_id
      from payment_attempts
      where organization_id = ${organizationId} and provider = ${source}
    ),
    candidates as (
      select l.line_no, a.id, 1 as how from lines l join attempts a on a.id = l.attempt_ref
      union all
      select l.line_no, a.id, 2 from lines l join attempts a on a.provider_txn_id = l.provider_txn_id
      union all
      select l.line_no, a.id, 3 from lines l join attempts a on a.provider_ref = l.provider_txn_id
    ),
    best as (
      select distinct on (line_no) line_no, id from candidates order by line_no, how
    ),
    posted as (
      select t.source_id as payment_id, sum(e.debit) as posted
      from ledger_transactions t
      join ledger_entries e on e.organization_id = t.organization_id and e.transaction_id = t.id
      where t.organization_id = ${organizationId} and t.source_type = 'payment'
        and t.reverses_id is null
        and t.source_id in (select id from best)
      group by t.source_id
    )
    select b.line_no, a.id as payment_id, a.amount, a.wallet,
      a.succeeded_at is not null as succeeded,
      s.gross, s.provider_fee, p.posted,
      row_number() over (partition by a.id order by b.line_no) as rank
    from best b
    join attempts a on a.id = b.id
    left join payment_settlements s
      on s.organization_id = ${organizationId} and s.payment_id = a.id and s.kind = 'payment'
    left join posted p on p.payment_id = a.id`;
}

/**
 * The statement's credit lines that no payment of the school named (outcome still unset) but that
 * name ANOTHER school's payment attempt — by its id, or by the provider's reference or
 * transaction id on the same provider. A platform account shared by all schools (PayGate's) lists
 * every school's payments: such a line is none of this school's business (counted, never queued,
 * never an unasked credit). Each branch is an index lookup (the attempt's key, `(provider,
 * provider_ref)`, `(provider, provider_txn_id)`). Columns: line_no.
 */
export function otherSchoolsLinesSql(
  organizationId: string,
  statementId: string,
  source: string,
): SQL {
  return sql`
    select l.line_no
    from statement_lines l
    where l.organization_id = ${organizationId} and l.statement_id = ${statementId}
      and l.outcome is null and l.direction = 'credit' and l.type = 'payment'
      and (
        exists (select 1 from payment_attempts a
          where a.id = l.attempt_ref and a.organization_id <> ${organizationId})
        or exists (select 1 from payment_attempts a
          where a.provider = ${source} and a.provider_ref = l.provider_txn_id
            and a.organization_id <> ${organizationId})
        or exists (select 1 from payment_attempts a
          where a.provider = ${source} and a.provider_txn_id = l.provider_txn_id
            and a.organization_id <> ${organizationId})
      )`;
}

/**
 * Payments of `source` that succeeded in the period's days (UTC, the zone's time) and that no
 * statement line of the school names: « chez nous seulement ». Columns: payment_id, amount,
 * wallet, day, provider_txn_id, provider_fee.
 */
export function paymentsWithoutLineSql(
  organizationId: string,
  source: string,
  periodStart: string,
  periodEnd: string,
): SQL {
  return sql`
    select a.id as payment_id, a.amount, a.wallet, (a.succeeded_at at time zone 'UTC')::date as day,
      coalesce(a.provider_txn_id, a.provider_ref) as provider_txn_id, s.provider_fee
    from payment_attempts a
    left join payment_settlements s
      on s.organization_id = a.organization_id and s.payment_id = a.id and s.kind = 'payment'
    where a.organization_id = ${organizationId} and a.provider = ${source}
      and a.succeeded_at >= ${periodStart}::date
      and a.succeeded_at < ${periodEnd}::date + 1
      and not exists (
        select 1 from statement_lines l
        where l.organization_id = a.organization_id and l.payment_id = a.id
      )`;
}

/** A payment attempt's provider and wallet (the fee adjustment's wallet account). */
export async function findAttemptWallet(
  db: DbOrTx,
  organizationId: string,
  paymentId: string,
): Promise<string | null> {
  const result = await db.execute<{ wallet: string }>(sql`
    select wallet from payment_attempts where organization_id = ${organizationId} and id = ${paymentId}`);
  return result.rows[0]?.wallet ?? null;
}
