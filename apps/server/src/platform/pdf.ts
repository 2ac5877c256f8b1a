import { formatFrancs } from '@ecolage/money';
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
