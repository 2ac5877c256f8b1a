import { paymentChannelLabels, paymentMethodLabels } from '@ecolage/contracts';
import { sumFrancs } from '@ecolage/money';
import { pdfFrancs, winAnsi } from '../../platform/pdf';
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

/** What the paper prints, ready to draw: every text WinAnsi-safe and every amount formatted. */
export interface ReceiptView {
  number: string;
  issuedAtIso: string;
  issuedAt: string;
  paidAt: string;
  school: {
    name: string;
    address: string | null;
    contact: string | null;
    logo: Buffer | null;
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

export function receiptView(
  receipt: Pick<ReceiptRow, 'content' | 'amount' | 'refundedAmount'>,
): ReceiptView {
  const { content } = receipt;
  const status = receiptStatus(receipt);
  const rows: ReceiptViewRow[] = content.invoices.flatMap((invoice) => [
    {
      kind: 'invoice' as const,
      label: winAnsi(
        [invoice.number, invoice.label].filter(Boolean).join(' · ') + ` — ${invoice.studentName}`,
      ),
      amount: pdfFrancs(sumFrancs(invoice.lines.map((line) => line.amount))),
      applied: pdfFrancs(invoice.amountApplied),
    },
    ...invoice.lines.map((line) => ({
      kind: 'line' as const,
      label: winAnsi(line.label),
      amount: pdfFrancs(line.amount),
      applied: null,
    })),
  ]);
  if (content.creditAmount > 0) {
    rows.push({
      kind: 'credit',
      label: 'Avance portée au crédit de la famille',
      amount: null,
      applied: pdfFrancs(content.creditAmount),
    });
  }
  const contact = [content.school.phone, content.school.email].filter(Boolean).join(' · ');
  return {
    number: content.number,
    issuedAtIso: content.issuedAt,
    issuedAt: formatSchoolDateTime(content.issuedAt, content.timeZone),
    paidAt: formatSchoolDateTime(content.paidAt ?? content.issuedAt, content.timeZone),
    school: {
      name: winAnsi(content.school.name),
      address: content.school.address ? winAnsi(content.school.address) : null,
      contact: contact ? winAnsi(contact) : null,
      logo: logoBytes(content.school.logo),
      initials: winAnsi(schoolInitials(content.school.name)),
      color: /^#[0-9a-fA-F]{6}$/.test(content.school.brandColor ?? '')
        ? content.school.brandColor!
        : '#484D9B',
    },
    payer: { name: winAnsi(content.payer.name), phone: content.payer.phone },
    students: content.students.map((student) => ({
      name: winAnsi(student.name),
      matricule: winAnsi(student.matricule),
      programme: winAnsi(student.programme ?? '—'),
      level: winAnsi(student.level ?? '—'),
    })),
    rows,
    amount: pdfFrancs(content.amount),
    amountSentence: winAnsi(
      `Arrêté le présent reçu à la somme de ${content.amountInWords} (${pdfFrancs(content.amount)}).`,
    ),
    method: winAnsi(paymentMethodLabels[content.method] ?? content.method),
    channel: winAnsi(paymentChannelLabels[content.provider] ?? content.provider),
    reference: content.providerRef ? winAnsi(content.providerRef) : null,
    remainingBalance: pdfFrancs(content.remainingBalance),
    cashierName: content.cashierName ? winAnsi(content.cashierName) : null,
    verificationUrl: content.verificationUrl,
    refundMark:
      status === 'valid'
        ? null
        : status === 'cancelled'
          ? 'REMBOURSÉ'
          : `PARTIELLEMENT REMBOURSÉ (${pdfFrancs(receipt.refundedAmount)})`,
  };
}
