import {
  DEFAULT_PHONE_COUNTRY,
  formatPhoneNational,
  paymentChannelLabels,
  paymentMethodLabels,
} from '@ecolage/contracts';
import { formatFrancs, sumFrancs } from '@ecolage/money';
import { pdfText } from '../../platform/pdf';
import { formatSchoolDateTime } from './receipt-format';
import { receiptStatus } from './receipt-rules';
import type { ReceiptRow } from './receipts.tables';

export interface ReceiptViewRow {
  label: string;
  /** The invoice's total, or the line's amount. */
  amount: string | null;
  /** What this payment put on it (invoice rows and the credit). */
  applied: string | null;
  kind: 'invoice' | 'line' | 'credit';
}

/**
 * How the school looks on its papers today, looked up when a receipt is drawn: a school that
 * changes its logo or colour changes the look of its receipts, not their facts (the content).
 */
export interface ReceiptLook {
  /** `#RRGGBB`, else the colour frozen in the content. */
  color: string | null;
  /** The logo ready to draw: in colour (A4) and in grey (80 mm thermal paper). */
  logo: { color: Buffer; grey: Buffer } | null;
}

export const NO_LOOK: ReceiptLook = { color: null, logo: null };

/** What the paper prints, ready to draw: every text as the font draws it, every amount formatted. */
export interface ReceiptView {
  number: string;
  issuedAtIso: string;
  issuedAt: string;
  paidAt: string;
  school: {
    name: string;
    address: string | null;
    contact: string | null;
    logo: { color: Buffer; grey: Buffer } | null;
    initials: string;
    color: string;
  };
  payer: { name: string; phone: string | null };
  students: { name: string; matricule: string; programme: string; level: string }[];
  rows: ReceiptViewRow[];
  amount: string;
  amountSentence: string;
  method: string;
  channel: string;
  reference: string | null;
  remainingBalance: string;
  cashierName: string | null;
  verificationUrl: string;
  /** « REMBOURSÉ », « PARTIELLEMENT REMBOURSÉ (15 000 FCFA) », or null while valid. */
  refundMark: string | null;
}

const STOP_WORDS = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'l', 'd', 'au', 'aux']);

/** « LC » for « Lycée Les Cocotiers »: the badge drawn where a school has no logo. */
export function schoolInitials(name: string): string {
  const words = name
    .split(/[\s'’-]+/)
    .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()));
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** A logo data URL (PNG or JPEG) as bytes pdfkit can draw; null for anything else. */
function logoBytes(dataUrl: string | null): Buffer | null {
  const match = dataUrl?.match(/^data:image\/(png|jpe?g);base64,(.+)$/);
  return match ? Buffer.from(match[2]!, 'base64') : null;
}

const isColor = (value: string | null | undefined): value is string =>
  /^#[0-9a-fA-F]{6}$/.test(value ?? '');

export function receiptView(
  receipt: Pick<ReceiptRow, 'content' | 'amount' | 'refundedAmount'>,
  look: ReceiptLook = NO_LOOK,
): ReceiptView {
  const { content } = receipt;
  const status = receiptStatus(receipt);
  const rows: ReceiptViewRow[] = content.invoices.flatMap((invoice) => [
    {
      kind: 'invoice' as const,
      label: pdfText(
        [invoice.number, invoice.label].filter(Boolean).join(' · ') + ` — ${invoice.studentName}`,
      ),
      amount: formatFrancs(sumFrancs(invoice.lines.map((line) => line.amount))),
      applied: formatFrancs(invoice.amountApplied),
    },
    ...invoice.lines.map((line) => ({
      kind: 'line' as const,
      label: pdfText(line.label),
      amount: formatFrancs(line.amount),
      applied: null,
    })),
  ]);
  if (content.creditAmount > 0) {
    rows.push({
      kind: 'credit',
      label: 'Avance portée au crédit de la famille',
      amount: null,
      applied: formatFrancs(content.creditAmount),
    });
  }
  // Phones in the school's national format (« 90 12 34 56 »); a receipt of before the country
  // was frozen is Togolese.
  const country = content.school.country ?? DEFAULT_PHONE_COUNTRY;
  const phone = (e164: string | null) => (e164 ? formatPhoneNational(e164, country) : null);
  const contact = [
    content.school.phone ? `Tél. ${phone(content.school.phone)}` : null,
    content.school.email,
  ]
    .filter(Boolean)
    .join(' · ');
  const legacyLogo = logoBytes(content.school.logo);
  return {
    number: content.number,
    issuedAtIso: content.issuedAt,
    issuedAt: formatSchoolDateTime(content.issuedAt, content.timeZone),
    paidAt: formatSchoolDateTime(content.paidAt ?? content.issuedAt, content.timeZone),
    school: {
      name: pdfText(content.school.name),
      address: content.school.address ? pdfText(content.school.address) : null,
      contact: contact ? pdfText(contact) : null,
      logo: look.logo ?? (legacyLogo ? { color: legacyLogo, grey: legacyLogo } : null),
      initials: pdfText(schoolInitials(content.school.name)),
      color: isColor(look.color)
        ? look.color
        : isColor(content.school.brandColor)
          ? content.school.brandColor
          : '#484D9B',
    },
    payer: { name: pdfText(content.payer.name), phone: phone(content.payer.phone) },
    students: content.students.map((student) => ({
      name: pdfText(student.name),
      matricule: pdfText(student.matricule),
      programme: pdfText(student.programme ?? '—'),
      level: pdfText(student.level ?? '—'),
    })),
    rows,
    amount: formatFrancs(content.amount),
    amountSentence: pdfText(
      `Arrêté le présent reçu à la somme de ${content.amountInWords} (${formatFrancs(content.amount)}).`,
    ),
    method: pdfText(paymentMethodLabels[content.method] ?? content.method),
    channel: pdfText(paymentChannelLabels[content.provider] ?? content.provider),
    reference: content.providerRef ? pdfText(content.providerRef) : null,
    remainingBalance: formatFrancs(content.remainingBalance),
    cashierName: content.cashierName ? pdfText(content.cashierName) : null,
    verificationUrl: content.verificationUrl,
    refundMark:
      status === 'valid'
        ? null
        : status === 'cancelled'
          ? 'REMBOURSÉ'
          : `PARTIELLEMENT REMBOURSÉ (${formatFrancs(receipt.refundedAmount)})`,
  };
}
