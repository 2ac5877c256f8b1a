import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import { paymentSettlements } from '../settlements/settlements.tables';
import {
  payoutCounters,
  payouts,
  payoutSettings,
  type NewPayout,
  type PayoutRow,
  type PayoutSettingsRow,
  type PayoutStatus,
} from './payouts.tables';

/** One payout creation per school at a time (held until commit). */
export async function lockSchoolPayouts(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payouts:${organizationId}`}))`);
}

/** The next payout number of the school's year, its counter row locked until commit (gap-free). */
export async function nextPayoutSequence(
  tx: Transaction,
  organizationId: string,
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(payoutCounters)
    .values({ organizationId, year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [payoutCounters.organizationId, payoutCounters.year],
      set: { lastSequence: sql`${payoutCounters.lastSequence} + 1` },
    })
    .returning({ lastSequence: payoutCounters.lastSequence });
  return row!.lastSequence;
}

const waiting = (organizationId: string, cutoff: string) =>
  and(
    eq(paymentSettlements.organizationId, organizationId),
    eq(paymentSettlements.status, 'pending'),
    isNull(paymentSettlements.payoutId),
    lte(paymentSettlements.day, cutoff),
  );

/** Totals of the lines waiting for a payout up to `cutoff` (a school day). */
export async function pendingTotals(db: DbOrTx, organizationId: string, cutoff: string) {
  const [row] = await db
    .select({
      lines: count(),
      payments: sql<string>`count(*) filter (where ${paymentSettlements.kind} = 'payment')`,
      gross: sql<string>`coalesce(sum(${paymentSettlements.gross}), 0)`,
      commission: sql<string>`coalesce(sum(${paymentSettlements.commission}), 0)`,
      providerFee: sql<string>`coalesce(sum(${paymentSettlements.providerFee}), 0)`,
      net: sql<string>`coalesce(sum(${paymentSettlements.net}), 0)`,
      first: sql<string | null>`min(${paymentSettlements.day})::text`,
      last: sql<string | null>`max(${paymentSettlements.day})::text`,
    })
    .from(paymentSettlements)
    .where(waiting(organizationId, cutoff));
  return {
    lines: Number(row?.lines ?? 0),
    payments: Number(row?.payments ?? 0),
    gross: Number(row?.gross ?? 0),
    commission: Number(row?.commission ?? 0),
    providerFee: Number(row?.providerFee ?? 0),
    net: Number(row?.net ?? 0),
    first: row?.first ?? null,
    last: row?.last ?? null,
  };
}

/** Locks the waiting lines up to `cutoff` (a line another payout takes meanwhile is skipped). */
export async function lockPendingLines(tx: Transaction, organizationId: string, cutoff: string) {
  return tx
    .select({ id: paymentSettlements.id })
    .from(paymentSettlements)
    .where(waiting(organizationId, cutoff))
    .for('update');
}

export async function attachLines(
  tx: Transaction,
  organizationId: string,
  lineIds: string[],
  payoutId: string,
) {
  for (let start = 0; start < lineIds.length; start += 5_000) {
    await tx
      .update(paymentSettlements)
      .set({ payoutId, updatedAt: new Date() })
      .where(
        and(
          eq(paymentSettlements.organizationId, organizationId),
          inArray(paymentSettlements.id, lineIds.slice(start, start + 5_000)),
        ),
      );
  }
}

