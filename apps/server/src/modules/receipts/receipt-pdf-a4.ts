import { drawQr, FONT, type QrMatrix } from '../../platform/pdf';
import { inkOn, textColor, tint } from '../../platform/pdf-colors';
import { drawLink, drawSchoolMark } from './receipt-pdf-parts';
import type { ReceiptView, ReceiptViewRow } from './receipt-view';

const INK = '#1F2430';
const MUTED = '#5B6170';
const RULE = '#D9DCE3';
const STAMP = '#C62828';

/** A small capitalised label above a block (« REÇU DE », « PAIEMENT »). */
function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, color: string) {
  doc
    .font(FONT.bold)
    .fontSize(7.5)
    .fillColor(color)
    .text(text.toUpperCase(), x, y, { characterSpacing: 0.8, lineBreak: false });
}

/**
 * The A4 receipt: letterhead, number and date, payer and payment, students, the invoice lines
 * settled, the total in figures and in words, the balance left, and the QR code of the
 * verification page; a red stamp once refunded.
 */
export function drawA4Receipt(doc: PDFKit.PDFDocument, view: ReceiptView, qr: QrMatrix): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const right = left + width;
  const bottom = doc.page.height - doc.page.margins.bottom;
  // Bands and rules in the school's colour; its text in the colour made readable on white.
  const color = view.school.color;
  const accent = textColor(color);
  let y = doc.page.margins.top;

  // ——— Letterhead: the school on the left, the receipt's number on the right ———
  drawSchoolMark(doc, view, { x: left, y, size: 54, color, logo: 'color' });
  const schoolX = left + 68;
  const schoolWidth = 250;
  doc.font(FONT.bold).fontSize(15).fillColor(accent);
  doc.text(view.school.name, schoolX, y + 2, { width: schoolWidth });
  let schoolY = doc.y + 2;
  doc.font(FONT.regular).fontSize(8.5).fillColor(MUTED);
  for (const line of [view.school.address, view.school.contact]) {
    if (!line) continue;
    doc.text(line, schoolX, schoolY, { width: schoolWidth });
    schoolY = doc.y + 1;
  }
  const titleX = right - 190;
  doc.font(FONT.bold).fontSize(17).fillColor(INK);
  doc.text('REÇU DE PAIEMENT', titleX, y + 2, { width: 190, align: 'right' });
  doc.font(FONT.bold).fontSize(11).fillColor(accent);
  doc.text(`N° ${view.number}`, titleX, doc.y + 3, { width: 190, align: 'right' });
  doc.font(FONT.regular).fontSize(8.5).fillColor(MUTED);
  doc.text(`Émis le ${view.issuedAt}`, titleX, doc.y + 3, { width: 190, align: 'right' });
  y = Math.max(schoolY, doc.y, y + 54) + 14;
  doc.rect(left, y, width, 2.5).fill(color);
  y += 18;

  // ——— Payer and payment, side by side ———
  const boxWidth = (width - 14) / 2;
  const paymentLines: [string, string][] = [
    ['Mode', view.method],
    ['Canal', view.channel],
    ...(view.reference ? [['Référence', view.reference] as [string, string]] : []),
    ['Reçu le', view.paidAt],
  ];
  const valueWidth = boxWidth - 86;
  doc.font(FONT.bold).fontSize(9);
  const lineHeights = paymentLines.map(
    ([, value]) => Math.max(doc.heightOfString(value, { width: valueWidth }), 10) + 3,
  );
  const boxHeight = Math.max(62, 30 + lineHeights.reduce((sum, height) => sum + height, 0));
  doc.roundedRect(left, y, boxWidth, boxHeight, 4).fill(tint(color, 0.93));
  doc.roundedRect(left + boxWidth + 14, y, boxWidth, boxHeight, 4).fill(tint(color, 0.93));
  label(doc, 'Reçu de', left + 12, y + 10, accent);
  doc.font(FONT.bold).fontSize(12).fillColor(INK);
  doc.text(view.payer.name, left + 12, y + 24, { width: boxWidth - 24 });
  if (view.payer.phone) {
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
    doc.text(`Tél. ${view.payer.phone}`, left + 12, doc.y + 2, { width: boxWidth - 24 });
  }
  const paymentX = left + boxWidth + 26;
  label(doc, 'Paiement', paymentX, y + 10, accent);
  let lineY = y + 24;
  paymentLines.forEach(([name, value], index) => {
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED).text(`${name} :`, paymentX, lineY);
    doc.font(FONT.bold).fontSize(9).fillColor(INK);
    doc.text(value, paymentX + 62, lineY, { width: valueWidth });
    lineY += lineHeights[index]!;
  });
  y += boxHeight + 20;

  // ——— Students ———
  const studentColumns = [
    { title: 'Élève', x: left, width: width * 0.36 },
    { title: 'Matricule', x: left + width * 0.36, width: width * 0.18 },
    { title: 'Filière', x: left + width * 0.54, width: width * 0.3 },
    { title: 'Niveau', x: left + width * 0.84, width: width * 0.16 },
  ];
  y = tableHeader(doc, studentColumns, y, { left, width, color });
  for (const student of view.students) {
    const cells = [student.name, student.matricule, student.programme, student.level];
    doc.font(FONT.regular).fontSize(9);
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: studentColumns[index]!.width - 12 }),
        ),
      ) + 10;
    if (y + height > bottom - 40) {
      y = tableHeader(doc, studentColumns, newPage(doc), { left, width, color });
    }
    cells.forEach((cell, index) => {
      const column = studentColumns[index]!;
      doc.font(index === 0 ? FONT.bold : FONT.regular).fillColor(INK);
      doc.text(cell, column.x + 6, y + 5, { width: column.width - 12 });
    });
    y += height;
    doc.rect(left, y, width, 0.6).fill(RULE);
  }
  y += 18;

  // ——— What was paid ———
  const amountWidth = 92;
  const paidColumns = [
    { title: 'Désignation', x: left, width: width - 2 * amountWidth },
    { title: 'Montant', x: right - 2 * amountWidth, width: amountWidth, align: 'right' as const },
    { title: 'Réglé', x: right - amountWidth, width: amountWidth, align: 'right' as const },
  ];
  if (y + 60 > bottom - 40) y = newPage(doc);
  y = tableHeader(doc, paidColumns, y, { left, width, color });
  for (const row of view.rows) {
    const height = rowHeight(doc, row, paidColumns[0]!.width);
    if (y + height > bottom - 40) {
      y = tableHeader(doc, paidColumns, newPage(doc), { left, width, color });
    }
    drawPaidRow(doc, row, y, paidColumns);
    y += height;
    if (row.kind !== 'line') doc.rect(left, y, width, 0.6).fill(RULE);
  }
  doc.rect(left, y, width, 26).fill(color);
  doc.font(FONT.bold).fontSize(11).fillColor(inkOn(color));
  doc.text('TOTAL PAYÉ', left + 10, y + 8, { lineBreak: false });
  doc.text(view.amount, right - 200, y + 8, { width: 190, align: 'right', lineBreak: false });
  y += 38;

  // ——— In words ———
  doc.font(FONT.italic).fontSize(10);
  const wordsHeight = doc.heightOfString(view.amountSentence, { width: width - 24 }) + 16;
  if (y + wordsHeight + 150 > bottom) y = newPage(doc);
  doc.rect(left, y, width, wordsHeight).fill(tint(color, 0.94));
  doc.rect(left, y, 3, wordsHeight).fill(color);
  doc.fillColor(INK).text(view.amountSentence, left + 14, y + 8, { width: width - 24 });
  y += wordsHeight + 22;

  // ——— Balance, cashier, and the QR code of the verification page ———
  const qrSize = 92;
  const qrX = right - qrSize;
  drawQr(doc, qr, { x: qrX, y, size: qrSize });
  const captionX = right - 200;
  doc.font(FONT.bold).fontSize(8).fillColor(INK);
  doc.text('Vérifier ce reçu', captionX, y + qrSize + 4, { width: 200, align: 'right' });
  doc.fillColor(MUTED);
  drawLink(doc, view.verificationUrl, {
    x: right - 260,
    y: doc.y + 1,
    width: 260,
    size: 7,
    align: 'right',
  });
  const infoWidth = width - qrSize - 30;
  doc.font(FONT.regular).fontSize(9.5).fillColor(MUTED);
  doc.text('Solde restant dû après ce paiement', left, y + 4, { width: infoWidth });
  doc.font(FONT.bold).fontSize(14).fillColor(INK);
  doc.text(view.remainingBalance, left, doc.y + 2, { width: infoWidth });
  if (view.cashierName) {
    doc.font(FONT.regular).fontSize(9.5).fillColor(MUTED);
    doc.text('Encaissé par', left, doc.y + 12, { width: infoWidth });
    doc.font(FONT.bold).fontSize(10.5).fillColor(INK);
    doc.text(view.cashierName, left, doc.y + 2, { width: infoWidth });
  }
  doc.font(FONT.italic).fontSize(8).fillColor(MUTED);
  doc.text(
    'Reçu établi électroniquement, valable sans signature : son authenticité se vérifie avec le QR code ci-contre.',
    left,
    doc.y + 16,
    { width: infoWidth - 40 },
  );

  // Every page gets the footer; the first, the refund stamp (pages are buffered until the end).
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    footer(doc, view, { left, width }, pages.count > 1 ? `${index + 1}/${pages.count}` : null);
  }
  doc.switchToPage(pages.start);
  if (view.refundMark) drawStamp(doc, view.refundMark, left + width / 2, 300);
}

