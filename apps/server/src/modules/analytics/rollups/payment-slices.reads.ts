/**
 * Named read-only queries of the rollups (issue 20): a payment's slices as `collection_facts`
 * keeps them, and the invoices summed per due day as `receivable_days` keeps them. They read
 * payments' `payment_attempts`, `payment_attempt_invoices`, `payment_refunds`; billing's
 * `invoices`, `invoice_allocations`; students' `students`, `enrolments`; programmes' `levels`;
 * organizations' `organizations` (the school's time zone). Nothing here writes: the repository
 * wraps these selects in its inserts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { invoiceAllocations, invoices } from '../../billing/billing.tables';
import { organizations } from '../../organizations/organizations.tables';
import {
  paymentAttemptInvoices,
  paymentAttempts,
  paymentRefunds,
} from '../../payments/payments.tables';
import { levels } from '../../programmes/programmes.tables';
import { enrolments, students } from '../../students/students.tables';

/** A payment counts from its success on, refunded or not (`a`: the attempts' alias). */
const SUCCEEDED = sql.raw('a.succeeded_at is not null');

/** Payment method → the screen's source (contracts' paymentSourceValues). */
const SOURCE_OF_WALLET = sql`case att.wallet when 'CARD' then 'card' when 'CASH' then 'cash'
  when 'CHEQUE' then 'cheque' when 'BANK_TRANSFER' then 'transfer' else 'mobile_money' end`;

/**
 * The slices of these payments, in `collection_facts`' column order, for an
 * `insert … select`. On the payment's school day: one slice per invoice it paid (`invoice:<id>`,
 * with its due day's lag) and the rest left as family credit (`credit`); one negative slice per
 * refund that succeeded, on the refund's day (`refund:<id>`).
 *
 * Refunds reduce the payment's allocations in place (newest first, removed when taken whole), so
 * the slices of its day are rebuilt: what the allocations lack against the amount less the credit
 * went back to the invoices it had claimed without an allocation left (each up to what that
 * invoice owes again, in due order), the rest to its newest allocation left, else to the credit.
 * Credit and refund slices take the payment's student's dimensions when it paid for one student
 * only (its largest invoice slice's), else none. `channels`: public's channel of the attempts
 * that came through a visit; the others are `direct` online, `desk` at the desk.
 */
