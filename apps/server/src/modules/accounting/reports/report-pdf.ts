import { formatWholeNumber } from '@ecolage/money';
import { domainError } from '../../../platform/errors';
import { FONT, newArchivalPdf, pdfText, pdfToBuffer } from '../../../platform/pdf';
import {
  frenchDay,
  type ReportCell,
  type ReportColumn,
  type ReportDocument,
  type ReportLine,
  type ReportSchool,
} from './report-document';

type Doc = PDFKit.PDFDocument;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 36;
const ROW = 15;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const BAND = '#f3f4f6';
/** Beyond this many lines, paper is no longer the right medium: the Excel file is. */
export const MAX_PDF_LINES = 20_000;

/** A cell as paper shows it: French grouped amounts, JJ/MM/AAAA days, text the font can draw. */
export function pdfCell(type: ReportColumn['type'], value: ReportCell): string {
  if (value === null || value === '') return '';
  if (type === 'amount' || type === 'integer') return formatWholeNumber(Number(value));
  if (type === 'date') return frenchDay(String(value));
  return pdfText(String(value));
}

/** Cuts the text to fit the width, with an ellipsis. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

interface Layout {
  columns: readonly ReportColumn[];
  xs: number[];
  widths: number[];
  width: number;
}

function layoutOf(doc: Doc, columns: readonly ReportColumn[]): Layout {
  const width = doc.page.width - MARGIN * 2;
  const weights = columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = columns.map((column) => (column.weight / weights) * width);
  const xs: number[] = [];
  let x = MARGIN;
  for (const columnWidth of widths) {
    xs.push(x);
    x += columnWidth;
  }
  return { columns, xs, widths, width };
}

const bottom = (doc: Doc) => doc.page.height - MARGIN - 24;

function rule(doc: Doc, y: number, color = RULE, width = 0.5) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

function drawCells(doc: Doc, layout: Layout, cells: readonly string[], y: number) {
  layout.columns.forEach((column, index) => {
    const text = cells[index] ?? '';
    if (!text) return;
    const numeric = column.type === 'amount' || column.type === 'integer';
    const width = layout.widths[index]! - 6;
    doc.text(fit(doc, text, width), layout.xs[index]! + 3, y, {
      width,
      align: numeric ? 'right' : 'left',
      lineBreak: false,
    });
  });
}

function tableHead(doc: Doc, layout: Layout, y: number): number {
  doc.rect(MARGIN, y - 3, layout.width, ROW + 4).fill(BAND);
  doc.font(FONT.bold).fontSize(8).fillColor(INK);
  drawCells(
    doc,
    layout,
    layout.columns.map((column) => pdfText(column.header)),
    y,
  );
  rule(doc, y + ROW, INK, 0.8);
  return y + ROW + 4;
}

function header(doc: Doc, school: ReportSchool, report: ReportDocument, printed: string): number {
  let textX = MARGIN;
  if (school.logo) {
    try {
      doc.image(school.logo, MARGIN, MARGIN, { fit: [48, 48] });
      textX = MARGIN + 60;
    } catch {
      // A logo pdfkit cannot read leaves the name alone: a report is never refused for it.
    }
  }
  doc
    .fillColor(INK)
    .font(FONT.bold)
    .fontSize(14)
    .text(pdfText(school.name), textX, MARGIN, {
      width: doc.page.width - textX - MARGIN,
    });
  doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
  for (const line of school.addressLines) doc.text(pdfText(line), textX);
  const y = Math.max(doc.y, school.logo ? MARGIN + 52 : doc.y) + 10;
  doc.fillColor(INK).font(FONT.bold).fontSize(13).text(pdfText(report.title), MARGIN, y);
  doc.font(FONT.regular).fontSize(9).fillColor(INK).text(pdfText(report.period));
  doc.fillColor(MUTED).text(`Montants en francs CFA — ${printed}`);
  return doc.y + 10;
}

function footers(doc: Doc, school: ReportSchool, report: ReportDocument, printed: string) {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing inside the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 8;
    doc.font(FONT.regular).fontSize(7).fillColor(MUTED);
    doc.text(fit(doc, pdfText(`${school.name} — ${report.title} — ${printed}`), 360), MARGIN, y, {
      lineBreak: false,
    });
    doc.text(`Page ${index + 1} / ${range.count}`, MARGIN, y, {
      width: doc.page.width - MARGIN * 2,
      align: 'right',
      lineBreak: false,
    });
  }
}

function printedAt(date: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(date);
  return pdfText(`édité le ${text}`);
}

/**
 * The report on A4 (landscape when it is wide): the school's header (logo, name, address), title,
 * period and when it was printed, then the table — its header again on each page, amounts right
 * aligned in French groups, groups, subtotals and the total in bold — and « Page n / N » below.
 * Refused beyond `MAX_PDF_LINES` lines (the Excel file holds them).
 */
export async function renderReportPdf(
  school: ReportSchool,
  report: ReportDocument,
  now: Date,
): Promise<{ pdf: Buffer; lines: number }> {
  const size: [number, number] = report.landscape ? [A4[1], A4[0]] : A4;
  const doc = newArchivalPdf({
    size,
    margin: MARGIN,
    bufferPages: true,
    title: `${report.title} — ${report.period}`,
    author: school.name || 'Écolage',
    subject: report.period,
    createdAt: now,
  });
  const printed = printedAt(now, school.timeZone);
  const layout = layoutOf(doc, report.columns);
  let y = tableHead(doc, layout, header(doc, school, report, printed));
  let count = 0;
  const room = (needed: number) => {
    if (y + needed <= bottom(doc)) return;
    doc.addPage();
    y = tableHead(doc, layout, MARGIN);
  };
  const drawLine = (line: ReportLine) => {
    if (line.kind === 'group') {
      // A heading keeps at least one row under it on its page.
      room(ROW * 2 + 6);
      y += 3;
      doc.font(FONT.bold).fontSize(8.5).fillColor(INK);
      doc.text(fit(doc, pdfText(line.text), layout.width), MARGIN, y, { lineBreak: false });
      y += ROW;
      return;
    }
    room(ROW + (line.kind === 'total' ? 4 : 0));
    if (line.kind === 'total') {
      y += 4;
      rule(doc, y - 3, INK, 0.8);
    }
    doc
      .font(line.kind === 'row' ? FONT.regular : FONT.bold)
      .fontSize(8)
      .fillColor(INK);
    drawCells(
      doc,
      layout,
      line.cells.map((value, index) => pdfCell(layout.columns[index]?.type ?? 'text', value)),
      y,
    );
    y += ROW;
    if (line.kind === 'row') rule(doc, y - 3);
  };
  for await (const batch of report.lines) {
    for (const line of batch) {
      count += 1;
      if (count > MAX_PDF_LINES) {
        doc.end();
        throw domainError('ACCOUNTING_REPORT_TOO_LONG_FOR_PDF', { maximum: MAX_PDF_LINES });
      }
      drawLine(line);
    }
  }
  footers(doc, school, report, printed);
  return { pdf: await pdfToBuffer(doc), lines: count };
}
