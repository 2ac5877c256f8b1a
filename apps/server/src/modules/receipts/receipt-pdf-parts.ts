import { FONT } from '../../platform/pdf';
import { inkOn } from '../../platform/pdf-colors';
import type { ReceiptView } from './receipt-view';

/** The school's logo (aspect kept, centred in the box), or its initials in a badge of its colour. */
export function drawSchoolMark(
  doc: PDFKit.PDFDocument,
  view: ReceiptView,
  at: { x: number; y: number; size: number; color: string; logo: 'color' | 'grey' },
) {
  const { x, y, size } = at;
  if (view.school.logo) {
    doc.image(view.school.logo[at.logo], x, y, {
      fit: [size, size],
      align: 'center',
      valign: 'center',
    });
    return;
  }
  doc.roundedRect(x, y, size, size, size * 0.18).fill(at.color);
  const fontSize = size * (view.school.initials.length > 1 ? 0.38 : 0.5);
  doc
    .font(FONT.bold)
    .fontSize(fontSize)
    .fillColor(inkOn(at.color))
    .text(view.school.initials, x, y + (size - fontSize * 0.72) / 2, {
      width: size,
      align: 'center',
      lineBreak: false,
    });
}

/**
 * The verification link on one line, whatever its length: the font shrinks to fit (a base64url
 * code has dashes, where a wrapped line would cut it and the text could not be copied whole).
 */
export function drawLink(
  doc: PDFKit.PDFDocument,
  url: string,
  at: { x: number; y: number; width: number; size: number; align: 'right' | 'center' },
) {
  doc.font(FONT.regular).fontSize(at.size);
  const size = Math.max(4.5, Math.min(at.size, (at.size * at.width) / doc.widthOfString(url)));
  doc.fontSize(size).text(url, at.x, at.y, { width: at.width, align: at.align, lineBreak: false });
  return at.y + size * 1.25;
}
