// Bulk data for bench/dashboard.ts: one big school (students, guardians, twelve monthly invoices
// each, half a million payment attempts over the last year with their invoice claims, allocations,
// receipts and refunds) and a few small schools beside it, written with generate_series.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../apps/server/src/platform/db/database';

const FIRST_NAMES = (
  'Kossi Afi Koffi Ama Yawa Édem Sénamé Kodjo Akossiwa Komi Adjoa Mawuli Élise Kafui Dzifa Yao ' +
  'Abla Sélom Kokou Enyonam'
).split(' ');
const LAST_NAMES = (
  'Agbéko Mensah Lawson Amégnran Adjovi Kpodar Dossou Akakpo Ahiadzro Gbédémah Tété Afanou ' +
  'Kouévi Amouzou Attiogbé Sodji Dogbé Adzogblé Koudjo Ekué Apédo Tchalla Bawa Abalo Gnassingbé'
).split(' ');
const ACCENTED = 'éèêëïîôöüûàâçÉ';
const PLAIN = 'eeeeiioouuaace';
export const INVOICES_PER_STUDENT = 12;
const INVOICE_TOTAL = 100_000;

export interface SchoolSize {
  students: number;
  attempts: number;
}

/**
 * One school over its last year: `students` students, each with a guardian and twelve monthly
 * invoices of 100 000 (the first due 330 days ago), and `attempts` payment attempts spread evenly
 * over the last 365 days, each for the invoice of its month (about two per invoice): 72 % succeed
 * (1 in 7 for 40 000, a part), the rest fail, expire, are cancelled or refunded, and those of the
 * last hour may still be going; 1 in 20 is taken at the cash desk. Every attempt claims its
 * invoice; successes are allocated up to the invoice's total (whose paid amount and status
 * follow), receipted, and refunds recorded.
 */
