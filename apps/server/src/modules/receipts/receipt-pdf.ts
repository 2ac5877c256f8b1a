import type { ReceiptFormatValue } from '@ecolage/contracts';
import { newArchivalPdf, pdfToBuffer, qrMatrix } from '../../platform/pdf';
import { drawA4Receipt } from './receipt-pdf-a4';
import { drawThermalReceipt } from './receipt-pdf-thermal';
import { NO_LOOK, receiptView, type ReceiptLook, type ReceiptView } from './receipt-view';
import type { ReceiptRow } from './receipts.tables';

/** 80 mm thermal paper: 226.77 pt wide; the height follows the content. */
export const THERMAL_WIDTH = (80 / 25.4) * 72;

export type ReceiptToRender = Pick<ReceiptRow, 'content' | 'amount' | 'refundedAmount'>;

/**
 * An archival PDF/A-3b, its fonts embedded. Nothing time-dependent: the same receipt is the same
 * bytes on every download (its date is the receipt's issue).
 */
function newDocument(view: ReceiptView, size: [number, number], margin: number) {
  return newArchivalPdf({
    size,
    margin,
    // Footers and the refund stamp are drawn once every page exists.
    bufferPages: true,
    title: `Reçu ${view.number}`,
    author: view.school.name,
    subject: `Reçu de paiement ${view.number}`,
    createdAt: new Date(view.issuedAtIso),
  });
}

/**
 * The receipt as a PDF, in A4 or on 80 mm thermal paper, from its frozen content, its refund
 * state and the school's look today (logo, colour). The thermal page is laid out twice: once to
 * measure, once on a page of that height.
 */
export async function renderReceiptPdf(
  receipt: ReceiptToRender,
  format: ReceiptFormatValue,
  look: ReceiptLook = NO_LOOK,
): Promise<Buffer> {
  const view = receiptView(receipt, look);
  const qr = qrMatrix(receipt.content.verificationUrl);
  if (format === 'a4') {
    const doc = newDocument(view, [595.28, 841.89], 42);
    drawA4Receipt(doc, view, qr);
    return pdfToBuffer(doc);
  }
  const measuring = newDocument(view, [THERMAL_WIDTH, 5000], 12);
  const height = Math.ceil(drawThermalReceipt(measuring, view, qr));
  const doc = newDocument(view, [THERMAL_WIDTH, height], 12);
  drawThermalReceipt(doc, view, qr);
  return pdfToBuffer(doc);
}
