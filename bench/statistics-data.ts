// Bulk data for bench/statistics.ts, written with generate_series straight into the tables: a
// school's programmes and levels, students with birth dates and their enrolments over three
// academic years, a schedule of dues (invoices), succeeded payments paying them (allocations,
// family credit, refunds) over the previous calendar year and the current one to date.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/platform/db/database';

export interface StatisticsSchoolSize {
  students: number;
  payments: number;
}

export const PROGRAMMES = [
  'Sciences',
  'Lettres',
  'Gestion',
  'Informatique',
  'Droit',
  'Médecine',
  'Génie civil',
  'Commerce',
  'Langues',
  'Arts',
] as const;
const LEVELS = ['1re année', '2e année', '3e année'];

/**
 * The schedule of dues, the same for every student: the academic year (its index in
 * `academicYears`) each due belongs to, its day and whether it is the registration fee. Two due
 * days lie after `now`'s year (what the forecast expects), the others in the previous calendar
 * year and the current one.
 */
function schedule(year: number) {
  const previous = year - 1;
  return [
    { ay: 0, day: `${previous}-01-05`, registration: false },
    { ay: 0, day: `${previous}-04-05`, registration: false },
    { ay: 1, day: `${previous}-09-15`, registration: true },
    { ay: 1, day: `${previous}-10-05`, registration: false },
    { ay: 1, day: `${year}-01-05`, registration: false },
    { ay: 1, day: `${year}-04-05`, registration: false },
    { ay: 2, day: `${year}-09-15`, registration: true },
    { ay: 2, day: `${year}-10-05`, registration: false },
    { ay: 2, day: `${year + 1}-01-05`, registration: false },
    { ay: 2, day: `${year + 1}-04-05`, registration: false },
  ];
}

/** Due indexes that payments pay: those due by `now`'s year (three payments each). */
const PAID_DUES = 8;

/**
 * One school: `size.students` students (1 in 50 without a birth date; ages 5 to 25 in `now`'s
 * year) in ten programmes of three levels, enrolled in three academic years; ten dues each
 * (`schedule`); `size.payments` succeeded payments over the previous calendar year and the current
 * one to date, three per past due (28 to 42 % of it each, so some invoices stay open and some
 * payments leave family credit), the rest early on the next due; 70 % by mobile money (PayGate,
 * MTN, Orange, Wave), 8 % by card (FedaPay), 22 % at the desk (cash, cheque, bank transfer); 1 %
 * refunded in part, 0.5 % in full.
 */
