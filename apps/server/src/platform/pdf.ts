import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** What is used of a font read by fontkit (pdfkit's font reader, which has no types of its own). */
export interface FontkitFont {
  /** Every code point the font maps to a glyph. */
  characterSet: number[];
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** fontkit, as pdfkit reads fonts. */
export const fontkit = createRequire(import.meta.url)('fontkit') as {
  create(buffer: Uint8Array): FontkitFont;
};

/**
 * The faces every PDF the school hands out draws with: DejaVu Sans Condensed (npm
 * `dejavu-fonts-ttf`, Bitstream Vera licence), embedded as a subset. It draws every letter of
 * Togolese names (Ewe and Kabiyè ɖ ɛ ɔ ŋ ƒ ʋ ɣ and their capitals), French, « » ’ € and the
 * narrow no-break space of French amounts; its condensed widths are close to Helvetica's.
 */
export const FONT = {
  regular: 'Texte',
  bold: 'Texte-Gras',
  italic: 'Texte-Italique',
} as const;

type Face = keyof typeof FONT;

const FACE_FILES: Record<Face, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
};

/**
 * Where a face's file is: resolved from node_modules (npm dependencies stay outside the server's
 * bundle, like pdfkit's own data files and sRGB profile).
 */
export function fontFile(face: Face): string {
  return createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${FACE_FILES[face]}`);
}

let faceBytes: Record<Face, Buffer> | undefined;
/** The faces' bytes, read once per process. */
function faces(): Record<Face, Buffer> {
  faceBytes ??= {
    regular: readFileSync(fontFile('regular')),
    bold: readFileSync(fontFile('bold')),
    italic: readFileSync(fontFile('italic')),
  };
  return faceBytes;
}

/** pdfkit's embedded-font class and the document fields that hold a document's fonts. */
type EmbeddedFontClass = new (
  doc: PDFKit.PDFDocument,
  font: FontkitFont,
  id: string,
) => { layoutCache?: Record<string, unknown> };
interface DocumentFonts {
  _font: { constructor: EmbeddedFontClass };
  _fontFamilies: Record<string, object>;
  _fontCount: number;
}

let parsed: { faces: Record<Face, FontkitFont>; EmbeddedFont: EmbeddedFontClass } | undefined;
/**
 * The faces parsed once per process. pdfkit parses a font's file for each document it is
 * registered in; its tables (character map, metrics, OpenType layout) cost about 7 ms a face on
 * the first line drawn. A parsed font only answers questions (glyphs, layout): each document
 * still gets its own embedded font (pdfkit's class, with the document's subset and widths).
 */
function parsedFaces() {
  if (!parsed) {
    const probe = new PDFDocument({ autoFirstPage: false, font: faces().regular as never });
    parsed = {
      EmbeddedFont: (probe as unknown as DocumentFonts)._font.constructor,
      faces: {
        regular: fontkit.create(faces().regular),
        bold: fontkit.create(faces().bold),
        italic: fontkit.create(faces().italic),
      },
    };
  }
  return parsed;
}

/** Words at most in a face's shared layout cache: then it starts afresh (a few MB at most). */
const MAX_CACHED_WORDS = 5_000;
const layouts: Partial<Record<Face, Record<string, unknown>>> = {};

/**
 * A face's layout of words (glyphs and positions, in font units: the same at any size), shared by
 * every document: pdfkit keeps one per document, and shaping a word costs more than drawing it.
 * Only read once made (each document adds the glyphs it draws to its own subset).
 */
function sharedLayouts(face: Face): Record<string, unknown> {
  let cache = layouts[face];
  if (!cache || Object.keys(cache).length > MAX_CACHED_WORDS) {
    cache = Object.create(null) as Record<string, unknown>;
    layouts[face] = cache;
  }
  return cache;
}

let drawable: Set<number> | undefined;
/** The code points every face has a glyph for. */
function drawableCodePoints(): Set<number> {
  if (!drawable) {
    const [first, ...others] = Object.values(parsedFaces().faces).map(
      (font) => new Set(font.characterSet),
    );
    drawable = new Set([...first!].filter((code) => others.every((set) => set.has(code))));
  }
  return drawable;
}

/**
 * The text as the embedded font draws it, letter for letter (composed, NFC): names keep their
 * Ewe and Kabiyè letters; a character the font lacks becomes « ? » (never the empty box of a
 * missing glyph, which PDF/A forbids), a control character a space; line breaks stay.
 */
export function pdfText(text: string): string {
  const letters = drawableCodePoints();
  let result = '';
  for (const character of text.normalize('NFC')) {
    const code = character.codePointAt(0)!;
    if (character === '\n') result += character;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) result += ' ';
    else result += letters.has(code) ? character : '?';
  }
  return result;
}

export interface ArchivalPdfOptions {
  size: [number, number];
  margin: number;
  title: string;
  /** The school that hands the paper out. */
  author: string;
  subject?: string;
  /** The document's date (info and XMP): a receipt's issue, so the same receipt is the same bytes. */
  createdAt: Date;
  /** Keep pages open to draw footers once every page exists. */
  bufferPages?: boolean;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (character) =>
      ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[character]!,
  );

const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The XMP description of the document's info, equal to its info dictionary as PDF/A asks (title,
 * author, subject, creator tool, producer, creation and modification dates), escaped. pdfkit's own
 * leaves ModifyDate out, takes the producer from Creator and does not escape « & » or « < ».
 */
function xmpInfo(info: PDFKit.DocumentInfo & { Producer: string; Creator: string }): string {
  const alt = (text: string) =>
    `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  return [
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    `<xmp:CreateDate>${xmpDate(info.CreationDate!)}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${xmpDate(info.ModDate!)}</xmp:ModifyDate>`,
    `<xmp:CreatorTool>${escapeXml(info.Creator)}</xmp:CreatorTool>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title>${alt(info.Title!)}</dc:title>`,
    `<dc:creator><rdf:Seq><rdf:li>${escapeXml(info.Author!)}</rdf:li></rdf:Seq></dc:creator>`,
    ...(info.Subject ? [`<dc:description>${alt(info.Subject)}</dc:description>`] : []),
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">',
    `<pdf:Producer>${escapeXml(info.Producer)}</pdf:Producer>`,
    '</rdf:Description>',
  ].join('\n');
}

/**
 * A new PDF/A-3b document (PDF 1.7): the embedded faces registered under `FONT` (the regular one
 * current), French as its language, an sRGB output intent (pdfkit's profile), and XMP metadata
 * with `pdfaid:part` 3 and `pdfaid:conformance` B beside its info. No standard font may be used
 * in it: they are not embedded.
 */
export function newArchivalPdf(options: ArchivalPdfOptions): PDFKit.PDFDocument {
  const info = {
    Title: pdfText(options.title),
    Author: pdfText(options.author),
    ...(options.subject ? { Subject: pdfText(options.subject) } : {}),
    Creator: 'Écolage',
    Producer: 'Écolage',
    CreationDate: options.createdAt,
    ModDate: options.createdAt,
  };
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin,
    bufferPages: options.bufferPages ?? false,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    lang: 'fr-FR',
    displayTitle: true,
    // No standard font opened (Helvetica's metrics read for nothing): the regular face is first.
    font: null as unknown as string,
    info,
  });
  // The faces, parsed once, put where `doc.font(FONT.bold)` finds a document's opened fonts.
  const { EmbeddedFont, faces: fonts } = parsedFaces();
  const documentFonts = doc as unknown as DocumentFonts;
  for (const face of Object.keys(FONT) as Face[]) {
    const font = new EmbeddedFont(doc, fonts[face], `F${++documentFonts._fontCount}`);
    font.layoutCache = sharedLayouts(face);
    documentFonts._fontFamilies[FONT[face]] = font;
  }
  doc.font(FONT.regular);
  // pdfkit writes the info's XMP through this method when the document ends.
  Object.assign(doc, {
    _addInfo(this: PDFKit.PDFDocument & { appendXML(xml: string): void }) {
      this.appendXML(xmpInfo(info));
    },
  });
  return doc;
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
