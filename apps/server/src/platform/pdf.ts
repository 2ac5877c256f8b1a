import { formatFrancs } from '@ecolage/money';
import QRCode from 'qrcode';
import { closestLatinLetters } from './latin-letters';

/** Windows-1252's characters above 0x7F that are not Latin-1 (what Helvetica's WinAnsi can draw). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Spaces WinAnsi lacks, written the closest way. */
const spaces: Record<string, string> = { '\u202F': '\u00A0', '\u2009': ' ' };

/**
 * The text as the standard PDF fonts can draw it (WinAnsi): French is untouched; other letters
 * lose their accents or take their closest Latin form; anything else becomes « ? ».
 */
export function winAnsi(text: string): string {
  let result = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) result += character;
    else if (WIN_ANSI_EXTRAS.has(character)) result += character;
    else if (spaces[character] !== undefined) result += spaces[character];
    else if (character === '\n') result += character;
    else {
      const closest = closestLatinLetters(character);
      result += /^[\x20-\x7e\u00a0-\u00ff]+$/.test(closest) ? closest : '?';
    }
  }
  return result;
}

/** An amount in French format for a standard PDF font: « 150 000 FCFA » with no-break spaces. */
export function pdfFrancs(amount: number): string {
  return formatFrancs(amount).replace(/\u202F/g, '\u00A0');
}

/** Ends the document and hands back its bytes. */
export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The dark modules of a QR code (error correction M). */
export interface QrMatrix {
  size: number;
  dark(row: number, column: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, column) => modules.get(row, column) === 1 };
}

/**
 * Draws the QR code as vector squares (each row's runs of dark modules as one rectangle), with a
 * quiet zone of two modules: sharp at any zoom and on a 203 dpi thermal head, where a scaled
 * bitmap would blur.
 */
export function drawQr(
  doc: PDFKit.PDFDocument,
  qr: QrMatrix,
  at: { x: number; y: number; size: number },
) {
  const modules = qr.size + 4;
  const unit = at.size / modules;
  doc.rect(at.x, at.y, at.size, at.size).fill('#FFFFFF');
  for (let row = 0; row < qr.size; row += 1) {
    let column = 0;
    while (column < qr.size) {
      if (!qr.dark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < qr.size && qr.dark(row, column)) column += 1;
      doc.rect(at.x + (start + 2) * unit, at.y + (row + 2) * unit, (column - start) * unit, unit);
    }
  }
  doc.fill('#000000');
}
