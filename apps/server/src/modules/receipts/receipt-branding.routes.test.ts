import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { saveUpload } from '../../platform/storage';
import { openInvoices } from '../../test/payments-harness';
import { pdfText } from '../../test/pdf-text';
import { ok, setUpProgrammes, signUpSchool } from '../../test/school-fixture';
import { testFileStorage, useTestApp } from '../../test/test-app';
import { LOGO_FOLDER, updateSchoolSettings } from '../organizations';
import { paidWithReceipt } from './receipts.test-support';

const STUDENT = 'Ɖosseh Kɔffi Ŋlɔ';
const PAYER = 'Ɛyram Ʋɔvɔ';
const SCHOOL = 'École Ŋkɔ';
const BRAND = { hex: '#0B7A3E', rgb: [0x0b, 0x7a, 0x3e] };
const LOGO_RED = [0xd6, 0x28, 0x28];

function havePoppler(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A 2:1 logo with transparent margins around a solid block of the colour. */
function logoPng([r, g, b]: number[]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">
    <rect x="20" y="20" width="360" height="160" fill="rgb(${r},${g},${b})"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const folder = mkdtempSync(path.join(tmpdir(), 'receipt-branding-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The first page at 72 dpi (a pixel a point), as RGB pixels. */
async function firstPagePixels(pdf: Buffer, name: string) {
  const file = path.join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '72', '-singlefile', file, path.join(folder, name)]);
  const { data, info } = await sharp(readFileSync(path.join(folder, `${name}.png`)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
  ];
  const near = (pixel: number[], [r, g, b]: number[]) =>
    Math.abs(pixel[0]! - r!) + Math.abs(pixel[1]! - g!) + Math.abs(pixel[2]! - b!) < 24;
  const count = (color: number[]) => {
    let found = 0;
    for (let offset = 0; offset < data.length; offset += 3) {
      if (near([data[offset]!, data[offset + 1]!, data[offset + 2]!], color)) found += 1;
    }
    return found;
  };
  return { at, near, count };
}

describe('Receipts in the school’s look', () => {
  const files = testFileStorage(path.join(folder, 'uploads'));
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000, storage: files });

  async function brandedSchool() {
    const school = await signUpSchool(app(), `École ${Math.random().toString(36).slice(2, 8)}`);
    const { call } = school;
    const { year, l1 } = await setUpProgrammes(call);
    const student = await ok(call('POST', '/api/students', { fullName: STUDENT }), 201);
    const link = await ok(
      call('POST', `/api/students/${student.id}/guardians`, {
        fullName: PAYER,
        phone: '+22891234567',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    await ok(
      call('POST', `/api/students/${student.id}/enrolments`, {
        levelId: l1.id,
        academicYearId: year.id,
      }),
      201,
    );
    await database().db.transaction((tx) =>
      updateSchoolSettings(tx, school.organizationId, {
        name: SCHOOL,
        address: '12 rue des Écoles, Tokoin',
        city: 'Lomé',
        supportPhone: '+22890123456',
        contactEmail: 'contact@ecole-nko.tg',
        brandColor: BRAND.hex,
      }),
    );
    const [invoice] = await openInvoices(call, student.id);
    const receipt = await paidWithReceipt(
      database().db,
      { organizationId: school.organizationId, guardianId: link.id },
      { amount: 50_000, invoiceIds: [invoice!.id] },
    );
    return { ...school, receipt };
  }

  async function setLogo(organizationId: string, color: number[], version: string) {
    const logoFile = await saveUpload(files, LOGO_FOLDER, await logoPng(color), 'png');
    await database().db.transaction((tx) =>
      updateSchoolSettings(tx, organizationId, { logoFile, logoVersion: version }),
    );
  }

  it('prints the school’s address, phone (national format), e-mail and the names as typed', async () => {
    const school = await brandedSchool();
    expect(school.receipt.content.school).toMatchObject({
      address: '12 rue des Écoles, Tokoin, Lomé',
      phone: '+22890123456',
      email: 'contact@ecole-nko.tg',
      country: 'TG',
    });
    for (const format of ['a4', 'thermal']) {
      const response = await school.call(
        'GET',
        `/api/receipts/${school.receipt.id}/pdf?format=${format}`,
      );
      expect(response.statusCode).toBe(200);
      const text = (await pdfText(response.rawPayload)).join('\n');
      for (const expected of [STUDENT, PAYER, SCHOOL, '12 rue des Écoles, Tokoin, Lomé']) {
        expect(text).toContain(expected);
      }
      expect(text).toContain('Tél. 90 12 34 56 · contact@ecole-nko.tg');
      expect(text).toContain('91 23 45 67');
    }
  });

  it('draws the logo in colour on A4 and in grey on 80 mm, the initials without one', async () => {
    const school = await brandedSchool();
    const before = await school.call('GET', `/api/receipts/${school.receipt.id}/pdf`);
    const unbranded = await app().inject({
      method: 'GET',
      url: `/api/public/receipts/${school.receipt.verificationCode}`,
    });
    expect(unbranded.json().schoolLogoUrl).toBeNull();
    expect(before.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');

    await setLogo(school.organizationId, LOGO_RED, 'v1');
    const a4 = (await school.call('GET', `/api/receipts/${school.receipt.id}/pdf`)).rawPayload;
    const a4Bytes = a4.toString('latin1');
    expect(a4Bytes).toContain('/Subtype /Image');
    expect(a4Bytes).toMatch(/\/ColorSpace \/DeviceRGB/);
    expect(a4Bytes).not.toContain('/SMask');
    const ticket = (
      await school.call('GET', `/api/receipts/${school.receipt.id}/pdf?format=thermal`)
    ).rawPayload.toString('latin1');
    expect(ticket).toContain('/Subtype /Image');
    expect(ticket).toMatch(/\/ColorSpace \/DeviceGray/);
    // The public download (the payer's, by the QR code's secret) is in the same look.
    const code = school.receipt.verificationCode;
    const publicPdf = await app().inject({
      method: 'GET',
      url: `/api/public/receipts/${code}/pdf`,
    });
    expect(publicPdf.statusCode).toBe(200);
    expect(publicPdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    // The verification page the QR code opens shows the logo too.
    const verification = await app().inject({ method: 'GET', url: `/api/public/receipts/${code}` });
    expect(verification.json().schoolLogoUrl).toMatch(
      /^\/api\/public\/schools\/[a-z0-9-]+\/logo\?v=v1$/,
    );
  });

  it.runIf(havePoppler())(
    'shows the logo and the school’s colour in the rendered pixels; a new logo shows at once',
    async () => {
      const school = await brandedSchool();
      await setLogo(school.organizationId, LOGO_RED, 'v1');
      const url = `/api/receipts/${school.receipt.id}/pdf`;
      const page = await firstPagePixels((await school.call('GET', url)).rawPayload, 'red');
      // The logo's box is 54 pt square at the top-left margin (42 pt): a 2:1 logo fills its middle.
      expect(page.near(page.at(69, 69), LOGO_RED)).toBe(true);
      // The rule under the letterhead and the « TOTAL PAYÉ » band are in the school's colour.
      expect(page.count(BRAND.rgb)).toBeGreaterThan(10_000);

      await setLogo(school.organizationId, [0x1d, 0x4e, 0xd8], 'v2');
      const after = await firstPagePixels((await school.call('GET', url)).rawPayload, 'blue');
      expect(after.near(after.at(69, 69), [0x1d, 0x4e, 0xd8])).toBe(true);

      const fonts = execFileSync('pdffonts', [path.join(folder, 'blue.pdf')], {
        encoding: 'utf8',
      });
      const rows = fonts.trim().split('\n').slice(2);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatch(/CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
      const text = execFileSync(
        'pdftotext',
        ['-enc', 'UTF-8', path.join(folder, 'blue.pdf'), '-'],
        {
          encoding: 'utf8',
        },
      );
      expect(text).toContain(STUDENT);
      expect(text).toContain(PAYER);
      expect(text).toContain(SCHOOL);
      expect(text).toContain('90 12 34 56');
    },
  );

  it('keeps drawing receipts when the logo file is gone (the initials instead)', async () => {
    const school = await brandedSchool();
    await database().db.transaction((tx) =>
      updateSchoolSettings(tx, school.organizationId, {
        logoFile: '00000000-0000-4000-8000-000000000000.png',
        logoVersion: 'gone',
      }),
    );
    const response = await school.call('GET', `/api/receipts/${school.receipt.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });
});
