import {
  cashSessionStatusLabels,
  formatPhoneNational,
  paymentMethodLabels,
  type CashSession,
  type DeskMethodValue,
} from '@ecolage/contracts';
import { formatFrancs } from '@ecolage/money';
import { FONT, newArchivalPdf, pdfText, pdfToBuffer } from '../../platform/pdf';

/** What the « brouillard de caisse » shows: the session, its payments and the closing count. */
export interface SessionReportView {
  school: { name: string; addressLines: string[]; phone: string | null };
  timeZone: string;
  session: CashSession;
  payments: {
    paidAt: Date;
    receiptNumber: string | null;
    student: string;
    method: DeskMethodValue;
    reference: string | null;
    amount: number;
  }[];
  printedAt: Date;
}

type Doc = PDFKit.PDFDocument;

const MARGIN = 40;
const ROW = 16;
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

function dateTime(date: Date, timeZone: string): string {
  return pdfText(
    new Intl.DateTimeFormat('fr-FR', { timeZone, dateStyle: 'long', timeStyle: 'short' }).format(
      date,
    ),
  );
}

function dayKey(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone, dateStyle: 'short' }).format(date);
}

/** A payment's time; with its day when the session ran past midnight. */
function paymentTime(date: Date, opened: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('fr-FR', { timeZone, timeStyle: 'short' }).format(date);
  if (dayKey(date, timeZone) === dayKey(opened, timeZone)) return pdfText(time);
  const day = new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit' });
  return pdfText(`${day.format(date)} ${time}`);
}

