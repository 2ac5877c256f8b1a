import {
  collectionModeLabels,
  collectionModeOf,
  collectionModeValues,
  paymentMethodLabels,
  providerLabels,
  type CollectionMode,
} from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import type { ReportColumn, ReportLine } from './report-document';
import { collectionTotals, type CollectionTotals } from './reports.repository';

export const encaissementsColumns: ReportColumn[] = [
  { header: 'Opérateur / portefeuille', type: 'text', weight: 20, width: 34 },
  { header: 'Paiements', type: 'integer', weight: 10, width: 11 },
  { header: 'Remboursements', type: 'integer', weight: 14, width: 16 },
  { header: 'Brut', type: 'amount', weight: 12, width: 15 },
  { header: 'Commission', type: 'amount', weight: 12, width: 15 },
  { header: 'Frais opérateur', type: 'amount', weight: 14, width: 15 },
  { header: 'Net', type: 'amount', weight: 12, width: 15 },
];

/** « PayGate Global — Yas (ex-T-Money) », « Caisse — Espèces ». */
function operatorLabel(line: CollectionTotals): string {
  const wallet = (paymentMethodLabels as Record<string, string>)[line.wallet] ?? line.wallet;
  const provider =
    line.provider === 'desk'
      ? 'Caisse'
      : ((providerLabels as Record<string, string>)[line.provider] ?? line.provider);
  return `${provider} — ${wallet}`;
}

type Sums = Pick<
  CollectionTotals,
  'payments' | 'refunds' | 'gross' | 'commission' | 'providerFee' | 'net'
>;
const zero = (): Sums => ({
  payments: 0,
  refunds: 0,
  gross: 0,
  commission: 0,
  providerFee: 0,
  net: 0,
});
function add(sums: Sums, line: Sums) {
  for (const key of Object.keys(sums) as (keyof Sums)[]) sums[key] += line[key];
}
const cells = (label: string, sums: Sums) => [
  label,
  sums.payments,
  sums.refunds,
  sums.gross,
  sums.commission,
  sums.providerFee,
  sums.net,
];

/**
 * The encaissements of the period from the settlement lines (refunds deducted: their lines are
 * negative): per mode (mobile money, card, cash, cheque, bank transfer), one line per operator and
 * wallet, the mode's subtotal, then the grand total. Empty: nothing was collected.
 */
export async function encaissementsLines(
  db: DbOrTx,
  organizationId: string,
  period: { from: string; to: string },
): Promise<ReportLine[]> {
  const totals = await collectionTotals(db, organizationId, period);
  if (totals.length === 0) return [];
  const byMode = new Map<CollectionMode, CollectionTotals[]>();
  for (const line of totals) {
    const mode = collectionModeOf(line.wallet);
    byMode.set(mode, [...(byMode.get(mode) ?? []), line]);
  }
  const grand = zero();
  const lines: ReportLine[] = [];
  for (const mode of collectionModeValues) {
    const modeLines = byMode.get(mode);
    if (!modeLines) continue;
    const sums = zero();
    lines.push({ kind: 'group', text: collectionModeLabels[mode] });
    for (const line of modeLines.sort((a, b) => operatorLabel(a).localeCompare(operatorLabel(b)))) {
      add(sums, line);
      lines.push({ kind: 'row', cells: cells(operatorLabel(line), line) });
    }
    add(grand, sums);
    lines.push({ kind: 'subtotal', cells: cells(`Total ${collectionModeLabels[mode]}`, sums) });
  }
  lines.push({ kind: 'total', cells: cells('Total général', grand) });
  return lines;
}
