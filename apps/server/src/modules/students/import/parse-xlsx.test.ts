import { ImportMessages } from '@ecolage/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HEADERS, line } from './import.test-support';
import { readImportFile } from './read-import-file';
import { inlineRow, SHEET_END, SHEET_START, xlsxFile } from './xlsx-files.test-support';
import { XmlStream, type XmlHandler } from './xml-stream';

function recorder() {
  const events: string[] = [];
  const handler: XmlHandler = {
    open: (name, attributes) => events.push(`<${name} ${JSON.stringify(attributes)}>`),
    close: (name) => events.push(`</${name}>`),
    text: (text) => {
      // Text may come in pieces: join consecutive ones.
      const last = events.length - 1;
      if (events[last]?.startsWith('#')) events[last] += text;
      else events.push(`#${text}`);
    },
  };
  return { events, handler };
}

describe('The streaming XML reader of workbook parts', () => {
  const document =
    '<?xml version="1.0"?><x:sst xmlns:x="urn:a"><!-- note --><x:si a="1 &gt; 0" b=\'&quot;\'>' +
    '<x:t xml:space="preserve">Adjoa &amp; Kossi &#233;&#x00E8; &lt;3</x:t><x:rPh/></x:si>' +
    '<x:si><x:t><![CDATA[a < b]]></x:t></x:si></x:sst>';

  it('reads the same elements and text however the document is cut into pieces', () => {
    const whole = recorder();
    new XmlStream(whole.handler).feed(document);
    expect(whole.events).toEqual([
      '<sst {"x":"urn:a"}>',
      '<si {"a":"1 > 0","b":"\\""}>',
      '<t {"space":"preserve"}>',
      '#Adjoa & Kossi éè <3',
      '</t>',
      '<rPh {}>',
      '</rPh>',
      '</si>',
      '<si {}>',
      '<t {}>',
      '#a < b',
      '</t>',
      '</si>',
      '</sst>',
    ]);
    for (let cut = 1; cut < document.length; cut += 1) {
      const pieces = recorder();
      const stream = new XmlStream(pieces.handler);
      stream.feed(document.slice(0, cut));
      stream.feed(document.slice(cut));
      expect(pieces.events, `cut at ${cut}`).toEqual(whole.events);
    }
  });

  it('refuses a DOCTYPE (entity expansion) and a tag that never ends', () => {
    const { handler } = recorder();
    expect(() => new XmlStream(handler).feed('<!DOCTYPE x [<!ENTITY a "aaaa">]><x/>')).toThrow(
      'DOCTYPE refusé',
    );
    const stream = new XmlStream(handler);
    expect(() => {
      for (let piece = 0; piece < 20; piece += 1) stream.feed(`<c a="${'b'.repeat(4096)}`);
    }).toThrow('balise trop longue');
  });
});

describe('Reading an Excel sheet as a stream', () => {
  it('reads what the person typed: numbers, dates, booleans, rich text, links, errors, formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Élèves');
    sheet.addRow(['', ...HEADERS.slice(0, 8), 'Remarque']);
    sheet.addRow([]);
    const row = sheet.addRow(['', ...line({})]);
    row.getCell(2).value = 'STU-007';
    row.getCell(3).value = {
      richText: [{ text: 'Adjoa ' }, { text: 'Agbéko', font: { bold: true } }],
    };
    row.getCell(4).value = 90112233;
    row.getCell(5).value = { text: 'adjoa@exemple.tg', hyperlink: 'mailto:adjoa@exemple.tg' };
    row.getCell(6).value = true;
    row.getCell(7).value = { formula: 'B1', result: 'Licence' };
    row.getCell(8).value = { error: '#N/A' };
    row.getCell(9).value = new Date(Date.UTC(2025, 8, 1));
    row.getCell(10).value = 'ignorée';
    sheet.addRow(['', 'STU-008', 'Kossi Mensah']);
    workbook.addWorksheet('Autre').addRow(['Nom complet']);
    const rows = await readImportFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      {
        line: 3,
        values: {
          matricule: 'STU-007',
          fullName: 'Adjoa Agbéko',
          phone: '90112233',
          email: 'adjoa@exemple.tg',
          status: 'VRAI',
          programme: 'Licence',
          level: '#N/A',
          year: '2025-09-01',
          guardianName: '',
          guardianPhone: '',
          guardianEmail: '',
          guardianRelation: '',
          birthDate: '',
        },
        issues: [{ line: 3, column: 'Programme', message: ImportMessages.formula }],
      },
      expect.objectContaining({
        line: 4,
        values: expect.objectContaining({ matricule: 'STU-008', fullName: 'Kossi Mensah' }),
      }),
    ]);
  });

  it('reads shared strings and inline strings, deflated or stored, and refuses a sheet that is not XML', async () => {
    const sheet =
      SHEET_START +
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>2</v></c></row>' +
      '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>90 11 22 33</t></is></c></row>' +
      SHEET_END;
    const rows = await readImportFile(
      await xlsxFile([sheet], ['Nom complet', 'Afi Koffi', 'Téléphone']),
    );
    expect(rows.map((row) => row.values)).toEqual([
      expect.objectContaining({ fullName: 'Afi Koffi', phone: '90 11 22 33' }),
    ]);
    const stored = await xlsxFile([sheet], ['Nom complet', 'Afi Koffi', 'Téléphone'], {
      compress: false,
    });
    expect(await readImportFile(stored)).toEqual(rows);
    const broken = await xlsxFile([SHEET_START + inlineRow(1, ['Nom complet']) + '<row><c']);
    await expect(readImportFile(broken)).rejects.toThrow(ImportMessages.unreadableXlsx);
    const doctype = await xlsxFile(['<!DOCTYPE x>' + SHEET_START + SHEET_END]);
    await expect(readImportFile(doctype)).rejects.toThrow(ImportMessages.unreadableXlsx);
  });
});
