import {
  reconciliationKindLabels,
  reconciliationKindValues,
  reconciliationStatusLabels,
  statementSourceLabels,
  type ReconciliationKind,
} from '@ecolage/contracts';
import { formatFrancs } from '@ecolage/money';
import type { Database } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { FONT, newArchivalPdf, pdfText } from '../../../platform/pdf';
import type { TabularColumn, TabularTable } from '../../../platform/tabular-export';
import { recordAuditEntry } from '../../audit';
import { findOrganizationsByIds, schoolToday } from '../../organizations';
import { reportFigures } from './reconciliation.repository';

/** One row of the report: a statement source's figures, or a kind of difference by status. */
export interface ReportRow {
  section: string;
  label: string;
  count: number;
  lines: number | null;
  amount: number | null;
  other: number | null;
}

const frDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The report's rows for the period: statements per source, then each difference open / resolved. */
export async function reconciliationReportRows(
  db: Database,
  organizationId: string,
  from: string,
  to: string,
): Promise<ReportRow[]> {
  const figures = await reportFigures(db, organizationId, from, to);
  const rows: ReportRow[] = figures.statements.map((row) => ({
    section: 'Relevés importés',
    label: statementSourceLabels[row.source],
    count: row.statements,
    lines: row.lines,
    amount: row.creditTotal,
    other: row.matched,
  }));
  for (const kind of reconciliationKindValues) {
    for (const status of ['open', 'resolved'] as const) {
      const found = figures.items.find((item) => item.kind === kind && item.status === status);
      rows.push({
        section: 'Écarts',
        label: `${reconciliationKindLabels[kind as ReconciliationKind]} — ${reconciliationStatusLabels[status]}`,
        count: found?.count ?? 0,
        lines: null,
        amount: found?.statementAmount ?? 0,
        other: found?.ourAmount ?? 0,
      });
    }
  }
  return rows;
}

export const reportColumns: TabularColumn<ReportRow>[] = [
  { header: 'Rubrique', type: 'text', width: 18, value: (row) => row.section },
  { header: 'Libellé', type: 'text', width: 48, value: (row) => row.label },
  { header: 'Nombre', type: 'integer', width: 10, value: (row) => row.count },
  { header: 'Lignes', type: 'integer', width: 10, value: (row) => row.lines },
  {
    header: 'Montant du relevé (FCFA)',
    type: 'integer',
    width: 22,
    value: (row) => row.amount,
  },
  {
    header: 'Rapprochées / montant chez nous (FCFA)',
    type: 'integer',
    width: 30,
    value: (row) => row.other,
  },
];

/** Journals the report's download (category export). */
async function journalReport(db: Database, acting: ActingMember, details: Record<string, unknown>) {
  await db.transaction((tx) =>
    recordAuditEntry(tx, {
      organizationId: acting.organizationId,
      actor: acting.actor,
      action: 'reconciliation.report_exported',
      resourceType: 'provider_statement',
      category: 'export',
      details,
      ip: acting.ip,
      userAgent: acting.userAgent,
    }),
  );
}

export async function reconciliationReportTable(
  db: Database,
  acting: ActingMember,
  from: string,
  to: string,
): Promise<{ day: string; table: TabularTable<ReportRow> }> {
  const rows = await reconciliationReportRows(db, acting.organizationId, from, to);
  await journalReport(db, acting, { format: 'xlsx', du: from, au: to });
  const day = await schoolToday(db, acting.organizationId);
  return {
    day,
    table: {
      sheetName: 'Rapprochement',
      columns: reportColumns,
      pages: (async function* () {
        yield rows;
      })(),
    },
  };
}

/** The report on A4: the statements of the period, then the differences, open and resolved. */
export async function reconciliationReportPdf(
  db: Database,
  acting: ActingMember,
  from: string,
  to: string,
): Promise<{ day: string; pdf: Buffer }> {
  const rows = await reconciliationReportRows(db, acting.organizationId, from, to);
  await journalReport(db, acting, { format: 'pdf', du: from, au: to });
  const [school] = await findOrganizationsByIds(db, [acting.organizationId]);
  const day = await schoolToday(db, acting.organizationId);
  const doc = newArchivalPdf({
    size: [595.28, 841.89],
    margin: 40,
    title: `Rapprochement des relevés du ${frDay(from)} au ${frDay(to)}`,
    author: school?.name ?? 'Écolage',
    createdAt: new Date(),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc
    .font(FONT.bold)
    .fontSize(15)
    .text(pdfText(school?.name ?? ''), 40, 40);
  doc.fontSize(13).text('Rapprochement des relevés des opérateurs');
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor('#555555')
    .text(`Période du ${frDay(from)} au ${frDay(to)} · édité le ${frDay(day)}`);
  doc.moveDown();
  const widths = [230, 50, 50, 95, 90];
  const headerRow = (cells: string[]) => {
    const y = doc.y;
    doc.font(FONT.bold).fontSize(8.5).fillColor('#000000');
    let x = 40;
    cells.forEach((cell, index) => {
      doc.text(pdfText(cell), x, y, {
        width: widths[index],
        align: index === 0 ? 'left' : 'right',
      });
      x += widths[index]! + 5;
    });
    doc.moveDown(0.4);
  };
  const line = (cells: string[]) => {
    if (doc.y > 780) doc.addPage();
    const y = doc.y;
    doc.font(FONT.regular).fontSize(8.5).fillColor('#000000');
    let x = 40;
    cells.forEach((cell, index) => {
      doc.text(pdfText(cell), x, y, {
        width: widths[index],
        align: index === 0 ? 'left' : 'right',
      });
      x += widths[index]! + 5;
    });
    doc.moveDown(0.3);
  };
  const money = (value: number | null) => (value === null ? '' : formatFrancs(value));
  for (const section of ['Relevés importés', 'Écarts']) {
    doc.font(FONT.bold).fontSize(11).fillColor('#000000').text(section, 40);
    doc.moveDown(0.3);
    const sectionRows = rows.filter((row) => row.section === section);
    if (section === 'Relevés importés') {
      headerRow(['Opérateur', 'Relevés', 'Lignes', 'Encaissements', 'Rapprochées']);
      if (sectionRows.length === 0)
        line(['Aucun relevé importé pour cette période.', '', '', '', '']);
      for (const row of sectionRows) {
        line([
          row.label,
          String(row.count),
          String(row.lines ?? 0),
          money(row.amount),
          String(row.other ?? 0),
        ]);
      }
    } else {
      headerRow(['Écart', 'Nombre', '', 'Montant du relevé', 'Montant chez nous']);
      for (const row of sectionRows) {
        line([row.label, String(row.count), '', money(row.amount), money(row.other)]);
      }
    }
    doc.moveDown();
  }
  doc.end();
  await done;
  return { day, pdf: Buffer.concat(chunks) };
}
