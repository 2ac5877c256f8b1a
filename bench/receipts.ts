// Receipt PDFs: render time per receipt (A4 and 80 mm thermal, p50/p95, after a warm-up), without
// and with the school's logo (a 512 px PNG with transparency, prepared once as the server does),
// and the time and size of the zip of 1,000 receipts as the archive route builds it (each PDF
// rendered when the zip reaches it, entries stored). In process, no database: what is measured is
// pdfkit with the embedded font (PDF/A-3b), the QR code and the zip. Run alone with
// `npx tsx bench/receipts.ts`.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { amountInFrenchWords } from '@ecolage/money';
import sharp from 'sharp';
import type { ReceiptContent } from '../apps/server/src/modules/receipts';
import { renderReceiptPdf } from '../apps/server/src/modules/receipts';
import { prepareReceiptLogo } from '../apps/server/src/modules/receipts/receipt-look';
import type { ReceiptLook } from '../apps/server/src/modules/receipts/receipt-view';
import { zipFiles } from '../apps/server/src/modules/receipts/receipts-archive';
import { percentile } from './lib/in-process';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 1_000);
const FIRST = ['Kossi', 'Afi', 'Yao', 'Ama', 'Komla', 'Essi', 'Kodjo', 'Akossiwa', 'Mawuli'];
const LAST = ['Agbéko', 'Mensah', 'Kpodar', 'Lawson', 'Amegan', 'Dossou', 'Ɖogbe', 'Tchalla'];
const MONTHS = ['septembre', 'octobre', 'novembre', 'décembre', 'janvier', 'février', 'mars'];

/** A plausible receipt: one or two students, one to three invoices, some with a discount. */
function sampleReceipt(index: number) {
  const name = (offset: number) =>
    `${FIRST[(index + offset) % FIRST.length]} ${LAST[(index * 7 + offset) % LAST.length]}`;
  const students = Array.from({ length: 1 + (index % 2) }, (_, offset) => ({
    id: `s-${index}-${offset}`,
    name: name(offset),
    matricule: `STU-${String(100 + ((index + offset) % 900)).padStart(3, '0')}`,
    programme: offset ? 'Master Droit' : 'Licence Informatique',
    level: offset ? 'M1' : 'L1',
  }));
  const invoices = Array.from({ length: 1 + (index % 3) }, (_, offset) => {
    const month = MONTHS[(index + offset) % MONTHS.length]!;
    const lines = [{ label: `Scolarité ${month} 2026`, amount: 150_000 }];
    if ((index + offset) % 4 === 0)
      lines.push({ label: 'Réduction fratrie (10 %)', amount: -15_000 });
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    return {
      number: `ST-2026-${String(index * 3 + offset + 1).padStart(4, '0')}`,
      label: `Mensualité ${month} 2026`,
      studentName: students[offset % students.length]!.name,
      amountApplied: total,
      lines,
    };
  });
  const amount = invoices.reduce((sum, invoice) => sum + invoice.amountApplied, 0);
  const issuedAt = new Date(Date.UTC(2026, 9, 1) + index * 600_000).toISOString();
  const content: ReceiptContent = {
    school: {
      name: 'Lycée Les Cocotiers',
      address: '12 rue des Flamboyants, Lomé',
      phone: '+22890112233',
      email: 'contact@cocotiers.tg',
      logo: null,
      brandColor: '#484D9B',
    },
    number: `REC-2026-${String(index + 1).padStart(6, '0')}`,
    issuedAt,
    timeZone: 'Africa/Lome',
    paidAt: issuedAt,
    payer: { name: name(5), phone: `+2289011${String(index).padStart(4, '0')}` },
    students,
    invoices,
    creditAmount: 0,
    amount,
    amountInWords: amountInFrenchWords(amount),
    method: index % 3 === 0 ? 'CASH' : 'MTN',
    provider: index % 3 === 0 ? 'desk' : 'mtn',
    providerRef: index % 3 === 0 ? null : `MP${260_000_000 + index}`,
    remainingBalance: 1_350_000 - amount,
    cashierName: index % 3 === 0 ? 'Awa Kpodar' : null,
    verificationUrl: `https://ecolage.tg/verifier/${Buffer.from(`code-${index}-receipt`).toString('base64url')}`,
  };
  return { content, amount, refundedAmount: index % 50 === 0 ? 15_000 : 0 };
}

/** A school's logo as the settings store it: a 512 px PNG, with transparency around a crest. */
async function sampleLook(): Promise<ReceiptLook> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
    <circle cx="256" cy="256" r="230" fill="#0B7A3E"/><rect x="156" y="150" width="200" height="212"
    rx="24" fill="#F2C230"/><text x="256" y="300" font-size="120" text-anchor="middle"
    fill="#0B7A3E">ŊK</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { color: '#0B7A3E', logo: await prepareReceiptLogo(png) };
}

async function renderTimes(format: 'a4' | 'thermal', count: number, look?: ReceiptLook) {
  const receipts = Array.from({ length: count }, (_, index) => sampleReceipt(index));
  for (const receipt of receipts.slice(0, 20)) await renderReceiptPdf(receipt, format, look);
  const times: number[] = [];
  let bytes = 0;
  for (const receipt of receipts) {
    const started = performance.now();
    const pdf = await renderReceiptPdf(receipt, format, look);
    times.push(performance.now() - started);
    bytes += pdf.length;
  }
  times.sort((a, b) => a - b);
  return {
    receipts: count,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    averageKiB: Math.round(bytes / count / 102.4) / 10,
  };
}

async function zipTime(count: number) {
  const receipts = Array.from({ length: count }, (_, index) => sampleReceipt(index));
  let size = 0;
  const started = performance.now();
  await pipeline(
    zipFiles(
      receipts.map((receipt) => ({
        name: `${receipt.content.number}.pdf`,
        mtime: new Date(receipt.content.issuedAt),
        content: () => renderReceiptPdf(receipt, 'a4'),
      })),
    ),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done();
      },
    }),
  );
  return {
    receipts: count,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    sizeMiB: Math.round((size / 1024 / 1024) * 100) / 100,
  };
}

export async function benchReceipts() {
  const look = await sampleLook();
  const a4 = await renderTimes('a4', 300);
  const a4WithLogo = await renderTimes('a4', 300, look);
  const thermal = await renderTimes('thermal', 300);
  const thermalWithLogo = await renderTimes('thermal', 300, look);
  const zip = await zipTime(RECEIPTS);
  return { a4, a4WithLogo, thermal, thermalWithLogo, zip };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchReceipts(), null, 2));
}