/** Moves the payout's lines to `status` (and, for `pending`, out of the payout). */
export async function setPayoutLinesStatus(
  tx: Transaction,
  organizationId: string,
  payoutId: string,
  status: 'pending' | 'in_payout' | 'paid',
) {
  await tx
    .update(paymentSettlements)
    .set({
      status,
      ...(status === 'pending' ? { payoutId: null } : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(paymentSettlements.organizationId, organizationId),
        eq(paymentSettlements.payoutId, payoutId),
      ),
    );
}

/** The payout's net per wallet (the sent posting credits each wallet's account). */
export async function payoutNetByWallet(tx: Transaction, organizationId: string, payoutId: string) {
  const rows = await tx
    .select({
      wallet: paymentSettlements.wallet,
      net: sql<string>`sum(${paymentSettlements.net})`,
    })
    .from(paymentSettlements)
    .where(
      and(
        eq(paymentSettlements.organizationId, organizationId),
        eq(paymentSettlements.payoutId, payoutId),
      ),
    )
    .groupBy(paymentSettlements.wallet)
    .orderBy(asc(paymentSettlements.wallet));
  return rows.map((row) => ({ wallet: row.wallet, net: Number(row.net) }));
}

export async function insertPayout(tx: Transaction, payout: NewPayout): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(payout).returning();
  return row!;
}

export async function findPayout(
  db: DbOrTx,
  organizationId: string,
  payoutId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.organizationId, organizationId), eq(payouts.id, payoutId)));
  return row;
}

export async function lockPayout(
  tx: Transaction,
  organizationId: string,
  payoutId: string,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.organizationId, organizationId), eq(payouts.id, payoutId)))
    .for('update');
  return row;
}

export async function updatePayout(
  tx: Transaction,
  organizationId: string,
  payoutId: string,
  patch: Partial<NewPayout>,
): Promise<PayoutRow> {
  const [row] = await tx
    .update(payouts)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(payouts.organizationId, organizationId), eq(payouts.id, payoutId)))
    .returning();
  return row!;
}

export async function listPayouts(
  db: DbOrTx,
  organizationId: string,
  query: { page: number; pageSize: number; status?: PayoutStatus },
) {
  const where = and(
    eq(payouts.organizationId, organizationId),
    query.status ? eq(payouts.status, query.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(payouts)
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(payouts).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** A payout's lines, by day then time (all of them when `page` is absent: the statement). */
export async function findPayoutLines(
  db: DbOrTx,
  organizationId: string,
  payoutId: string,
  page?: { page: number; pageSize: number },
) {
  const where = and(
    eq(paymentSettlements.organizationId, organizationId),
    eq(paymentSettlements.payoutId, payoutId),
  );
  const select = db
    .select()
    .from(paymentSettlements)
    .where(where)
    .orderBy(
      asc(paymentSettlements.day),
      asc(paymentSettlements.occurredAt),
      asc(paymentSettlements.id),
    );
  const items = page
    ? await select.limit(page.pageSize).offset((page.page - 1) * page.pageSize)
    : await select;
  const [total] = await db.select({ total: count() }).from(paymentSettlements).where(where);
  return { items, total: total?.total ?? 0 };
}

/** Schools with lines waiting for a payout (the schedule's candidates). */
export async function schoolsWithPendingLines(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: paymentSettlements.organizationId })
    .from(paymentSettlements)
    .where(and(eq(paymentSettlements.status, 'pending'), isNull(paymentSettlements.payoutId)));
  return rows.map((row) => row.organizationId);
}

/** Payouts sent on a rail that answers for its transfers (the job asks it). */
export async function sendingPayoutsOnRail(db: DbOrTx, rail: string) {
  return db
    .select({ organizationId: payouts.organizationId, id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'sending'), eq(payouts.rail, rail)));
}

/** Whether the schedule already made a payout for this school day. */
export async function scheduledPayoutExists(
  db: DbOrTx,
  organizationId: string,
  day: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.organizationId, organizationId),
        eq(payouts.origin, 'schedule'),
        eq(payouts.scheduledFor, day),
        ne(payouts.status, 'failed'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findPayoutSettings(
  db: DbOrTx,
  organizationId: string,
): Promise<PayoutSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutSettings)
    .where(eq(payoutSettings.organizationId, organizationId));
  return row;
}

export async function upsertPayoutSettings(
  tx: Transaction,
  row: Omit<PayoutSettingsRow, 'updatedAt'>,
): Promise<PayoutSettingsRow> {
  const { organizationId: _school, ...rest } = row;
  const [saved] = await tx
    .insert(payoutSettings)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: payoutSettings.organizationId,
      set: { ...rest, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}
