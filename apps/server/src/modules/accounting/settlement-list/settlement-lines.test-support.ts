import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { foldForSearch } from '../../../platform/search-text';
import { payouts } from '../payouts/payouts.tables';
import { paymentSettlements } from '../settlements/settlements.tables';

export interface LineFixture {
  id: string;
  organizationId: string;
  kind: 'payment' | 'refund';
  paymentId: string;
  provider: string;
  wallet: string;
  occurredAt: Date;
  day: string;
  studentLabel: string;
  studentSortKey: string;
  gross: number;
  commission: number;
  providerFee: number;
  /** No provider's fee was in force (the fee is 0 and unknown); false when omitted. */
  feeRateMissing?: boolean;
  net: number;
  status: 'pending' | 'in_payout' | 'paid' | 'at_desk';
  payoutId: string | null;
}

/** A settlement line as accounting's handler writes it (tests and benches write them directly). */
export async function insertLine(
  db: DbOrTx,
  line: Omit<LineFixture, 'id' | 'paymentId' | 'net' | 'studentSortKey' | 'day'> & {
    day?: string;
  },
): Promise<LineFixture> {
  const full: LineFixture = {
    ...line,
    id: randomUUID(),
    paymentId: randomUUID(),
    day: line.day ?? line.occurredAt.toISOString().slice(0, 10),
    studentSortKey: foldForSearch(line.studentLabel),
    net: line.gross - line.commission - line.providerFee,
  };
  await db.insert(paymentSettlements).values({
    ...full,
    refundId: full.kind === 'refund' ? randomUUID() : null,
    studentId: null,
    commissionRateBp: 0,
    feePercentBp: 0,
    feeFixedXof: 0,
  });
  return full;
}

/** A payout of the school (the lines name it by id), reference `VIR-2026-<n>`. */
export async function insertPayout(db: DbOrTx, organizationId: string, sequence: number) {
  const id = randomUUID();
  await db.insert(payouts).values({
    id,
    organizationId,
    reference: `VIR-2026-${String(sequence).padStart(6, '0')}`,
    status: 'sending',
    transferId: `TRF${sequence}`,
    periodStart: '2026-06-01',
    periodEnd: '2026-06-30',
    gross: 0,
    commission: 0,
    providerFee: 0,
    net: 0,
    paymentCount: 0,
    accountMasked: '•••• 1234',
    origin: 'manual',
    scheduledFor: '2026-06-30',
  });
  return { id, reference: `VIR-2026-${String(sequence).padStart(6, '0')}` };
}

/** The rollup's rows and the lines summed directly by the same key: equal when the triggers work. */
export async function rollupAndDirectSums(db: DbOrTx) {
  const key = sql.raw(`organization_id, day, provider, wallet, status, payout_id`);
  const rollup = await db.execute(sql`select ${key}, line_count::bigint as count, gross, commission,
    provider_fee, net from settlement_day_totals order by ${key}`);
  const direct =
    await db.execute(sql`select ${key}, count(*)::bigint as count, sum(gross)::bigint as gross,
    sum(commission)::bigint as commission, sum(provider_fee)::bigint as provider_fee,
    sum(net)::bigint as net from payment_settlements group by ${key} order by ${key}`);
  return { rollup: rollup.rows, direct: direct.rows };
}
