import type { PaymentStatusValue } from '@ecolage/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { paymentAttempts } from '../payments.tables';

export interface PaymentSearchRow {
  id: string;
  guardianId: string;
  amount: number;
  status: PaymentStatusValue;
  provider: string;
  /** The provider's transaction id, else the reference we gave it. */
  providerRef: string | null;
  createdAt: Date;
}

/**
 * What the term may be: the start of the payment's id (8 hex digits at least, dashes or not), the
 * start of a provider's reference (case-free).
 */
export interface PaymentSearchTerm {
  idPrefix: string | null;
  refPrefix: string;
}

/** The ids starting with `hex` (the id's 32 hex digits): a range of the uuid's byte order. */
function idRange(hex: string): [string, string] {
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return [asUuid(hex.padEnd(32, '0')), asUuid(hex.padEnd(32, 'f'))];
}

interface RawPaymentRow extends Record<string, unknown> {
  id: string;
  guardian_id: string;
  amount: string | number;
  status: PaymentStatusValue;
  provider: string;
  provider_ref: string | null;
  provider_txn_id: string | null;
  created_at: Date | string;
}

/**
 * Up to `limit` payments of the school whose id or provider reference (ours or the provider's
 * transaction id) starts with the term, the exact ones first, in one statement: each branch walks
 * an index led by the school (`payment_attempts_organization_id_key`,
 * `…_provider_ref_prefix_idx`, `…_provider_txn_prefix_idx`) and stops at `limit`.
 */
export async function searchPaymentsByReference(
  db: DbOrTx,
  organizationId: string,
  term: PaymentSearchTerm,
  limit: number,
): Promise<PaymentSearchRow[]> {
  const columns = sql`id, guardian_id, amount, status, provider, provider_ref, provider_txn_id, created_at`;
  const ref = term.refPrefix.toLowerCase();
  const pattern = `${ref.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const branches: SQL[] = [];
  if (term.idPrefix) {
    const [low, high] = idRange(term.idPrefix.toLowerCase());
    branches.push(sql`(select ${columns} from ${paymentAttempts}
      where organization_id = ${organizationId} and id between ${low}::uuid and ${high}::uuid
      order by id limit ${limit})`);
  }
  for (const column of [sql`provider_ref`, sql`provider_txn_id`]) {
    branches.push(sql`(select ${columns} from ${paymentAttempts}
      where organization_id = ${organizationId} and ${column} is not null
        and lower(${column}) collate "C" like ${pattern}
      order by lower(${column}) collate "C" limit ${limit})`);
  }
  const { rows } = await db.execute<RawPaymentRow>(sql.join(branches, sql` union all `));
  const exact = (row: RawPaymentRow) =>
    row.id === ref ||
    row.provider_ref?.toLowerCase() === ref ||
    row.provider_txn_id?.toLowerCase() === ref;
  const seen = new Set<string>();
  const found: PaymentSearchRow[] = [];
  for (const row of [...rows.filter(exact), ...rows.filter((row) => !exact(row))]) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    found.push({
      id: row.id,
      guardianId: row.guardian_id,
      amount: Number(row.amount),
      status: row.status,
      provider: row.provider,
      providerRef: row.provider_txn_id ?? row.provider_ref,
      createdAt: new Date(row.created_at),
    });
  }
  return found.slice(0, limit);
}
