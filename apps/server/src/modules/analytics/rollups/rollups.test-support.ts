import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';

/** A school's records written straight into the tables, as the rollups' tests need them. */
export function schoolRecords(db: () => DbOrTx, organizationId: string) {
  let serial = 0;
  const next = () => (serial += 1);
  const exec = (query: ReturnType<typeof sql>) => db().execute(query);
  return {
    async programme(name: string) {
      const programmeId = randomUUID();
      const levelId = randomUUID();
      await exec(sql`insert into programmes (id, organization_id, name)
        values (${programmeId}, ${organizationId}, ${name})`);
      await exec(sql`insert into levels (id, organization_id, programme_id, name)
        values (${levelId}, ${organizationId}, ${programmeId}, ${`${name} 1`})`);
      return { programmeId, levelId };
    },
    async year() {
      const id = randomUUID();
      await exec(sql`insert into academic_years (id, organization_id, label, starts_on, ends_on)
        values (${id}, ${organizationId}, ${`2025-2026 #${next()}`}, '2025-09-01', '2026-07-31')`);
      return id;
    },
    async guardian() {
      const id = randomUUID();
      await exec(sql`insert into guardians (id, organization_id, full_name, phone, search_key)
        values (${id}, ${organizationId}, 'Afi Mensah', ${`+2289000${String(next()).padStart(4, '0')}`},
          'afi mensah')`);
      return id;
    },
    async student(input: { birthDate: string | null; programmeId?: string | null }) {
      const id = randomUUID();
      const matricule = `T-${String(next()).padStart(5, '0')}`;
      await exec(sql`insert into students (id, organization_id, matricule, full_name, search_key,
          birth_date, programme_id)
        values (${id}, ${organizationId}, ${matricule}, 'Élève Test', ${matricule.toLowerCase()},
          ${input.birthDate}::date, ${input.programmeId ?? null})`);
      return id;
    },
    async enrolment(studentId: string, levelId: string, yearId: string) {
      const id = randomUUID();
      await exec(sql`insert into enrolments (id, organization_id, student_id, level_id,
          academic_year_id)
        values (${id}, ${organizationId}, ${studentId}, ${levelId}, ${yearId})`);
      return id;
    },
    async invoice(input: {
      studentId: string;
      enrolmentId?: string | null;
      dueOn: string;
      total: number;
      paid?: number;
      status?: 'draft' | 'open' | 'partially_paid' | 'paid' | 'void';
    }) {
      const id = randomUUID();
      const paid = input.paid ?? 0;
      const status =
        input.status ?? (paid === 0 ? 'open' : paid >= input.total ? 'paid' : 'partially_paid');
      await exec(sql`insert into invoices (id, organization_id, number, student_id, enrolment_id,
          label, due_on, status, total, paid, issued_at)
        values (${id}, ${organizationId},
          ${status === 'draft' ? null : `ST-2026-${String(next()).padStart(5, '0')}`},
          ${input.studentId}, ${input.enrolmentId ?? null}, 'Scolarité', ${input.dueOn}, ${status},
          ${input.total}, ${paid}, ${status === 'draft' ? null : '2026-01-01T08:00:00Z'}::timestamptz)`);
      return id;
    },
    /**
     * A succeeded payment with its allocations (and claims of the invoices) and what it left as
     * credit; the invoices' paid amounts are the caller's.
     */
    async payment(input: {
      guardianId: string;
      succeededAt: string;
      amount: number;
      provider?: string;
      wallet?: string;
      allocations: { invoiceId: string; studentId: string; amount: number }[];
    }) {
      const id = randomUUID();
      const onInvoices = input.allocations.reduce((sum, item) => sum + item.amount, 0);
      await exec(sql`insert into payment_attempts (id, organization_id, guardian_id, provider,
          wallet, amount, status, credit_amount, created_by, expires_at, succeeded_at, created_at)
        values (${id}, ${organizationId}, ${input.guardianId}, ${input.provider ?? 'paygate'},
          ${input.wallet ?? 'YAS_TG'}, ${input.amount}, 'succeeded', ${input.amount - onInvoices},
          'Test', ${input.succeededAt}::timestamptz, ${input.succeededAt}::timestamptz,
          ${input.succeededAt}::timestamptz)`);
      for (const [index, allocation] of input.allocations.entries()) {
        await exec(sql`insert into invoice_allocations (organization_id, invoice_id, amount,
            source_type, source_id, created_at)
          values (${organizationId}, ${allocation.invoiceId}, ${allocation.amount}, 'payment', ${id},
            ${input.succeededAt}::timestamptz + ${index} * interval '1 millisecond')`);
        await exec(sql`insert into payment_attempt_invoices (organization_id, attempt_id,
            invoice_id, student_id, guardian_id, active)
          values (${organizationId}, ${id}, ${allocation.invoiceId}, ${allocation.studentId},
            ${input.guardianId}, false)`);
      }
      return id;
    },
  };
}

/**
 * `collection_facts` summed by month and dimensions directly, and the rollups kept by triggers,
 * sorted alike: `collection_months` (no level), `collection_months_by_programme` (no level nor
 * birth year) and `collection_months_by_age` (programme, birth year and channel only).
 */
export async function monthsAndDirectSums(db: DbOrTx) {
  const sums = async (table: string, dims: string) => {
    const key = `organization_id, month, ${dims}`;
    const direct = await db.execute(
      sql.raw(`select organization_id, date_trunc('month', day)::date::text as month, ${dims},
        count(*)::int as slices, sum(amount)::bigint::text as amount, sum(payments)::int as payments,
        coalesce(sum(amount) filter (where lag_days is not null), 0)::bigint::text as lagged_amount,
        coalesce(sum(amount * lag_days), 0)::bigint::text as lag_weighted
      from collection_facts group by ${key} order by ${key}`),
    );
    const rollup = await db.execute(
      sql.raw(`select organization_id, month::text as month, ${dims}, slices::int as slices,
        amount::text as amount, payments::int as payments, lagged_amount::text as lagged_amount,
        lag_weighted::text as lag_weighted
      from ${table} order by ${key}`),
    );
    return { direct: direct.rows, rollup: rollup.rows };
  };
  const fine = await sums(
    'collection_months',
    'programme_id, birth_year, source, provider, channel',
  );
  const coarse = await sums(
    'collection_months_by_programme',
    'programme_id, source, provider, channel',
  );
  const ages = await sums('collection_months_by_age', 'programme_id, birth_year, channel');
  return {
    direct: fine.direct,
    rollup: fine.rollup,
    directByProgramme: coarse.direct,
    byProgramme: coarse.rollup,
    directByAge: ages.direct,
    byAge: ages.rollup,
  };
}

/** `receivable_days` of a school, and the same aggregation done directly over its invoices. */
export async function receivablesAndDirectSums(db: DbOrTx, organizationId: string) {
  const direct = await db.execute(sql`
    select i.due_on::text as due_on,
      case when i.enrolment_id is null then s.programme_id else l.programme_id end as programme_id,
      e.level_id, extract(year from s.birth_date)::int as birth_year, count(*)::int as invoices,
      (count(*) filter (where i.status <> 'paid'))::int as open_invoices,
      sum(i.total)::text as total, sum(i.paid)::text as paid,
      sum(case when i.status = 'paid' then 0 else i.total - i.paid end)::text as open
    from invoices i join students s on s.organization_id = i.organization_id and s.id = i.student_id
    left join enrolments e on e.organization_id = i.organization_id and e.id = i.enrolment_id
    left join levels l on l.organization_id = i.organization_id and l.id = e.level_id
    where i.organization_id = ${organizationId} and i.status not in ('draft', 'void')
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  const rollup = await db.execute(sql`
    select due_on::text as due_on, programme_id, level_id, birth_year::int as birth_year, invoices,
      open_invoices, total::text as total, paid::text as paid, open::text as open
    from receivable_days where organization_id = ${organizationId}
    order by 1, 2, 3, 4`);
  return { direct: direct.rows, rollup: rollup.rows };
}

/** A school's slices, by payment and slice. */
export async function factsOf(db: DbOrTx, organizationId: string) {
  const result = await db.execute<{
    attempt_id: string;
    slice: string;
    day: string;
    programme_id: string | null;
    level_id: string | null;
    birth_year: number | null;
    source: string;
    provider: string;
    channel: string;
    amount: number;
    payments: number;
    lag_days: number | null;
  }>(sql`select attempt_id, slice, day::text as day, programme_id, level_id, birth_year, source,
      provider, channel, amount::int as amount, payments, lag_days
    from collection_facts where organization_id = ${organizationId} order by attempt_id, slice`);
  return result.rows;
}
