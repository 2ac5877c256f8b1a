import { formatPhone } from '@ecolage/contracts';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvChunks,
  csvLine,
  csvQuoted,
  csvText,
  csvTextLine,
  exportFileName,
  keysetPages,
  writeXlsx,
  type TabularTable,
} from './tabular-export';

interface Row {
  name: string;
  amount: number;
  due: string;
}

async function* pagesOf<T>(...pages: T[][]) {
  for (const page of pages) yield page;
}

const table = (...pages: Row[][]): TabularTable<Row> => ({
  sheetName: 'Essai',
  columns: [
    { header: 'Nom', type: 'text', value: (row) => row.name },
    { header: 'Montant', type: 'integer', value: (row) => row.amount },
    { header: 'Échéance', type: 'date', value: (row) => row.due },
  ],
  pages: pagesOf(...pages),
});

async function collect(iterable: AsyncIterable<string>) {
  let text = '';
  for await (const chunk of iterable) text += chunk;
  return text;
}

describe('tabular export', () => {
  it('CSV: BOM, « ; », CRLF, plain integers, JJ/MM/AAAA, accents kept', async () => {
    const text = await collect(
      csvChunks(
        table(
          [{ name: 'Kossi Agbéko', amount: 1_250_000, due: '2026-11-05' }],
          [{ name: 'Ama', amount: 0, due: '2027-01-15' }],
        ),
      ),
    );
    expect(text).toBe(
      '\uFEFFNom;Montant;Échéance\r\nKossi Agbéko;1250000;05/11/2026\r\nAma;0;15/01/2027\r\n',
    );
  });

  it('CSV: quotes cells with « ; », quotes or line breaks, neutralises formulas', () => {
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('dit "bonjour"')).toBe('"dit ""bonjour"""');
    expect(csvText('ligne 1\nligne 2')).toBe('"ligne 1\nligne 2"');
    expect(csvText('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvText('+22890123456')).toBe("'+22890123456");
    expect(csvText('+228 91 11 08 66=1')).toBe("'+228 91 11 08 66=1");
    expect(csvText('+228 91 A1')).toBe("'+228 91 A1");
    expect(csvText('+228 91\n=1')).toBe(`"'+228 91\n=1"`);
    expect(csvText('\n=1')).toBe(`"'\n=1"`);
    expect(csvText('-1')).toBe("'-1");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\t=1')).toBe("'\t=1");
    expect(csvCell('integer', -5000)).toBe('-5000');
    expect(csvCell('integer', null)).toBe('');
    expect(csvCell('date', new Date('2026-03-09T23:00:00Z'))).toBe('09/03/2026');
  });

  it('CSV: one writer for every file — quoting alone, text lines, lines of written cells', () => {
    expect(csvQuoted('=1;2')).toBe('"=1;2"');
    expect(csvQuoted('-5')).toBe('-5');
    expect(csvQuoted('dit "oui"\r\n')).toBe('"dit ""oui""\r\n"');
    expect(csvTextLine(['Date', null, '=1', undefined, 'a;b'])).toBe(`Date;;'=1;;"a;b"\r\n`);
    expect(csvLine(['1250000', '05/11/2026'])).toBe('1250000;05/11/2026\r\n');
  });

  it('CSV: a phone number as the exports write it stays as is, no apostrophe to show', () => {
    for (const e164 of ['+22891110866', '+2250701020304', '+2348021234567', '+221771234567']) {
      const phone = formatPhone(e164);
      expect(phone).toMatch(/^\+\d/);
      expect(csvText(phone)).toBe(phone);
    }
    expect(csvText('+228 91 11 08 66')).toBe('+228 91 11 08 66');
  });

  it('XLSX: bold frozen header, numbers as numbers with a thousands format, dates as dates', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeXlsx(
      table([
        { name: '=1+1', amount: 1_250_000, due: '2026-11-05' },
        { name: 'Élise', amount: 15, due: '2027-01-15' },
      ]),
      output,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Essai')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nom', 'Montant', 'Échéance']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(20);
    const amount = sheet.getRow(2).getCell(2);
    expect(typeof amount.value).toBe('number');
    expect(amount.value).toBe(1_250_000);
    expect(amount.numFmt).toBe('#,##0');
    const due = sheet.getRow(2).getCell(3);
    expect(due.value).toBeInstanceOf(Date);
    expect((due.value as Date).toISOString()).toBe('2026-11-05T00:00:00.000Z');
    expect(due.numFmt).toBe('dd/mm/yyyy');
    // A typed string cell is never evaluated: it is written as it is.
    expect(sheet.getRow(2).getCell(1).value).toBe('=1+1');
    expect(sheet.getRow(3).getCell(1).value).toBe('Élise');
    expect(sheet.rowCount).toBe(3);
  });

  it('XLSX: a slow download holds back the reads, an abandoned one stops them', async () => {
    let pulled = 0;
    async function* many() {
      for (let page = 0; page < 200; page += 1) {
        pulled += 1;
        yield Array.from({ length: 1000 }, (_, index) => ({
          name: `Étudiant ${page}-${index}`,
          amount: index,
          due: '2026-11-05',
        }));
      }
    }
    const output = new PassThrough();
    const writing = writeXlsx({ ...table(), pages: many() }, output);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled).toBeLessThan(50);
    output.destroy();
    await writing;
    const stoppedAt = pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pulled).toBe(stoppedAt);
  });

  it('reads keyset pages until a short page', async () => {
    const data = Array.from({ length: 7 }, (_, index) => index + 1);
    const afters: (number | undefined)[] = [];
    const pages: number[][] = [];
    for await (const page of keysetPages<number, number>(
      async (after, limit) => {
        afters.push(after);
        return data.filter((value) => value > (after ?? 0)).slice(0, limit);
      },
      (row) => row,
      3,
    )) {
      pages.push(page);
    }
    expect(pages).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(afters).toEqual([undefined, 3, 6]);
  });

  it('names files by subject and school day', () => {
    expect(exportFileName('etudiants', '2026-11-21', 'csv')).toBe('etudiants-2026-11-21.csv');
  });
});
