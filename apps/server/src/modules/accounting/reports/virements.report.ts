import { dayIn } from '../../../platform/clock';
import type { DbOrTx } from '../../../platform/db/database';
import type { PayoutStatus } from '../payouts/payouts.tables';
import { frenchDay, type ReportColumn, type ReportLine } from './report-document';
import { payoutsOfPeriod } from './reports.repository';

/** A payout's status as the Comptabilité screen says it. */
export const payoutStatusWords: Record<PayoutStatus, string> = {
  pending: 'En attente',
  sending: 'En cours',
  paid: 'Payé',
  failed: 'Échoué',
};

export const virementsColumns: ReportColumn[] = [
  { header: 'Référence', type: 'text', weight: 11, width: 17 },
  { header: 'Prévu le', type: 'date', weight: 7, width: 12 },
  { header: 'Période', type: 'text', weight: 13, width: 24 },
  { header: 'Paiements', type: 'integer', weight: 6, width: 11 },
  { header: 'Brut', type: 'amount', weight: 8, width: 14 },
  { header: 'Commission', type: 'amount', weight: 8, width: 14 },
  { header: 'Frais', type: 'amount', weight: 7, width: 13 },
  { header: 'Net', type: 'amount', weight: 8, width: 14 },
  { header: 'Statut', type: 'text', weight: 7, width: 12 },
  { header: 'N° de transfert', type: 'text', weight: 11, width: 20 },
  { header: 'Envoyé le', type: 'date', weight: 7, width: 12 },
  { header: 'Payé le', type: 'date', weight: 7, width: 12 },
];

/**
 * The payouts scheduled in the period, with their totals (a failed payout is listed, its
 * amounts left out of the totals: its payments went back to « En attente »). Empty: none.
 */
export async function virementsLines(
  db: DbOrTx,
  organizationId: string,
  period: { from: string; to: string },
  timeZone: string,
): Promise<ReportLine[]> {
  const rows = await payoutsOfPeriod(db, organizationId, period);
  if (rows.length === 0) return [];
  const total = { payments: 0, gross: 0, commission: 0, providerFee: 0, net: 0 };
  const lines: ReportLine[] = rows.map((row) => {
    if (row.status !== 'failed') {
      total.payments += row.paymentCount;
      total.gross += row.gross;
      total.commission += row.commission;
      total.providerFee += row.providerFee;
      total.net += row.net;
    }
    return {
      kind: 'row',
      cells: [
        row.reference,
        row.scheduledFor,
        `${frenchDay(row.periodStart)} – ${frenchDay(row.periodEnd)}`,
        row.paymentCount,
        row.gross,
        row.commission,
        row.providerFee,
        row.net,
        payoutStatusWords[row.status],
        row.transferId,
        row.sentAt ? dayIn(timeZone, row.sentAt) : null,
        row.valueDate ?? (row.paidAt ? dayIn(timeZone, row.paidAt) : null),
      ],
    };
  });
  const failed = rows.filter((row) => row.status === 'failed').length;
  lines.push({
    kind: 'total',
    cells: [
      failed > 0 ? `Total hors échoués` : 'Total',
      null,
      null,
      total.payments,
      total.gross,
      total.commission,
      total.providerFee,
      total.net,
      null,
      null,
      null,
      null,
    ],
  });
  return lines;
}
