import type { DbOrTx } from '../../../platform/db/database';
import { agedReceivablesAt } from '../../billing';
import { findStudentCards } from '../../students';
import type { ReportColumn, ReportLine } from './report-document';

export const balanceAgeeColumns: ReportColumn[] = [
  { header: 'Matricule', type: 'text', weight: 9, width: 12 },
  { header: 'Étudiant', type: 'text', weight: 18, width: 28 },
  { header: 'Classe', type: 'text', weight: 15, width: 24 },
  { header: 'Non échu', type: 'amount', weight: 9, width: 14 },
  { header: '0–30 jours', type: 'amount', weight: 9, width: 14 },
  { header: '31–60 jours', type: 'amount', weight: 9, width: 14 },
  { header: '61–90 jours', type: 'amount', weight: 9, width: 14 },
  { header: 'Plus de 90 jours', type: 'amount', weight: 10, width: 16 },
  { header: 'Total dû', type: 'amount', weight: 10, width: 14 },
];

/**
 * The balance âgée at the end of `day`: each student who owed then (by name), their open balance
 * not yet due and by days past due, and the totals. Empty: nobody owed anything.
 */
export async function balanceAgeeLines(
  db: DbOrTx,
  organizationId: string,
  day: string,
  dayEnd: Date,
): Promise<ReportLine[]> {
  const aged = await agedReceivablesAt(db, organizationId, day, dayEnd);
  if (aged.length === 0) return [];
  const cards = new Map(
    (
      await findStudentCards(
        db,
        organizationId,
        aged.map((row) => row.studentId),
      )
    ).map((card) => [card.id, card]),
  );
  const rows = aged
    .map((row) => ({ row, card: cards.get(row.studentId) }))
    .sort(
      (a, b) =>
        (a.card?.fullName ?? '').localeCompare(b.card?.fullName ?? '', 'fr') ||
        (a.card?.matricule ?? '').localeCompare(b.card?.matricule ?? ''),
    );
  const total = { notDue: 0, upTo30: 0, upTo60: 0, upTo90: 0, older: 0, total: 0 };
  const lines: ReportLine[] = rows.map(({ row, card }) => {
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += row[key];
    return {
      kind: 'row',
      cells: [
        card?.matricule ?? null,
        card?.fullName ?? null,
        [card?.programme, card?.level].filter(Boolean).join(' · ') || null,
        row.notDue,
        row.upTo30,
        row.upTo60,
        row.upTo90,
        row.older,
        row.total,
      ],
    };
  });
  lines.push({
    kind: 'total',
    cells: [
      null,
      `Total (${rows.length} étudiant${rows.length > 1 ? 's' : ''})`,
      null,
      total.notDue,
      total.upTo30,
      total.upTo60,
      total.upTo90,
      total.older,
      total.total,
    ],
  });
  return lines;
}
