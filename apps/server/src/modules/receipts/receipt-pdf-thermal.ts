import { drawQr, FONT, type QrMatrix } from '../../platform/pdf';
import { drawLink, drawSchoolMark } from './receipt-pdf-parts';
import type { ReceiptView } from './receipt-view';

/**
 * The 80 mm ticket: black only (thermal printers have no grey worth the name), one column,
 * centred heading, amounts right-aligned. Returns the height used, margin included, so the
 * caller can size the page to it.
 */
export function drawThermalReceipt(
  doc: PDFKit.PDFDocument,
  view: ReceiptView,
  qr: QrMatrix,
): number {
  const margin = doc.page.margins.left;
  const width = doc.page.width - 2 * margin;
  const left = margin;
  let y = doc.page.margins.top;

  const centred = (text: string, font: string, size: number, gap = 1) => {
    doc.font(font).fontSize(size).fillColor('#000000');
    doc.text(text, left, y, { width, align: 'center' });
    y = doc.y + gap;
  };
  const separator = (gap = 6) => {
    y += gap / 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.7)
      .dash(2, { space: 2 })
      .strokeColor('#000000')
      .stroke()
      .undash();
    y += gap;
  };
  /** A label on the left and an amount on the right, the label wrapping before the amount. */
  const amountLine = (text: string, amount: string | null, font: string, size: number) => {
    doc.font(font).fontSize(size).fillColor('#000000');
    const amountWidth = amount ? doc.widthOfString(amount) + 6 : 0;
    doc.text(text, left, y, { width: width - amountWidth });
    const after = doc.y;
    if (amount) doc.text(amount, left, y, { width, align: 'right', lineBreak: false });
    y = Math.max(after, y + size * 1.2) + 1.5;
  };
  const field = (name: string, value: string) => {
    doc.font(FONT.regular).fontSize(7.5).fillColor('#000000');
    doc.text(`${name} : `, left, y, { continued: true });
    doc.font(FONT.bold).text(value, { width });
    y = doc.y + 1.5;
  };

  drawSchoolMark(doc, view, {
    x: left + (width - 34) / 2,
    y,
    size: 34,
    color: '#000000',
    logo: 'grey',
  });
  y += 40;
  centred(view.school.name, FONT.bold, 10.5, 2);
  if (view.school.address) centred(view.school.address, FONT.regular, 7.5);
  if (view.school.contact) centred(view.school.contact, FONT.regular, 7.5);
  separator();
  centred('REÇU DE PAIEMENT', FONT.bold, 10, 2);
  centred(`N° ${view.number}`, FONT.bold, 9.5, 2);
  centred(`Émis le ${view.issuedAt}`, FONT.regular, 7.5);
  separator();

  field('Payeur', view.payer.name);
  if (view.payer.phone) field('Tél.', view.payer.phone);
  for (const student of view.students) {
    field('Élève', `${student.name} (${student.matricule})`);
    doc.font(FONT.regular).fontSize(7.5);
    doc.text(`${student.programme} · ${student.level}`, left, y, { width });
    y = doc.y + 1.5;
  }
  separator();

  for (const row of view.rows) {
    if (row.kind === 'line') {
      doc.fontSize(7);
      amountLine(`   ${row.label}`, row.amount, FONT.regular, 7);
    } else {
      amountLine(row.label, row.applied, FONT.bold, 7.5);
    }
  }
  separator();
  amountLine('TOTAL PAYÉ', view.amount, FONT.bold, 11);
  y += 2;
  doc.font(FONT.italic).fontSize(7.5).fillColor('#000000');
  doc.text(view.amountSentence, left, y, { width });
  y = doc.y + 5;

  field('Mode', view.method);
  field('Canal', view.channel);
  if (view.reference) field('Référence', view.reference);
  field('Payé le', view.paidAt);
  if (view.cashierName) field('Caissier', view.cashierName);
  y += 2;
  amountLine('Solde restant dû', view.remainingBalance, FONT.bold, 8.5);

  if (view.refundMark) {
    separator();
    doc.font(FONT.bold).fontSize(view.refundMark.length > 12 ? 8.5 : 12);
    const height = doc.heightOfString(view.refundMark, { width: width - 12 }) + 10;
    doc.lineWidth(1.5).strokeColor('#000000').rect(left, y, width, height).stroke();
    doc.fillColor('#000000');
    doc.text(view.refundMark, left + 6, y + 5.5, { width: width - 12, align: 'center' });
    y += height + 2;
  }

  separator();
  const qrSize = 104;
  drawQr(doc, qr, { x: left + (width - qrSize) / 2, y, size: qrSize });
  y += qrSize + 3;
  centred('Vérifier ce reçu :', FONT.bold, 7);
  doc.fillColor('#000000');
  y = drawLink(doc, view.verificationUrl, { x: left, y, width, size: 6.5, align: 'center' }) + 6;
  centred('Merci de votre confiance.', FONT.regular, 7.5);
  return y + doc.page.margins.bottom;
}