interface Column {
  title: string;
  x: number;
  width: number;
  align?: 'left' | 'right';
}

function tableHeader(
  doc: PDFKit.PDFDocument,
  columns: Column[],
  y: number,
  frame: { left: number; width: number; color: string },
): number {
  doc.rect(frame.left, y, frame.width, 20).fill(tint(frame.color, 0.88));
  doc.font(FONT.bold).fontSize(8).fillColor(textColor(frame.color));
  for (const column of columns) {
    doc.text(column.title.toUpperCase(), column.x + 6, y + 6.5, {
      width: column.width - 12,
      align: column.align ?? 'left',
      characterSpacing: 0.5,
      lineBreak: false,
    });
  }
  return y + 20;
}

function rowHeight(doc: PDFKit.PDFDocument, row: ReceiptViewRow, labelWidth: number): number {
  const line = row.kind === 'line';
  doc.font(line ? FONT.regular : FONT.bold).fontSize(line ? 8.5 : 9);
  const indent = line ? 18 : 6;
  return doc.heightOfString(row.label, { width: labelWidth - indent - 6 }) + (line ? 6 : 10);
}

function drawPaidRow(doc: PDFKit.PDFDocument, row: ReceiptViewRow, y: number, columns: Column[]) {
  const [designation, amount, applied] = columns as [Column, Column, Column];
  const line = row.kind === 'line';
  const top = y + (line ? 3 : 5);
  const indent = line ? 18 : 6;
  doc.font(line ? FONT.regular : FONT.bold).fontSize(line ? 8.5 : 9);
  doc.fillColor(line ? MUTED : INK);
  doc.text(row.label, designation.x + indent, top, { width: designation.width - indent - 6 });
  if (row.amount) {
    doc.text(row.amount, amount.x + 6, top, {
      width: amount.width - 12,
      align: 'right',
      lineBreak: false,
    });
  }
  if (row.applied) {
    doc.font(FONT.bold).fillColor(INK);
    doc.text(row.applied, applied.x + 6, top, {
      width: applied.width - 12,
      align: 'right',
      lineBreak: false,
    });
  }
}

