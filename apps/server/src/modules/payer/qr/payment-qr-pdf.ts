import { formatPhoneNational } from '@ecolage/contracts';
import {
  drawQr,
  FONT,
  newArchivalPdf,
  pdfText,
  pdfToBuffer,
  qrMatrix,
} from '../../../platform/pdf';
import { inkOn, textColor } from '../../../platform/pdf-colors';

/** A4 in points. */
const WIDTH = 595.28;
const HEIGHT = 841.89;
const INK = '#1F2430';
const MUTED = '#5B6170';
const CUT = '#9CA3AF';

type Doc = PDFKit.PDFDocument;

export interface QrSchool {
  name: string;
  /** The school's colour (`#RRGGBB`): its name and the poster's step numbers. */
  color: string;
}

/** One card of a class's sheet; `url` null: the student has no main payer, so no link. */
export interface QrCard {
  fullName: string;
  matricule: string;
  url: string | null;
}

export interface ClassQrSheet {
  school: QrSchool;
  /** « Collège · 6e ». */
  className: string;
  yearLabel: string;
  cards: QrCard[];
}

function newDocument(title: string, school: QrSchool): Doc {
  return newArchivalPdf({
    size: [WIDTH, HEIGHT],
    margin: 0,
    title,
    author: school.name || 'Écolage',
    createdAt: new Date(),
  });
}

/** One line of text, shrunk (down to `minSize`) then cut with an ellipsis to fit `width`. */
function fittedLine(
  doc: Doc,
  text: string,
  at: { x: number; y: number; width: number; size: number; minSize: number },
) {
  const line = pdfText(text);
  doc.fontSize(at.size);
  const size = Math.max(
    at.minSize,
    Math.min(at.size, (at.size * at.width) / Math.max(1, doc.widthOfString(line))),
  );
  doc.fontSize(size);
  let cut = line;
  while (cut.length > 1 && doc.widthOfString(cut) > at.width) cut = cut.slice(0, -2) + '…';
  doc.text(cut, at.x, at.y, { width: at.width, align: 'center', lineBreak: false });
}

const SHEET = { margin: 36, top: 62, footer: 22, gap: 12, columns: 2, rows: 4 };
const CARDS_PER_PAGE = SHEET.columns * SHEET.rows;
const CARD_WIDTH = (WIDTH - 2 * SHEET.margin - (SHEET.columns - 1) * SHEET.gap) / SHEET.columns;
const CARD_HEIGHT =
  (HEIGHT - SHEET.top - SHEET.margin - SHEET.footer - (SHEET.rows - 1) * SHEET.gap) / SHEET.rows;
const CARD_QR = 100;

function drawSheetPage(doc: Doc, sheet: ClassQrSheet, page: number, pages: number) {
  const { margin } = SHEET;
  doc.font(FONT.bold).fontSize(12).fillColor(textColor(sheet.school.color));
  doc.text(pdfText(sheet.school.name), margin, 30, { width: 260, lineBreak: false });
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
  doc.text(
    pdfText(`QR codes de paiement — ${sheet.className} — ${sheet.yearLabel}`),
    margin + 260,
    32,
    { width: WIDTH - 2 * margin - 260, align: 'right', lineBreak: false },
  );
  doc
    .moveTo(margin, 50)
    .lineTo(WIDTH - margin, 50)
    .lineWidth(0.5)
    .strokeColor(CUT)
    .stroke();
  doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
  doc.text(
    pdfText(`Découpez en suivant les pointillés. Page ${page} / ${pages}`),
    margin,
    HEIGHT - SHEET.margin - 8,
    { width: WIDTH - 2 * margin, align: 'center', lineBreak: false },
  );
}

function drawCard(doc: Doc, school: QrSchool, card: QrCard, x: number, y: number) {
  doc
    .roundedRect(x, y, CARD_WIDTH, CARD_HEIGHT, 8)
    .dash(3, { space: 3 })
    .lineWidth(0.6)
    .strokeColor(CUT)
    .stroke();
  doc.undash();
  const inner = { x: x + 12, width: CARD_WIDTH - 24 };
  doc.font(FONT.bold).fillColor(textColor(school.color));
  fittedLine(doc, school.name, { ...inner, y: y + 10, size: 8.5, minSize: 6 });
  doc.font(FONT.bold).fillColor(INK);
  fittedLine(doc, card.fullName, { ...inner, y: y + 23, size: 13, minSize: 8 });
  doc.font(FONT.regular).fillColor(MUTED);
  fittedLine(doc, `Matricule ${card.matricule}`, { ...inner, y: y + 40, size: 9, minSize: 7 });
  const qrX = x + (CARD_WIDTH - CARD_QR) / 2;
  const qrY = y + 52;
  if (card.url) {
    drawQr(doc, qrMatrix(card.url), { x: qrX, y: qrY, size: CARD_QR });
  } else {
    doc.roundedRect(qrX, qrY, CARD_QR, CARD_QR, 6).lineWidth(0.6).strokeColor(CUT).stroke();
    doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
    doc.text(
      pdfText('QR code indisponible : aucun responsable payeur'),
      qrX + 8,
      qrY + CARD_QR / 2 - 14,
      { width: CARD_QR - 16, align: 'center' },
    );
  }
  doc.font(FONT.bold).fillColor(INK);
  fittedLine(doc, 'Scannez pour payer les frais de scolarité', {
    ...inner,
    y: qrY + CARD_QR + 6,
    size: 9,
    minSize: 7,
  });
}

