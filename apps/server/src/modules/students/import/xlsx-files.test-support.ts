import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * Test files of the import: the smallest Excel workbooks (one sheet, optional shared strings),
 * written as a stream so that a sheet of a million rows or of hundreds of megabytes costs the
 * test only its compressed size.
 */

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Feuil1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

export const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_END = '</sheetData></worksheet>';

/** A row of inline-string cells, from column A. */
export function inlineRow(line: number, cells: string[]): string {
  const cell = (text: string, index: number) =>
    `<c r="${String.fromCharCode(65 + index)}${line}" t="inlineStr"><is><t>${text}</t></is></c>`;
  return `<row r="${line}">${cells.map(cell).join('')}</row>`;
}

/** `count` pieces of the sheet, each made of `rows` rows, generated as they are zipped. */
export function* rowPieces(
  count: number,
  rowOf: (line: number) => string,
  rowsPerPiece = 10_000,
): Generator<string> {
  for (let first = 0; first < count; first += rowsPerPiece) {
    const rows: string[] = [];
    for (let line = first; line < Math.min(count, first + rowsPerPiece); line += 1) {
      rows.push(rowOf(line));
    }
    yield rows.join('');
  }
}

/**
 * A workbook whose first sheet is made of `sheet`'s pieces (shared strings: `<si>` texts),
 * deflated or, with `compress: false`, stored as is.
 */
export async function xlsxFile(
  sheet: Iterable<string | Buffer>,
  sharedStrings: string[] = [],
  { compress = true } = {},
): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(contentTypes), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(rootRels), '_rels/.rels');
  zip.addBuffer(Buffer.from(workbook), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(workbookRels), 'xl/_rels/workbook.xml.rels');
  const texts = sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('');
  zip.addBuffer(
    Buffer.from(
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${texts}</sst>`,
    ),
    'xl/sharedStrings.xml',
  );
  zip.addReadStream(Readable.from(sheet), 'xl/worksheets/sheet1.xml', { compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The archive with the sheet's declared (central directory) size replaced: a lying header. */
export function withDeclaredSheetSize(bytes: Buffer, size: number): Buffer {
  const copy = Buffer.from(bytes);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (let at = copy.length - 46; at >= 0; at -= 1) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const length = copy.readUInt16LE(at + 28);
    if (copy.subarray(at + 46, at + 46 + length).equals(name)) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error('feuille introuvable dans l’archive');
}