export async function populateStatisticsSchool(
  db: Database,
  organizationId: string,
  size: StatisticsSchoolSize,
  now: Date,
) {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  /** Seconds since the previous step, under `label`. */
  const step = (label: string) => {
    timings[label] = Math.round((performance.now() - mark) / 100) / 10;
    mark = performance.now();
  };
  const year = now.getUTCFullYear();
  const nowIso = now.toISOString();
  const dues = schedule(year);
  // Version-4-shaped uuids derived from the school, a kind and a number.
  const id = (kind: string, n = 'g'): SQL =>
    sql.raw(`overlay(overlay(md5('${organizationId}:${kind}:' || ${n}) placing '4' from 13)
      placing '8' from 17)::uuid`);
  const students = sql`generate_series(1, ${size.students}) g`;
  // Student g: programme (g − 1) % 10, first level ((g − 1) / 10) % 3, moving up a level a year.
  const programmeOf = (g: string) => `((${g} - 1) % 10)`;
  const levelOf = (g: string, ay: string) => `(((${g} - 1) / 10 + ${ay}) % 3)`;

  const years = [year - 2, year - 1, year].map((start, index) => ({
    index,
    label: `${start}-${start + 1}`,
    startsOn: `${start}-09-01`,
    endsOn: `${start + 1}-07-31`,
  }));
  for (const ay of years) {
    await db.execute(sql`insert into academic_years (id, organization_id, label, starts_on, ends_on,
        is_current)
      values (${id('ay', String(ay.index))}, ${organizationId}, ${ay.label}, ${ay.startsOn},
        ${ay.endsOn}, ${ay.index === 2})`);
  }
  await db.execute(sql`insert into programmes (id, organization_id, name)
    select ${id('prog', 'p')}, ${organizationId}, (${sql.raw(`array[${PROGRAMMES.map((name) => `'${name}'`).join(',')}]`)})[p + 1]
    from generate_series(0, 9) p`);
  await db.execute(sql`insert into levels (id, organization_id, programme_id, name, monthly_fee)
    select ${id('lvl', 'p * 3 + l')}, ${organizationId}, ${id('prog', 'p')},
      (${sql.raw(`array[${LEVELS.map((name) => `'${name}'`).join(',')}]`)})[l + 1],
      60000 + 15000 * p + 10000 * l
    from generate_series(0, 9) p, generate_series(0, 2) l`);

  // Created two years ago: nothing here is « changed since » the rollups' first build.
  await db.execute(sql`insert into students (id, organization_id, matricule, full_name, search_key,
      programme_id, birth_date, created_at, updated_at)
    select ${id('s')}, ${organizationId}, 'STU-' || lpad(g::text, 5, '0'), 'Élève ' || g,
      'eleve ' || g || ' stu-' || lpad(g::text, 5, '0'), ${id('prog', programmeOf('g'))},
      case when abs(hashint4(g * 13) % 50) <> 0 then make_date(${year} - 25 + abs(hashint4(g) % 21),
        1 + abs(hashint4(g * 7) % 12), 1 + abs(hashint4(g * 11) % 28)) end,
      make_date(${year - 2}, 9, 1), make_date(${year - 2}, 9, 1)
    from ${students}`);
  await db.execute(sql`insert into student_numbering (organization_id, last_number)
    values (${organizationId}, ${size.students})`);
  await db.execute(sql`insert into guardians (id, organization_id, full_name, phone, search_key)
    select ${id('g')}, ${organizationId}, 'Parent ' || g, '+228' || (70000000 + g),
      'parent ' || g || ' 228' || (70000000 + g)
    from ${students}`);
  await db.execute(sql`insert into enrolments (id, organization_id, student_id, level_id,
      academic_year_id, status, enrolled_at)
    select ${id('e', `g * 3 + ay`)}, ${organizationId}, ${id('s')},
      ${id('lvl', `${programmeOf('g')} * 3 + ${levelOf('g', 'ay')}`)},
      ${id('ay', 'ay')}, 'active', make_date(${year} - 2 + ay, 9, 1)::timestamptz
    from ${students}, generate_series(0, 2) ay`);
  step('students');

  // Invoice k of student g: the k-th due, on the enrolment of the due's academic year; the
  // registration fee 25 000, a tranche the level's fee. Issued 30 days before the due day, the
  // next ones yesterday (nothing dated after now: the rollups' refresh reads what changed since).
  const dueRows = sql.raw(
    `(values ${dues.map((d, k) => `(${k}, ${d.ay}, '${d.day}'::date, ${d.registration})`).join(', ')}) d(k, ay, day, registration)`,
  );
  await db.execute(sql`insert into invoices (id, organization_id, number, student_id, enrolment_id,
      academic_year_id, schedule_key, label, due_on, status, total, paid, issued_at, created_at,
      updated_at)
    select ${id('i', 'g * 10 + d.k')}, ${organizationId}, 'F-' || lpad((g * 10 + d.k)::text, 7, '0'),
      ${id('s')}, ${id('e', 'g * 3 + d.ay')}, ${id('ay', 'd.ay')}, 'echeance-' || d.k,
      case when d.registration then 'Frais d’inscription' else 'Scolarité, tranche ' || d.k end,
      d.day, 'open',
      case when d.registration then 25000
        else 60000 + 15000 * ${sql.raw(programmeOf('g'))} + 10000 * ${sql.raw(levelOf('g', 'd.ay'))} end,
      0, x.issued, x.issued, x.issued
    from ${students}, ${dueRows},
      lateral (select least((d.day - 30)::timestamptz, ${nowIso}::timestamptz - interval '1 day')
        issued) x`);
  step('invoices');
  await db.execute(sql`analyze students, guardians, enrolments, invoices`);

  // Payment a (0…payments − 1): student g = 1 + a % students, j = a / students; j < 24: the
  // (j / 8)-th of three payments of due j % 8, paid 15 days before to 75 days after it (the later
  // ones later), never after now; j ≥ 24: early, on the next due, in the last 40 days.
  const at = sql`case when y.j < ${PAID_DUES * 3}
      then least(y.due + (-15 + 30 * (y.j / ${PAID_DUES}) + abs(hashint4(a) % 30)) * interval '1 day'
          + interval '7 hours' + abs(hashint4(a * 5) % 39600) * interval '1 second',
        ${nowIso}::timestamptz - interval '1 minute' - abs(hashint4(a * 3) % 1728000) * interval '1 second')
      else ${nowIso}::timestamptz - interval '1 minute' - abs(hashint4(a * 3) % 3456000) * interval '1 second'
    end`;
  const firstDay = sql`make_date(${year - 1}, 1, 1)::timestamptz`;
  const choice = sql`case when abs(hashint4(-a) % 100) < 70 then 1 + abs(hashint4(-a) % 6)
    when abs(hashint4(-a) % 100) < 78 then 7
    when abs(hashint4(-a) % 100) < 92 then 8
    when abs(hashint4(-a) % 100) < 96 then 9 else 10 end`;
  const bucket = sql`abs(hashint4(a * 17) % 200)`;
  await db.execute(sql`insert into payment_attempts (id, organization_id, guardian_id, provider,
      wallet, payer_phone, amount, status, invoice_ids, provider_ref, refunded_amount, created_by,
      expires_at, succeeded_at, created_at, updated_at)
    select ${id('p', 'a')}, ${organizationId}, ${id('g', 'y.g')}, p.provider, p.wallet,
      '+228' || (70000000 + y.g), y.amount,
      case when ${bucket} = 0 then 'refunded' when ${bucket} < 3 then 'partially_refunded'
        else 'succeeded' end,
      array[y.invoice_id], 'REF-' || a,
      case when ${bucket} = 0 then y.amount when ${bucket} < 3 then 5000 else 0 end,
      'Banc d’essai', t.at + interval '15 minutes', t.at + interval '30 seconds', t.at,
      t.at + interval '30 seconds'
    from (select a, s.g, s.j, i.id invoice_id, i.due_on due,
          greatest(500, round(i.total * (28 + abs(hashint4(a * 7) % 15)) / 100.0 / 500) * 500)::bigint amount
        from generate_series(0, ${size.payments - 1}) a,
          lateral (select 1 + a % ${size.students} g, a / ${size.students} j) s
        join invoices i on i.organization_id = ${organizationId}
          and i.id = ${id('i', `s.g * 10 + case when s.j < ${PAID_DUES * 3} then s.j % ${PAID_DUES} else ${PAID_DUES} end`)}) y,
      lateral (select greatest(${at}, ${firstDay} + abs(hashint4(a) % 86400) * interval '1 second') at) t,
      lateral (select (array['paygate', 'paygate', 'mtn', 'orange', 'wave', 'fedapay', 'fedapay',
          'desk', 'desk', 'desk'])[c] provider,
        (array['YAS_TG', 'MOOV_TG', 'MTN', 'ORANGE', 'WAVE', 'MOOV_TG', 'CARD', 'CASH', 'CHEQUE',
          'BANK_TRANSFER'])[c] wallet
        from (select ${choice} c) choice) p`);
  step('payments');
  await db.execute(sql`insert into payment_attempt_invoices (organization_id, attempt_id, invoice_id,
      student_id, guardian_id, active)
    select pa.organization_id, pa.id, i.id, i.student_id, pa.guardian_id, false
    from payment_attempts pa
    join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_ids[1]
    where pa.organization_id = ${organizationId}`);
  step('paymentInvoices');
  await db.execute(sql`analyze payment_attempts, payment_attempt_invoices`);

  // Each payment pays what its invoice still owed before it; the rest is the family's credit.
  await db.execute(sql`insert into invoice_allocations (organization_id, invoice_id, amount,
      source_type, source_id, created_at)
    select organization_id, invoice_id, least(amount, total - before), 'payment', id, succeeded_at
    from (select pa.organization_id, pa.invoice_ids[1] invoice_id, pa.amount, pa.id,
        pa.succeeded_at, i.total,
        coalesce(sum(pa.amount) over (partition by pa.invoice_ids[1] order by pa.succeeded_at, pa.id
          rows between unbounded preceding and 1 preceding), 0) before
      from payment_attempts pa
      join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_ids[1]
      where pa.organization_id = ${organizationId}) successive
    where before < total`);
  step('allocations');
  await db.execute(sql`update payment_attempts set credit_amount = pa.amount - coalesce(moved.amount, 0)
    from payment_attempts pa
    left join (select source_id, sum(amount) amount from invoice_allocations
      where organization_id = ${organizationId} group by source_id) moved on moved.source_id = pa.id
    where payment_attempts.id = pa.id and pa.organization_id = ${organizationId}
      and pa.amount > coalesce(moved.amount, 0)`);
  step('credit');
  await db.execute(sql`insert into family_credit_movements (organization_id, guardian_id, amount,
      source_type, source_id, created_at)
    select organization_id, guardian_id, credit_amount, 'payment', id, succeeded_at
    from payment_attempts where organization_id = ${organizationId} and credit_amount > 0`);
  await db.execute(sql`update invoices set paid = moved.paid,
      status = case when moved.paid >= total then 'paid' else 'partially_paid' end,
      updated_at = moved.last
    from (select invoice_id, sum(amount) paid, max(created_at) last from invoice_allocations
      where organization_id = ${organizationId} group by invoice_id) moved
    where invoices.organization_id = ${organizationId} and invoices.id = moved.invoice_id`);
  step('invoicesPaid');
  await db.execute(sql`insert into payment_refunds (id, organization_id, attempt_id, amount, reason,
      method, status, requested_by, created_at, completed_at)
    select gen_random_uuid(), organization_id, id, refunded_amount, 'Trop-perçu', 'manual',
      'succeeded', 'Banc d’essai', r.at, r.at
    from payment_attempts,
      lateral (select least(succeeded_at + interval '2 days', ${nowIso}::timestamptz) at) r
    where organization_id = ${organizationId} and refunded_amount > 0`);
  await db.execute(sql`analyze invoices, invoice_allocations, payment_attempts, payment_refunds,
    family_credit_movements`);
  step('refundsAndAnalyze');
  return timings;
}