/**
 * A class's sheet of payment QR codes: A4 pages of 2 × 4 cards to cut out, each with the
 * school's name, the student's name and matricule and the QR code of their payment link.
 */
export function renderClassQrSheet(sheet: ClassQrSheet): Promise<Buffer> {
  const doc = newDocument(`QR codes de paiement — ${sheet.className}`, sheet.school);
  const pages = Math.max(1, Math.ceil(sheet.cards.length / CARDS_PER_PAGE));
  for (let page = 0; page < pages; page += 1) {
    if (page > 0) doc.addPage({ size: [WIDTH, HEIGHT], margin: 0 });
    drawSheetPage(doc, sheet, page + 1, pages);
    const cards = sheet.cards.slice(page * CARDS_PER_PAGE, (page + 1) * CARDS_PER_PAGE);
    cards.forEach((card, index) => {
      const column = index % SHEET.columns;
      const row = Math.floor(index / SHEET.columns);
      const x = SHEET.margin + column * (CARD_WIDTH + SHEET.gap);
      const y = SHEET.top + row * (CARD_HEIGHT + SHEET.gap);
      drawCard(doc, sheet.school, card, x, y);
    });
  }
  return pdfToBuffer(doc);
}

export interface CounterPoster {
  school: QrSchool & { phone: string | null };
  /** The school's pay page. */
  url: string;
}

const POSTER_STEPS = [
  'Scannez ce QR code avec l’appareil photo de votre téléphone.',
  'Saisissez le matricule de l’élève et votre numéro de téléphone.',
  'Entrez le code reçu par SMS, puis payez par mobile money ou par carte.',
];

/**
 * The counter's poster: the school's name, « Payez les frais de scolarité ici », a big QR code
 * to the school's pay page, three numbered steps and the page's address written out.
 */
export function renderCounterPoster(poster: CounterPoster): Promise<Buffer> {
  const doc = newDocument(`Payez les frais de scolarité — ${poster.school.name}`, poster.school);
  const margin = 56;
  const width = WIDTH - 2 * margin;
  doc.font(FONT.bold).fontSize(26).fillColor(textColor(poster.school.color));
  doc.text(pdfText(poster.school.name), margin, 56, { width, align: 'center' });
  doc.font(FONT.bold).fontSize(30).fillColor(INK);
  doc.text(pdfText('Payez les frais de scolarité ici'), margin, doc.y + 10, {
    width,
    align: 'center',
  });
  const qrSize = 320;
  const qrY = doc.y + 22;
  drawQr(doc, qrMatrix(poster.url), { x: (WIDTH - qrSize) / 2, y: qrY, size: qrSize });

  let y = qrY + qrSize + 26;
  POSTER_STEPS.forEach((step, index) => {
    const radius = 14;
    doc.circle(margin + 30 + radius, y + radius - 2, radius).fill(poster.school.color);
    doc.font(FONT.bold).fontSize(15).fillColor(inkOn(poster.school.color));
    doc.text(String(index + 1), margin + 30, y + radius - 9, {
      width: radius * 2,
      align: 'center',
      lineBreak: false,
    });
    doc.font(FONT.regular).fontSize(15).fillColor(INK);
    const textX = margin + 30 + radius * 2 + 14;
    doc.text(pdfText(step), textX, y + 3, { width: WIDTH - margin - 30 - textX });
    y = Math.max(doc.y, y + radius * 2) + 14;
  });

  doc.font(FONT.regular).fontSize(11).fillColor(MUTED);
  doc.text(pdfText('Ou ouvrez cette adresse dans votre navigateur :'), margin, y + 6, {
    width,
    align: 'center',
  });
  doc.font(FONT.bold).fillColor(INK);
  fittedLine(doc, poster.url, { x: margin, y: doc.y + 4, width, size: 17, minSize: 9 });
  if (poster.school.phone) {
    doc.font(FONT.regular).fontSize(11).fillColor(MUTED);
    doc.text(
      pdfText(`Une question ? Appelez l’école au ${formatPhoneNational(poster.school.phone)}.`),
      margin,
      HEIGHT - 56,
      { width, align: 'center', lineBreak: false },
    );
  }
  return pdfToBuffer(doc);
}
