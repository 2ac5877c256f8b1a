import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText as readPdfText } from '../test/pdf-text';
import { FONT, fontFile, fontkit, newArchivalPdf, pdfText, pdfToBuffer } from './pdf';

/** Every letter a Togolese school's papers must draw. */
const NEEDED = [
  ...'ɖɛɔŋƒʋɣƉƐƆŊƑƲƔ',
  ...'àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛÜŸŒÆ',
  ...'«»’‘“”€—–…·°',
  '\u202F',
  '\u00A0',
];

const NAMES = ['Ɖosseh Kɔffi Ŋlɔ', 'Ɛyram Ʋɔvɔ', 'École Ŋkɔ', 'Ƒiafe Ɣeyiɣi'];

function havePoppler(): boolean {
  try {
    execFileSync('pdffonts', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function sample(author = 'École Ŋkɔ'): Promise<Buffer> {
  const doc = newArchivalPdf({
    size: [595.28, 841.89],
    margin: 40,
    title: 'Reçu REC-2026-000001',
    author,
    subject: 'Reçu de paiement',
    createdAt: new Date('2026-10-01T08:30:00.123Z'),
  });
  doc.font(FONT.bold).fontSize(14).text(pdfText(NAMES[0]!));
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(pdfText(`${NAMES[1]} — 150\u202F000 FCFA`));
  doc.font(FONT.italic).text(pdfText(NAMES.slice(2).join(' · ')));
  return pdfToBuffer(doc);
}

const folder = mkdtempSync(path.join(tmpdir(), 'pdf-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the embedded font', () => {
  it.each(Object.keys(FONT) as (keyof typeof FONT)[])(
    'has a glyph for every letter of Togolese names (%s face)',
    (face) => {
      const font = fontkit.create(readFileSync(fontFile(face)));
      const missing = NEEDED.filter((letter) => !font.hasGlyphForCodePoint(letter.codePointAt(0)!));
      expect(missing).toEqual([]);
    },
  );
});

describe('pdfText', () => {
  it('keeps names letter for letter, composed', () => {
    for (const name of NAMES) expect(pdfText(name)).toBe(name);
    expect(pdfText('E\u0301le\u0300ve')).toBe('Élève');
    expect(pdfText('150\u202F000 FCFA « reçu » l’école')).toBe(
      '150\u202F000 FCFA « reçu » l’école',
    );
  });

  it('writes what the font cannot draw as « ? », control characters as spaces', () => {
    expect(pdfText('Nguyễn 李')).toBe('Nguyễn ?');
    expect(pdfText('a\tb\u0007c\nd')).toBe('a b c\nd');
  });
});

describe('newArchivalPdf', () => {
  it('writes a PDF/A-3b: version 1.7, XMP with pdfaid and the info, an sRGB output intent', async () => {
    const pdf = await sample('École Ŋkɔ & <Fils>');
    const bytes = pdf.toString('latin1');
    expect(bytes.startsWith('%PDF-1.7\n')).toBe(true);
    const xmp = pdf.toString('utf8').match(/<\?xpacket begin[\s\S]*?<\?xpacket end="w"\?>/)?.[0];
    expect(xmp).toBeDefined();
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(xmp).toContain('<rdf:li xml:lang="x-default">Reçu REC-2026-000001</rdf:li>');
    expect(xmp).toContain('<rdf:li>École Ŋkɔ &amp; &lt;Fils&gt;</rdf:li>');
    expect(xmp).toContain('<xmp:CreateDate>2026-10-01T08:30:00Z</xmp:CreateDate>');
    expect(xmp).toContain('<xmp:ModifyDate>2026-10-01T08:30:00Z</xmp:ModifyDate>');
    expect(xmp).toContain('<pdf:Producer>Écolage</pdf:Producer>');
    expect(bytes).toMatch(/\/Metadata \d+ 0 R/);
    expect(bytes).toMatch(/\/OutputIntents \[\d+ 0 R\]/);
    expect(bytes).toMatch(/\/S \/GTS_PDFA1/);
    expect(bytes).toMatch(/\/DestOutputProfile \d+ 0 R/);
    expect(bytes).toMatch(/\/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\]/);
  });

  it('embeds every font it uses and none of the standard ones', async () => {
    const bytes = (await sample()).toString('latin1');
    const baseFonts = [...bytes.matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map((m) => m[1]);
    expect(baseFonts.length).toBeGreaterThan(0);
    for (const name of baseFonts) expect(name).toMatch(/^[A-Z]{6}\+DejaVuSansCondensed/);
    const descriptors = bytes.match(/\/Type \/FontDescriptor[^>]*/g) ?? [];
    expect(descriptors).toHaveLength(3);
    for (const descriptor of descriptors) expect(descriptor).toMatch(/\/FontFile2 \d+ 0 R/);
  });

  it('is the same bytes for the same content (its date is the document’s, not now)', async () => {
    expect((await sample()).equals(await sample())).toBe(true);
  });

  it('reads back the names exactly (pdf.js)', async () => {
    const [text] = await readPdfText(await sample());
    for (const name of NAMES) expect(text).toContain(name);
  });

  it.runIf(havePoppler())(
    'shows every font embedded to pdffonts and the names to pdftotext',
    async () => {
      const file = path.join(folder, 'sample.pdf');
      writeFileSync(file, await sample());
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n');
      const rows = fonts.slice(2);
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row).toMatch(/CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
      }
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      for (const name of NAMES) expect(text).toContain(name);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/PDF version:\s+1\.7/);
      expect(info).toMatch(/Author:\s+École Ŋkɔ/);
    },
  );
});
