import type { ReceiptFormatValue } from '@ecolage/contracts';
import PDFDocument from 'pdfkit';
import { pdfToBuffer, qrMatrix } from '../../platform/pdf';
import { drawA4Receipt } from './receipt-pdf-a4';
import { drawThermalReceipt } from './receipt-pdf-thermal';
import { receiptView, type ReceiptView } from './receipt-view';
import type { ReceiptRow } from './receipts.tables';

/** 80 mm thermal paper: 226.77 pt wide; the height follows the content. */
export const THERMAL_WIDTH = (80 / 25.4) * 72;

export type ReceiptToRender = Pick<ReceiptRow, 'content' | 'amount' | 'refundedAmount'>;

function newDocument(view: ReceiptView, size: [number, number], margin: number) {
  const issuedAt = new Date(view.issuedAtIso);
  return new PDFDocument({
    size,
    margin,
    autoFirstPage: true,
    // Footers and the refund stamp are drawn once every page exists.
    bufferPages: true,
    // Nothing time-dependent: the same receipt is the same bytes on every download.
    info: {
      Title: `Reçu ${view.number}`,
      Author: view.school.name,
      Subject: `Reçu de paiement ${view.number}`,
      Creator: 'Écolage',
      Producer: 'Écolage',
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
}

/**
 * The receipt as a PDF, in A4 or on 80 mm thermal paper, from its frozen content and its refund
 * state. The thermal page is laid out twice: once to measure, once on a page of that height.
 */
export async function renderReceiptPdf(
  receipt: ReceiptToRender,
  format: ReceiptFormatValue,
): Promise<Buffer> {
  const view = receiptView(receipt);
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