function newPage(doc: PDFKit.PDFDocument): number {
  doc.addPage();
  return doc.page.margins.top;
}

/** « REMBOURSÉ »: a red stamp across the receipt, seen at a glance. */
function drawStamp(doc: PDFKit.PDFDocument, text: string, centreX: number, centreY: number) {
  doc.save();
  doc.rotate(-14, { origin: [centreX, centreY] });
  doc.font(FONT.bold).fontSize(text.length > 12 ? 17 : 30);
  const textWidth = doc.widthOfString(text);
  const boxWidth = textWidth + 36;
  const boxHeight = text.length > 12 ? 40 : 56;
  doc.opacity(0.85);
  doc.lineWidth(3).strokeColor(STAMP);
  doc.roundedRect(centreX - boxWidth / 2, centreY - boxHeight / 2, boxWidth, boxHeight, 6).stroke();
  doc.fillColor(STAMP);
  doc.text(text, centreX - textWidth / 2, centreY - (text.length > 12 ? 6 : 10), {
    lineBreak: false,
  });
  doc.restore();
}

function footer(
  doc: PDFKit.PDFDocument,
  view: ReceiptView,
  frame: { left: number; width: number },
  page: string | null,
) {
  const y = doc.page.height - doc.page.margins.bottom - 14;
  doc.rect(frame.left, y - 8, frame.width, 0.6).fill(RULE);
  doc.font(FONT.regular).fontSize(7.5).fillColor(MUTED);
  const text = `${view.school.name} · Reçu ${view.number} · Émis avec Écolage`;
  doc.text(page ? `${text} · Page ${page}` : text, frame.left, y, {
    width: frame.width,
    align: 'center',
    lineBreak: false,
  });
}
