import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import { appendPlanTerms } from '../../organizations';

/** A guardian of the school, written directly (payments need one). */
export async function insertGuardian(db: Database, organizationId: string): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    insert into guardians (id, organization_id, full_name, phone, search_key)
    values (${id}, ${organizationId}, 'Akossiwa Agbéko', ${`+2289${Math.floor(Math.random() * 1e7)}`}, 'akossiwa agbeko')`);
  return id;
}

/** A succeeded payment through a provider (or the desk), as the payments worker records it. */
export async function insertSucceededPayment(
  db: Database,
  input: {
    organizationId: string;
    guardianId: string;
    amount: number;
    provider?: string;
    wallet?: string;
    at: Date;
  },
): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    insert into payment_attempts
      (id, organization_id, guardian_id, provider, wallet, amount, status, created_by, expires_at,
       succeeded_at, provider_ref)
    values (${id}, ${input.organizationId}, ${input.guardianId}, ${input.provider ?? 'paygate'},
      ${input.wallet ?? 'MOOV_TG'}, ${input.amount}, 'succeeded', 'test', ${input.at}, ${input.at},
      ${`REF-${id.slice(0, 8)}`})`);
  return id;
}

/** A succeeded refund of a payment. */
export async function insertSucceededRefund(
  db: Database,
  input: { organizationId: string; paymentId: string; amount: number; at: Date },
): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    insert into payment_refunds
      (id, organization_id, attempt_id, amount, reason, method, status, requested_by, completed_at)
    values (${id}, ${input.organizationId}, ${input.paymentId}, ${input.amount}, 'Trop perçu',
      'manual', 'succeeded', 'test', ${input.at})`);
  return id;
}

export async function setPlan(
  db: Database,
  organizationId: string,
  plan: 'decouverte' | 'croissance' | 'personnalise',
  effectiveFrom: Date,
) {
  await appendPlanTerms(db, { organizationId, plan, effectiveFrom, createdBy: null });
}

/** The school's bank details (a valid RIB from the IBAN registry's Togo sample). */
export async function giveBankDetails(db: Database, organizationId: string) {
  await db.execute(sql`
    update organizations set bank_name = 'Orabank Togo', account_holder = 'Collège Sainte-Rita',
      rib = 'TG0090604310346500400070', bic = 'ORBKTGTG' where id = ${organizationId}`);
}

/** Sum of debits and credits of the school's postings whose key starts with `prefix`. */
export async function postingTotals(db: Database, organizationId: string, prefix: string) {
  const { rows } = await db.execute<{ account: string; debit: string; credit: string }>(sql`
    select e.account, sum(e.debit)::text as debit, sum(e.credit)::text as credit
      from ledger_entries e join ledger_transactions t
        on t.organization_id = e.organization_id and t.id = e.transaction_id
     where t.organization_id = ${organizationId} and t.idempotency_key like ${`${prefix}%`}
     group by e.account order by e.account`);
  return Object.fromEntries(
    rows.map((row) => [row.account, Number(row.debit) - Number(row.credit)]),
  ) as Record<string, number>;
}