export async function populateSchool(
  db: Database,
  organizationId: string,
  size: SchoolSize,
  now: Date,
) {
  // Version-4-shaped uuids derived from the school, a kind and the series number.
  const id = (kind: string, n = 'g'): SQL =>
    sql.raw(`overlay(overlay(md5('${organizationId}:${kind}:' || ${n}) placing '4' from 13)
      placing '8' from 17)::uuid`);
  const names = (list: string[]) => sql.raw(`array[${list.map((name) => `'${name}'`).join(',')}]`);
  const name = sql`(${names(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}] || ' '
    || (${names(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`;
  const folded = sql`translate(lower(${name}), ${ACCENTED}, ${PLAIN})`;
  const students = sql`generate_series(1, ${size.students}) g`;
  const nowIso = now.toISOString();
  const yearStart = sql`(${nowIso}::timestamptz - interval '330 days')`;
  const issuedAt = sql`${yearStart} - interval '10 days'`;

  await db.execute(sql`insert into students (id, organization_id, matricule, full_name, search_key,
      phone)
    select ${id('s')}, ${organizationId}, 'STU-' || lpad(g::text, 5, '0'), ${name},
      ${folded} || ' stu-' || lpad(g::text, 5, '0') || ' 228' || (90000000 + g) || ' '
        || (90000000 + g), '+228' || (90000000 + g)
    from ${students}`);
  await db.execute(sql`insert into student_numbering (organization_id, last_number)
    values (${organizationId}, ${size.students})`);
  await db.execute(sql`insert into guardians (id, organization_id, full_name, phone, search_key)
    select ${id('g')}, ${organizationId}, 'Parent ' || ${name}, '+228' || (70000000 + g),
      'parent ' || ${folded} || ' 228' || (70000000 + g)
    from ${students}`);
  await db.execute(sql`analyze students, guardians`);
  // Invoice k (0…11) of student g is number (g − 1) × 12 + k + 1, due k × 30 days after the start.
  const invoiceNumber = `((g - 1) * ${INVOICES_PER_STUDENT} + k + 1)`;
  await db.execute(sql`insert into invoices (id, organization_id, number, student_id, label, due_on,
      status, total, paid, issued_at, created_at, updated_at)
    select ${id('i', invoiceNumber)}, ${organizationId},
      'ST-2025-' || lpad(${sql.raw(invoiceNumber)}::text, 6, '0'), ${id('s')},
      'Scolarité, mois ' || (k + 1), (${yearStart} + k * interval '30 days')::date, 'open',
      ${INVOICE_TOTAL}, 0, ${issuedAt}, ${issuedAt}, ${issuedAt}
    from ${students}, generate_series(0, ${INVOICES_PER_STUDENT - 1}) k`);
  await db.execute(sql`insert into invoice_lines (organization_id, invoice_id, kind, label, amount,
      created_by, created_at)
    select organization_id, id, 'tuition', label, total, 'Banc d’essai', created_at
    from invoices where organization_id = ${organizationId}`);
  await db.execute(sql`analyze invoices, invoice_lines`);

  // Attempt a (1…attempts): student 1 + a % students, the invoice of the month it was made in.
  const at = sql`(${nowIso}::timestamptz - interval '1 minute'
    - (${size.attempts} - a) * (interval '365 days' / ${size.attempts}))`;
  const month = sql`least(${INVOICES_PER_STUDENT - 1}, greatest(0,
    floor(extract(epoch from ${at} - ${yearStart}) / (30 * 86400))))::int`;
  // Hashed, so that a student's attempts do not all share a status or a provider.
  const bucket = sql`abs(hashint4(a) % 100)`;
  const recent = sql`${at} > ${nowIso}::timestamptz - interval '1 hour'`;
  const status = sql`case when ${bucket} < 72 then 'succeeded' when ${bucket} < 82 then 'failed'
    when ${bucket} < 90 then 'expired' when ${bucket} < 93 then 'cancelled'
    when ${bucket} < 95 then 'refunded' when ${bucket} < 96 then 'partially_refunded'
    when ${bucket} < 97 then 'refund_pending' when not ${recent} then 'expired'
    when ${bucket} < 98 then 'pending' when ${bucket} < 99 then 'initiated' else 'unknown' end`;
  await db.execute(sql`insert into payment_attempts (id, organization_id, guardian_id, provider,
      wallet, payer_phone, amount, status, provider_ref, refunded_amount, created_by, expires_at,
      succeeded_at, created_at, updated_at)
    select ${id('p', 'a')}, ${organizationId}, ${id('g', 's')}, p.provider, p.wallet,
      '+228' || (70000000 + s), x.amount, x.status, 'REF-' || a,
      case x.status when 'refunded' then x.amount when 'partially_refunded' then 10000 else 0 end,
      'Banc d’essai', x.at + interval '15 minutes',
      case when x.status in ('succeeded', 'refunded', 'partially_refunded', 'refund_pending')
        then x.at + interval '30 seconds' end,
      x.at, x.at + interval '30 seconds'
    from generate_series(1, ${size.attempts}) a,
      lateral (select 1 + a % ${size.students} s, ${at} at, ${status} status,
        case when a % 7 = 0 then 40000 else ${INVOICE_TOTAL} end amount) x,
      lateral (select (array['paygate', 'fedapay', 'mtn', 'orange', 'wave', 'desk'])[c] provider,
        (array['YAS_TG', 'MOOV_TG', 'MTN', 'ORANGE', 'WAVE', 'CASH'])[c] wallet
        from (select case when abs(hashint4(-a) % 20) = 0 then 6 else 1 + abs(hashint4(-a) % 5) end c)
          choice) p`);
  await db.execute(sql`insert into payment_attempt_invoices (organization_id, attempt_id, invoice_id,
      student_id, guardian_id, active)
    select ${organizationId}, ${id('p', 'a')},
      ${id('i', `((s - 1) * ${INVOICES_PER_STUDENT} + m + 1)`)}, ${id('s', 's')}, ${id('g', 's')},
      false
    from generate_series(1, ${size.attempts}) a,
      lateral (select 1 + a % ${size.students} s, ${month} m) x`);
  await db.execute(sql`analyze payment_attempts, payment_attempt_invoices`);
  // Each success pays what its invoice still owed before it (the rest would be family credit).
  await db.execute(sql`insert into invoice_allocations (organization_id, invoice_id, amount,
      source_type, source_id, created_at)
    select organization_id, invoice_id, least(amount, ${INVOICE_TOTAL} - before), 'payment', id,
      succeeded_at
    from (select pa.organization_id, pai.invoice_id, pa.amount, pa.id, pa.succeeded_at,
        coalesce(sum(pa.amount) over (partition by pai.invoice_id order by pa.succeeded_at, pa.id
          rows between unbounded preceding and 1 preceding), 0) before
      from payment_attempts pa
      join payment_attempt_invoices pai on pai.attempt_id = pa.id
      where pa.organization_id = ${organizationId} and pa.succeeded_at is not null) successes
    where before < ${INVOICE_TOTAL}`);
  await db.execute(sql`update invoices set paid = moved.paid,
      status = case when moved.paid >= total then 'paid' else 'partially_paid' end,
      updated_at = moved.last
    from (select invoice_id, sum(amount) paid, max(created_at) last from invoice_allocations
      where organization_id = ${organizationId} group by invoice_id) moved
    where invoices.organization_id = ${organizationId} and invoices.id = moved.invoice_id`);
  const succeeded = sql`pa.organization_id = ${organizationId} and pa.succeeded_at is not null`;
  await db.execute(sql`insert into receipts (id, organization_id, payment_id, year, sequence, number,
      verification_code, amount, refunded_amount, content, issued_at)
    select gen_random_uuid(), pa.organization_id, pa.id, 2025, n,
      'REC-2025-' || lpad(n::text, 6, '0'), md5(pa.id::text || 'verifier'), pa.amount,
      pa.refunded_amount, jsonb_build_object('verificationUrl',
        'https://ecolage.example/verifier/' || md5(pa.id::text || 'verifier')),
      pa.succeeded_at + interval '1 second'
    from (select *, row_number() over (order by succeeded_at, id) n from payment_attempts pa
      where ${succeeded}) pa`);
  await db.execute(sql`insert into payment_refunds (id, organization_id, attempt_id, amount, reason,
      method, status, requested_by, created_at, completed_at)
    select gen_random_uuid(), pa.organization_id, pa.id, pa.refunded_amount, 'Trop-perçu', 'manual',
      'succeeded', 'Banc d’essai', least(pa.succeeded_at + interval '1 day', ${nowIso}::timestamptz),
      least(pa.succeeded_at + interval '1 day', ${nowIso}::timestamptz)
    from payment_attempts pa where ${succeeded} and pa.refunded_amount > 0`);
}