export function paymentSlicesSelect(
  organizationId: string,
  attemptIds: readonly string[],
  channels: ReadonlyMap<string, string>,
): SQL {
  const ids = sql.param([...attemptIds]);
  const channelIds = sql.param([...channels.keys()]);
  const channelValues = sql.param([...channels.values()]);
  return sql`
    with att as (
      select a.id, a.provider, a.wallet, a.amount, a.credit_amount, o.time_zone,
        (a.succeeded_at at time zone o.time_zone)::date as day
      from ${paymentAttempts} a
      join ${organizations} o on o.id = a.organization_id
      where a.organization_id = ${organizationId} and a.id = any(${ids}::uuid[]) and ${SUCCEEDED}
    ),
    cur as (
      select al.source_id as attempt_id, al.invoice_id, sum(al.amount)::bigint as amount,
        max(al.created_at) as created_at, max(al.id::text) as newest
      from ${invoiceAllocations} al
      where al.organization_id = ${organizationId} and al.source_type = 'payment'
        and al.source_id in (select id from att)
      group by al.source_id, al.invoice_id
    ),
    cur_sum as (
      select cur.attempt_id, sum(cur.amount) as amount from cur group by cur.attempt_id
    ),
    gap as (
      select att.id as attempt_id,
        greatest(0, att.amount - att.credit_amount - coalesce(cs.amount, 0)) as taken,
        cs.attempt_id is not null as has_allocation
      from att left join cur_sum cs on cs.attempt_id = att.id
    ),
    gone as (
      select pai.attempt_id, pai.invoice_id, i.due_on, greatest(i.total - i.paid, 0) as room
      from ${paymentAttemptInvoices} pai
      join gap on gap.attempt_id = pai.attempt_id and gap.taken > 0
      join ${invoices} i on i.organization_id = ${organizationId} and i.id = pai.invoice_id
      where pai.organization_id = ${organizationId}
        and not exists (select 1 from cur
          where cur.attempt_id = pai.attempt_id and cur.invoice_id = pai.invoice_id)
    ),
    gone_filled as (
      select gone.attempt_id, gone.invoice_id,
        least(gone.room, greatest(0, gap.taken - coalesce(sum(gone.room) over (
          partition by gone.attempt_id order by gone.due_on, gone.invoice_id
          rows between unbounded preceding and 1 preceding), 0))) as amount
      from gone join gap on gap.attempt_id = gone.attempt_id
    ),
    rest as (
      select gap.attempt_id, gap.taken - coalesce(sum(g.amount), 0) as amount, gap.has_allocation
      from gap left join gone_filled g on g.attempt_id = gap.attempt_id
      where gap.taken > 0
      group by gap.attempt_id, gap.taken, gap.has_allocation
    ),
    paid as (
      select cur.attempt_id, cur.invoice_id, cur.amount + case when rest.has_allocation
          and row_number() over (partition by cur.attempt_id
            order by cur.created_at desc, cur.newest desc) = 1
        then rest.amount else 0 end as amount
      from cur left join rest on rest.attempt_id = cur.attempt_id
      union all
      select attempt_id, invoice_id, amount from gone_filled where amount > 0
    ),
    inv as (
      select p.attempt_id, p.invoice_id, p.amount, i.due_on, i.student_id,
        case when i.enrolment_id is null then s.programme_id else l.programme_id end
          as programme_id,
        e.level_id, extract(year from s.birth_date)::smallint as birth_year
      from paid p
      join ${invoices} i on i.organization_id = ${organizationId} and i.id = p.invoice_id
      join ${students} s on s.organization_id = ${organizationId} and s.id = i.student_id
      left join ${enrolments} e on e.organization_id = ${organizationId} and e.id = i.enrolment_id
      left join ${levels} l on l.organization_id = ${organizationId} and l.id = e.level_id
    ),
    one_student as (
      select distinct on (inv.attempt_id) inv.attempt_id, inv.programme_id, inv.level_id,
        inv.birth_year
      from inv
      where inv.attempt_id in (select attempt_id from inv group by attempt_id
        having count(distinct student_id) = 1)
      order by inv.attempt_id, inv.amount desc, inv.invoice_id
    ),
    slices as (
      select inv.attempt_id, 'invoice:' || inv.invoice_id as slice, att.day, inv.programme_id,
        inv.level_id, inv.birth_year, inv.amount, att.day - inv.due_on as lag_days
      from inv join att on att.id = inv.attempt_id
      union all
      select att.id, 'credit', att.day, one.programme_id, one.level_id, one.birth_year,
        att.credit_amount + case when rest.has_allocation then 0 else coalesce(rest.amount, 0) end,
        null::integer
      from att
      left join rest on rest.attempt_id = att.id
      left join one_student one on one.attempt_id = att.id
      union all
      select r.attempt_id, 'refund:' || r.id, (r.completed_at at time zone att.time_zone)::date,
        one.programme_id, one.level_id, one.birth_year, -r.amount, null::integer
      from ${paymentRefunds} r
      join att on att.id = r.attempt_id
      left join one_student one on one.attempt_id = att.id
      where r.organization_id = ${organizationId} and r.status = 'succeeded'
        and r.completed_at is not null
    ),
    channel as (
      select * from unnest(${channelIds}::uuid[], ${channelValues}::text[]) as c(attempt_id, name)
    )
    select ${organizationId}::uuid, s.attempt_id, s.slice, s.day, s.programme_id, s.level_id,
      s.birth_year, ${SOURCE_OF_WALLET}, att.provider,
      case when att.provider = 'desk' then 'desk' else coalesce(channel.name, 'direct') end,
      s.amount,
      case when s.amount > 0 and row_number() over (partition by s.attempt_id
          order by s.amount < 0, s.slice = 'credit', s.amount desc, s.slice) = 1
        then 1 else 0 end,
      s.lag_days
    from slices s
    join att on att.id = s.attempt_id
    left join channel on channel.attempt_id = s.attempt_id
    where s.amount <> 0`;
}

/**
 * The invoices summed per due day and dimensions, in `receivable_days`' column order: issued
 * invoices (not drafts, not voided), what they bill, what is paid, and what the open ones still
 * owe. `dueDays`: only those days, or every day.
 */
export function receivableDaysSelect(
  organizationId: string,
  dueDays: readonly string[] | 'all',
): SQL {
  const onDays =
    dueDays === 'all' ? sql`` : sql`and i.due_on = any(${sql.param([...dueDays])}::date[])`;
  return sql`
    select ${organizationId}::uuid, i.due_on,
      case when i.enrolment_id is null then s.programme_id else l.programme_id end,
      e.level_id, extract(year from s.birth_date)::smallint,
      count(*)::integer,
      (count(*) filter (where i.status in ('open', 'partially_paid')))::integer,
      sum(i.total)::bigint, sum(i.paid)::bigint,
      coalesce(sum(i.total - i.paid) filter (where i.status in ('open', 'partially_paid')), 0)::bigint
    from ${invoices} i
    join ${students} s on s.organization_id = ${organizationId} and s.id = i.student_id
    left join ${enrolments} e on e.organization_id = ${organizationId} and e.id = i.enrolment_id
    left join ${levels} l on l.organization_id = ${organizationId} and l.id = e.level_id
    where i.organization_id = ${organizationId}
      and i.status in ('open', 'partially_paid', 'paid') ${onDays}
    group by 2, 3, 4, 5`;
}

