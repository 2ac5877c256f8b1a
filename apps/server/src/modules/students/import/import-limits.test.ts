import { ImportMessages, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import {
  csvText,
  line,
  setUpImportSchool,
  uploadFile,
  type ImportSchool,
} from './import.test-support';
import { readImportFile } from './read-import-file';
import {
  inlineRow,
  rowPieces,
  SHEET_END,
  SHEET_START,
  withDeclaredSheetSize,
  xlsxFile,
} from './xlsx-files.test-support';
import { MAX_PART_BYTES, MAX_RATIO } from './zip-entries';

/** A sheet: the header « Nom complet », `count` one-cell rows, then `tail` (raw XML). */
function* oneCellSheet(count: number, tail = ''): Generator<string> {
  yield SHEET_START + inlineRow(1, ['Nom complet']);
  yield* rowPieces(count, (index) => {
    const row = index + 2;
    return `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>Élève ${index}</t></is></c></row>`;
  });
  yield tail + SHEET_END;
}

/** The header row, then `megabytes` of blanks between elements: nothing the row limit sees. */
function* paddedSheet(megabytes: number): Generator<string> {
  yield SHEET_START + inlineRow(1, ['Nom complet']);
  const blanks = ' '.repeat(1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) yield blanks;
  yield inlineRow(2, ['Afi Koffi']) + SHEET_END;
}

const tooManyRows = { code: 'IMPORT_TOO_MANY_ROWS', message: ImportMessages.tooManyRows };
const tooBig = {
  code: 'IMPORT_TOO_LARGE_UNCOMPRESSED',
  message: ImportMessages.tooLargeUncompressed,
};

describe('Importer des étudiants: files read as a stream, bounded while read', () => {
  const { app, database } = useTestApp();
  let school: ImportSchool;
  const upload = (fileName: string, bytes: Uint8Array) =>
    uploadFile(app(), school.token, fileName, bytes);
  const imports = async () => {
    const result = await database().db.execute<{ count: number }>(
      sql`select count(*)::int as count from student_imports`,
    );
    return result.rows[0]!.count;
  };

  beforeAll(async () => {
    school = await setUpImportSchool(app());
  });

  it('refuses an Excel file of 1,000,000 one-cell rows (a few MB zipped) without holding it', async () => {
    const bytes = await xlsxFile(oneCellSheet(1_000_000));
    expect(bytes.length).toBeLessThan(MAX_IMPORT_BYTES);
    const before = await imports();
    // The process's highest resident memory so far (kB): reading the whole sheet took 900 MB.
    const peakBefore = process.resourceUsage().maxRSS;
    const response = await upload('un-million.xlsx', bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(tooManyRows);
    expect((process.resourceUsage().maxRSS - peakBefore) / 1024).toBeLessThan(200);
    expect(await imports()).toBe(before);
  });

  it('stops reading an Excel sheet at line 50,002: what follows is never read', async () => {
    // A DOCTYPE after the rows makes the sheet unreadable, for a reader that gets that far.
    const bytes = await xlsxFile(oneCellSheet(MAX_IMPORT_ROWS + 1, '<!DOCTYPE bombe>'));
    expect((await upload('trop.xlsx', bytes)).json()).toEqual(tooManyRows);
    const fits = await xlsxFile(oneCellSheet(MAX_IMPORT_ROWS, '<!DOCTYPE bombe>'));
    expect((await upload('juste.xlsx', fits)).json()).toEqual({
      code: 'IMPORT_UNREADABLE_XLSX',
      message: ImportMessages.unreadableXlsx,
    });
    const rows = await readImportFile(await xlsxFile(oneCellSheet(MAX_IMPORT_ROWS)));
    expect(rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(rows.at(-1)).toMatchObject({
      line: MAX_IMPORT_ROWS + 1,
      values: { fullName: `Élève ${MAX_IMPORT_ROWS - 1}` },
    });
  });

  it('refuses a zip bomb (a sheet of 200 MB of blanks in 200 kB) before inflating it, and when its header lies', async () => {
    const bomb = await xlsxFile(paddedSheet(200));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = await imports();
    const response = await upload('bombe.xlsx', bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(tooBig);
    // Declared 4 kB: the inflating itself stops at the bound.
    const liar = await upload('menteur.xlsx', withDeclaredSheetSize(bomb, 4096));
    expect(liar.statusCode).toBe(413);
    expect(liar.json()).toEqual(tooBig);
    expect(await imports()).toBe(before);
  });

  it('refuses a sheet over 100 MB even at an ordinary compression ratio', async () => {
    // Blanks with a tab every 256 bytes or so inflate about 100 times: under the ratio bound.
    const block = Buffer.alloc(1024 * 1024, ' ');
    let seed = 1;
    for (let at = 0; at < block.length;) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      at += 1 + (seed % 512);
      if (at < block.length) block[at] = 0x09;
    }
    function* large(): Generator<string | Buffer> {
      yield SHEET_START + inlineRow(1, ['Nom complet']);
      for (let size = 0; size <= MAX_PART_BYTES; size += block.length) yield block;
      yield SHEET_END;
    }
    const bytes = await xlsxFile(large());
    expect(bytes.length * MAX_RATIO).toBeGreaterThan(MAX_PART_BYTES);
    for (const file of [bytes, withDeclaredSheetSize(bytes, 4096)]) {
      const response = await upload('large.xlsx', file);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(tooBig);
    }
  });

  it('stops reading a CSV past line 50,001: what follows is never parsed', async () => {
    const rows = Array.from({ length: 60_000 }, (_, index) => line({ fullName: `Élève ${index}` }));
    // An unclosed quote at the end makes the file unreadable, for a parser that gets that far.
    const text = `${csvText(rows)}\r\n"Yao;Mensah`;
    const response = await upload('trop.csv', Buffer.from(text));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(tooManyRows);
    const fits = csvText(rows.slice(0, MAX_IMPORT_ROWS));
    expect(await readImportFile(Buffer.from(fits))).toHaveLength(MAX_IMPORT_ROWS);
    const over = csvText(rows.slice(0, MAX_IMPORT_ROWS + 1));
    await expect(readImportFile(Buffer.from(over))).rejects.toThrow(ImportMessages.tooManyRows);
  });
});
