import { formatFrancs } from '@ecolage/money';
import {
  payoutStatusLabels,
  paymentMethodLabels,
  type PaymentMethodValue,
} from '@ecolage/contracts';
import { FONT, newArchivalPdf, pdfText, pdfToBuffer } from '../../../platform/pdf';
import type { PaymentSettlementRow } from '../settlements/settlements.tables';
import type { PayoutRow } from './payouts.tables';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const money = (amount: number) => pdfText(formatFrancs(amount));

/** Columns of a line: date, student, reference, gross, commission, fee, net (x, width, align). */
const COLUMNS = [
  { title: 'Date', width: 54, align: 'left' },
  { title: 'Élève', width: 118, align: 'left' },
  { title: 'Référence', width: 84, align: 'left' },
  { title: 'Brut', width: 72, align: 'right' },
  { title: 'Commission', width: 66, align: 'right' },
  { title: 'Frais', width: 64, align: 'right' },
  { title: 'Net', width: 77, align: 'right' },
] as const;

export interface PayoutStatementInput {
  schoolName: string;
  logoPng: Buffer | null;
  payout: PayoutRow;
  lines: readonly PaymentSettlementRow[];
}

/**
 * The payout statement (« Relevé de virement »), A4, PDF/A-3b: the school's header with its logo,
 * the payout (reference, status, period, bank account masked, transfer id), every line (date,
 * student, reference, gross, commission, fee, net; refunds negative) and the totals.
 */
export async function payoutStatementPdf(input: PayoutStatementInput): Promise<Buffer> {
  const { payout } = input;
  const doc = newArchivalPdf({
    size: A4,
    margin: MARGIN,
    title: `Relevé de virement ${payout.reference}`,
    author: input.schoolName,
    subject: `Virement ${payout.reference}`,
    createdAt: payout.createdAt,
    bufferPages: true,
  });
  const right = A4[0] - MARGIN;
  let top = MARGIN;
  if (input.logoPng) {
    try {
      doc.image(input.logoPng, MARGIN, top, { fit: [56, 56] });
    } catch {
      // A logo pdfkit cannot read: the statement goes without it.
    }
  }
  const textLeft = input.logoPng ? MARGIN + 68 : MARGIN;
  doc.font(FONT.bold).fontSize(16).fillColor('#111827');
  doc.text(pdfText(input.schoolName), textLeft, top, { width: right - textLeft });
  doc.font(FONT.regular).fontSize(11).fillColor('#374151');
  doc.text(pdfText(`Relevé de virement ${payout.reference}`), textLeft, doc.y + 2);
  top = Math.max(doc.y, MARGIN + 60) + 14;

  const facts: [string, string][] = [
    ['Statut', payoutStatusLabels[payout.status]],
    ['Période', `du ${frenchDay(payout.periodStart)} au ${frenchDay(payout.periodEnd)}`],
    ['Banque', [payout.bankName, payout.accountHolder].filter(Boolean).join(' — ') || '—'],
    ['Compte', payout.accountMasked],
    ['Identifiant du virement', payout.transferId ?? '—'],
    ['Nombre de paiements', String(payout.paymentCount)],
  ];
  if (payout.valueDate) facts.push(['Date de valeur', frenchDay(payout.valueDate)]);
  if (payout.failureReason) facts.push(['Motif de l’échec', payout.failureReason]);
  doc.fontSize(9.5);
  for (const [label, value] of facts) {
    doc
      .font(FONT.bold)
      .fillColor('#374151')
      .text(pdfText(`${label} :`), MARGIN, top, { width: 130 });
    doc
      .font(FONT.regular)
      .fillColor('#111827')
      .text(pdfText(value), MARGIN + 135, top, {
        width: right - MARGIN - 135,
      });
    top = doc.y + 3;
  }
  top += 10;

  const header = (y: number) => {
    doc.rect(MARGIN, y - 3, right - MARGIN, 17).fill('#F3F4F6');
    doc.font(FONT.bold).fontSize(8.5).fillColor('#111827');
    let x = MARGIN + 2;
    for (const column of COLUMNS) {
      doc.text(pdfText(column.title), x, y, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    return y + 18;
  };
  top = header(top);
  doc.font(FONT.regular).fontSize(8.5);
  for (const line of input.lines) {
    if (top > A4[1] - MARGIN - 60) {
      doc.addPage();
      top = header(MARGIN);
      doc.font(FONT.regular).fontSize(8.5);
    }
    const wallet = paymentMethodLabels[line.wallet as PaymentMethodValue] ?? line.wallet;
    const cells = [
      frenchDay(line.day),
      line.kind === 'refund' ? `${line.studentLabel} (remboursement)` : line.studentLabel,
      `${wallet} ${line.paymentId.slice(0, 8)}`,
      money(line.gross),
      money(line.commission),
      money(line.providerFee),
      money(line.net),
    ];
    let x = MARGIN + 2;
    let height = 0;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      const options = { width: column.width - 4, align: column.align } as const;
      doc.fillColor('#111827').text(pdfText(cell), x, top, options);
      height = Math.max(height, doc.heightOfString(pdfText(cell), options));
      x += column.width;
    });
    top += height + 4;
  }
  doc.moveTo(MARGIN, top).lineTo(right, top).lineWidth(0.8).strokeColor('#9CA3AF').stroke();
  top += 6;
  doc.font(FONT.bold).fontSize(9);
  const totals = [
    'Totaux',
    '',
    '',
    money(payout.gross),
    money(payout.commission),
    money(payout.providerFee),
    money(payout.net),
  ];
  let x = MARGIN + 2;
  totals.forEach((cell, index) => {
    const column = COLUMNS[index]!;
    doc.text(pdfText(cell), x, top, { width: column.width - 4, align: column.align });
    x += column.width;
  });
  top = doc.y + 14;
  doc.font(FONT.bold).fontSize(11).fillColor('#111827');
  doc.text(pdfText(`Net versé : ${formatFrancs(payout.net)}`), MARGIN, top, {
    width: right - MARGIN,
    align: 'right',
  });

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    doc.font(FONT.regular).fontSize(8).fillColor('#6B7280');
    doc.text(
      pdfText(`${payout.reference} — page ${index + 1} sur ${range.count}`),
      MARGIN,
      A4[1] - MARGIN - 12,
      { width: right - MARGIN, align: 'center', lineBreak: false },
    );
  }
  return pdfToBuffer(doc);
}