/** The school's succeeded payments after `afterId` (by id), `limit` at most: a full rebuild's batches. */
export async function succeededAttemptIds(
  db: DbOrTx,
  organizationId: string,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select a.id from ${paymentAttempts} a
    where a.organization_id = ${organizationId} and ${SUCCEEDED}
      ${afterId ? sql`and a.id > ${afterId}` : sql``}
    order by a.id limit ${limit}`);
  return result.rows.map((row) => row.id);
}

/** What changed since `since` that the rollups depend on. */
export interface ChangesSince {
  /** Payments to rebuild: changed, refunded, or on an invoice or of a student that changed. */
  attemptIds: string[];
  /** Whether any invoice or student changed (the receivables are rebuilt then). */
  receivablesChanged: boolean;
}

/**
 * The payments changed since `since` (their row, a refund completed, an invoice they paid, the
 * birth date or programme of a student they paid for) and whether any invoice or student changed.
 */
export async function changesSince(
  db: DbOrTx,
  organizationId: string,
  since: Date,
): Promise<ChangesSince> {
  const at = since.toISOString();
  const result = await db.execute<{ id: string | null; receivables: boolean }>(sql`
    with changed_invoices as (
      select i.id from ${invoices} i
      where i.organization_id = ${organizationId} and i.updated_at > ${at}::timestamptz
      union
      select i.id from ${invoices} i
      join ${students} s on s.organization_id = i.organization_id and s.id = i.student_id
      where i.organization_id = ${organizationId} and s.updated_at > ${at}::timestamptz
    ),
    attempts as (
      select a.id from ${paymentAttempts} a
      where a.organization_id = ${organizationId} and a.updated_at > ${at}::timestamptz
        and ${SUCCEEDED}
      union
      select r.attempt_id from ${paymentRefunds} r
      where r.organization_id = ${organizationId} and r.completed_at > ${at}::timestamptz
      union
      select al.source_id from ${invoiceAllocations} al
      where al.organization_id = ${organizationId} and al.source_type = 'payment'
        and al.invoice_id in (select id from changed_invoices)
      union
      select pai.attempt_id from ${paymentAttemptInvoices} pai
      where pai.organization_id = ${organizationId}
        and pai.invoice_id in (select id from changed_invoices)
    )
    select attempts.id, exists (select 1 from changed_invoices) as receivables
    from (select 1) one left join attempts on true`);
  return {
    attemptIds: result.rows.flatMap((row) => (row.id ? [row.id] : [])),
    receivablesChanged: result.rows[0]?.receivables ?? false,
  };
}

/**
 * The schools whose rollups are behind: never built (and holding payments or invoices), or with
 * a payment, refund, invoice or student changed since their watermarks. Index probes per school.
 */
export async function schoolsBehind(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    select o.id from ${organizations} o
    left join statistics_refresh_state st on st.organization_id = o.id
    where (st.payments_through is null and (
        exists (select 1 from ${paymentAttempts} a where a.organization_id = o.id)
        or exists (select 1 from ${invoices} i where i.organization_id = o.id)))
      or exists (select 1 from ${paymentAttempts} a
        where a.organization_id = o.id and a.updated_at > st.payments_through)
      or exists (select 1 from ${paymentRefunds} r
        where r.organization_id = o.id and r.completed_at > st.payments_through)
      or exists (select 1 from ${invoices} i
        where i.organization_id = o.id and i.updated_at > st.invoices_through)
      or exists (select 1 from ${students} s
        where s.organization_id = o.id and s.updated_at > st.invoices_through)
    order by o.id`);
  return result.rows.map((row) => row.id);
}

/** The due days of invoices (a payment's, an enrolment's): the receivable rows they are in. */
export async function dueDaysOfInvoices(
  db: DbOrTx,
  organizationId: string,
  invoiceIds: readonly string[],
): Promise<string[]> {
  if (invoiceIds.length === 0) return [];
  const result = await db.execute<{ day: string }>(sql`
    select distinct i.due_on::text as day from ${invoices} i
    where i.organization_id = ${organizationId} and i.id = any(${sql.param([...invoiceIds])}::uuid[])`);
  return result.rows.map((row) => row.day);
}