/** Cuts the text to fit the width, with an ellipsis. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function cell(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' = 'left',
) {
  doc.text(fit(doc, text, width - 4), x, y, { width: width - 4, align, lineBreak: false });
}

function rule(doc: Doc, y: number, color = RULE) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke();
}

const bottom = (doc: Doc) => doc.page.height - MARGIN - 30;

function header(doc: Doc, view: SessionReportView): number {
  const { school, session } = view;
  doc.fillColor(INK).font(FONT.bold).fontSize(15).text(pdfText(school.name), MARGIN, MARGIN);
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
  for (const line of school.addressLines) doc.text(pdfText(line));
  if (school.phone) doc.text(`Tél. ${formatPhoneNational(school.phone)}`);
  doc.moveDown(0.8);
  doc.fillColor(INK).font(FONT.bold).fontSize(14).text('Brouillard de caisse');
  if (session.status === 'open') {
    doc
      .font(FONT.italic)
      .fontSize(9)
      .fillColor(MUTED)
      .text('Session encore ouverte : brouillard provisoire, avant le comptage de clôture.');
  }
  doc.moveDown(0.6);
  const facts: [string, string][] = [
    ['Caissier', pdfText(session.cashierName)],
    ['Session', `${cashSessionStatusLabels[session.status]} (${session.id.slice(0, 8)})`],
    ['Ouverture', dateTime(new Date(session.openedAt), view.timeZone)],
    [
      'Clôture',
      session.closedAt ? dateTime(new Date(session.closedAt), view.timeZone) : 'non clôturée',
    ],
    ['Fond de caisse', formatFrancs(session.openingFloat)],
  ];
  let y = doc.y;
  for (const [label, value] of facts) {
    doc.font(FONT.regular).fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 110 });
    doc.fillColor(INK).text(value, MARGIN + 110, y, { width: 300 });
    y += ROW;
  }
  return y + 8;
}

const columns = [
  { title: 'Heure', width: 60 },
  { title: 'N° de reçu', width: 95 },
  { title: 'Étudiant', width: 125 },
  { title: 'Mode', width: 85 },
  { title: 'Référence', width: 70 },
  { title: 'Montant', width: 80, align: 'right' as const },
];

function tableHead(doc: Doc, y: number): number {
  doc.font(FONT.bold).fontSize(9).fillColor(INK);
  let x = MARGIN;
  for (const column of columns) {
    cell(doc, column.title, x, y, column.width, column.align);
    x += column.width;
  }
  rule(doc, y + ROW - 4, INK);
  return y + ROW;
}

function paymentsTable(doc: Doc, view: SessionReportView, top: number): number {
  doc.font(FONT.bold).fontSize(11).fillColor(INK).text('Encaissements', MARGIN, top);
  let y = tableHead(doc, top + ROW + 2);
  if (view.payments.length === 0) {
    doc.font(FONT.italic).fontSize(9).fillColor(MUTED);
    doc.text('Aucun encaissement dans cette session.', MARGIN, y + 2);
    return y + ROW + 8;
  }
  const opened = new Date(view.session.openedAt);
  for (const payment of view.payments) {
    if (y + ROW > bottom(doc)) {
      doc.addPage();
      y = tableHead(doc, MARGIN);
    }
    const values = [
      paymentTime(payment.paidAt, opened, view.timeZone),
      payment.receiptNumber ?? '—',
      pdfText(payment.student),
      paymentMethodLabels[payment.method],
      payment.reference ?? '—',
      formatFrancs(payment.amount),
    ];
    doc.font(FONT.regular).fontSize(9).fillColor(INK);
    let x = MARGIN;
    values.forEach((value, index) => {
      const column = columns[index]!;
      cell(doc, value, x, y + 2, column.width, column.align);
      x += column.width;
    });
    rule(doc, y + ROW);
    y += ROW;
  }
  const total = view.payments.reduce((sum, payment) => sum + payment.amount, 0);
  doc.font(FONT.bold).fontSize(9);
  cell(doc, `Total encaissé (${view.payments.length} paiement(s))`, MARGIN, y + 4, 435);
  cell(doc, formatFrancs(total), MARGIN + 435, y + 4, 80, 'right');
  return y + ROW + 14;
}

/** Draws label/value lines, starting a new page when the block does not fit. */
function block(doc: Doc, title: string, top: number, lines: [string, string, boolean?][]): number {
  let y = top;
  if (y + ROW * (lines.length + 1) > bottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font(FONT.bold).fontSize(11).fillColor(INK).text(title, MARGIN, y);
  y += ROW + 2;
  for (const [label, value, strong] of lines) {
    doc
      .font(strong ? FONT.bold : FONT.regular)
      .fontSize(10)
      .fillColor(INK);
    cell(doc, label, MARGIN, y, 260);
    cell(doc, value, MARGIN + 260, y, 140, 'right');
    y += ROW;
  }
  return y + 10;
}

function methodTotals(doc: Doc, view: SessionReportView, top: number): number {
  const totals = view.session.totalsByMethod;
  const lines: [string, string, boolean?][] = totals.map((total) => [
    `${paymentMethodLabels[total.method]} (${total.count})`,
    formatFrancs(total.amount),
  ]);
  lines.push([
    `Total (${view.session.paymentCount})`,
    formatFrancs(totals.reduce((sum, total) => sum + total.amount, 0)),
    true,
  ]);
  return block(doc, 'Totaux par mode de paiement', top, lines);
}

function cashCount(doc: Doc, view: SessionReportView, top: number): number {
  const { session } = view;
  const difference = session.difference;
  const gap =
    difference === null
      ? '—'
      : `${difference > 0 ? '+' : ''}${formatFrancs(difference)}${
          difference > 0 ? ' (excédent)' : difference < 0 ? ' (manquant)' : ''
        }`;
  let y = block(doc, 'Comptage des espèces', top, [
    ['Fond de caisse', formatFrancs(session.openingFloat)],
    ['Espèces encaissées', formatFrancs(session.cashTaken)],
    ['Espèces attendues', formatFrancs(session.expectedCash), true],
    [
      'Espèces comptées',
      session.countedCash === null ? '—' : formatFrancs(session.countedCash),
      true,
    ],
    ['Écart (compté – attendu)', gap, true],
  ]);
  if (session.closingComment) {
    doc.font(FONT.regular).fontSize(10).fillColor(MUTED).text('Commentaire', MARGIN, y);
    doc
      .fillColor(INK)
      .text(pdfText(session.closingComment), MARGIN + 110, y, { width: doc.page.width - 190 });
    y = doc.y + 10;
  }
  return y;
}

function signatures(doc: Doc, view: SessionReportView, top: number) {
  let y = top + 10;
  if (y + 80 > bottom(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  const half = (doc.page.width - MARGIN * 2) / 2;
  const signers = [
    ['Le caissier', pdfText(view.session.cashierName)],
    ['Le responsable financier', 'Nom :'],
  ];
  signers.forEach(([role, name], index) => {
    const x = MARGIN + index * half;
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(INK)
      .text(role!, x, y, { width: half - 20 });
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(MUTED)
      .text(name!, x, y + ROW, { width: half - 20 });
    doc.text('Signature :', x, y + ROW * 2, { width: half - 20 });
    doc
      .moveTo(x, y + 72)
      .lineTo(x + half - 30, y + 72)
      .lineWidth(0.6)
      .strokeColor(MUTED)
      .stroke();
  });
}

function footers(doc: Doc, view: SessionReportView) {
  const range = doc.bufferedPageRange();
  const printed = `Édité le ${dateTime(view.printedAt, view.timeZone)}`;
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing inside the bottom margin would make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 10;
    doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
    doc.text(printed, MARGIN, y, { lineBreak: false });
    doc.text(`Page ${index + 1} / ${range.count}`, MARGIN, y, {
      width: doc.page.width - MARGIN * 2,
      align: 'right',
      lineBreak: false,
    });
  }
}

/** The session report on A4: header, payments, totals by method, the cash count, signatures. */
export function renderSessionReport(view: SessionReportView): Promise<Buffer> {
  const doc = newArchivalPdf({
    size: [595.28, 841.89],
    margin: MARGIN,
    bufferPages: true,
    title: `Brouillard de caisse — ${view.session.cashierName}`,
    author: view.school.name || 'Écolage',
    createdAt: view.printedAt,
  });
  let y = header(doc, view);
  y = paymentsTable(doc, view, y + 6);
  y = methodTotals(doc, view, y);
  y = cashCount(doc, view, y);
  signatures(doc, view, y);
  footers(doc, view);
  return pdfToBuffer(doc);
}
