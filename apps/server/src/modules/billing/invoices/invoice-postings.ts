import { addFrancs } from '@ecolage/money';
import {
  LedgerAccounts,
  LedgerJournals,
  type LedgerEntryInput,
  type LedgerPosting,
} from '../../ledger';
import type { InvoiceLineRow, InvoiceRow } from '../billing.tables';

/**
 * How billing facts become ledger postings (research/accounting-and-market.md §4.3, samples 1, 2
 * and 8). The receivable is 4111 with the student's matricule as third party (matricules are
 * never changed nor reused, and an accountant reads them); each line goes to its own account,
 * gross: a fee is a credit to 706x, a discount a debit to 7069, a late fee a credit to 7588 and its
 * waiver a debit to 7588.
 */
export const lineAccounts: Record<InvoiceLineRow['kind'], string> = {
  registration: LedgerAccounts.revenue.registration,
  tuition: LedgerAccounts.revenue.tuition,
  fee: LedgerAccounts.revenue.otherFees,
  scholarship: LedgerAccounts.discounts,
  sibling_discount: LedgerAccounts.discounts,
  late_fee: LedgerAccounts.lateFees,
  late_fee_waiver: LedgerAccounts.lateFees,
  // A coupon is a commercial discount like a bourse: D 7069 against the student's 4111.
  coupon: LedgerAccounts.discounts,
};

/** Ledger source types of invoice postings (what a void reverses). */
export const InvoiceSources = {
  invoice: 'invoice',
  line: 'invoice_line',
} as const;

export const invoiceIssuedKey = (invoiceId: string) => `invoice:${invoiceId}:issued`;
export const invoiceVoidedKey = (invoiceId: string) => `invoice:${invoiceId}:voided`;
export const lineKey = (lineId: string) => `line:${lineId}`;

type LineAmount = Pick<InvoiceLineRow, 'kind' | 'amount'>;

/** A line's own side: positive amounts are credited to its account, negative ones debited. */
function lineEntry(line: LineAmount): LedgerEntryInput | null {
  if (line.amount === 0) return null;
  const account = lineAccounts[line.kind];
  return line.amount > 0 ? { account, credit: line.amount } : { account, debit: -line.amount };
}

/** Same account and side on one entry: an invoice of 10 monthly lines is one 70612 credit. */
function merge(entries: LedgerEntryInput[]): LedgerEntryInput[] {
  const merged = new Map<string, LedgerEntryInput>();
  for (const entry of entries) {
    const side = entry.debit ? 'D' : 'C';
    const key = `${side}:${entry.account}:${entry.auxiliary ?? ''}`;
    const current = merged.get(key);
    if (!current) merged.set(key, { ...entry });
    else if (side === 'D') current.debit = addFrancs(current.debit ?? 0, entry.debit ?? 0);
    else current.credit = addFrancs(current.credit ?? 0, entry.credit ?? 0);
  }
  return [...merged.values()];
}

/**
 * The posting of an invoice being issued: D 4111 (student) its total, C 706x per fee line,
 * D 7069 per discount line. A zero-total invoice still posts its fees and discounts; an invoice
 * with nothing but zero lines posts nothing (null).
 */
export function invoiceIssuedPosting(
  invoice: Pick<InvoiceRow, 'id' | 'organizationId' | 'number' | 'label' | 'total'>,
  lines: readonly LineAmount[],
  matricule: string,
  entryDate: string,
): LedgerPosting | null {
  const entries = merge(lines.flatMap((line) => lineEntry(line) ?? []));
  if (entries.length === 0) return null;
  const receivable: LedgerEntryInput[] =
    invoice.total > 0
      ? [{ account: LedgerAccounts.studentsReceivable, auxiliary: matricule, debit: invoice.total }]
      : [];
  return {
    organizationId: invoice.organizationId,
    idempotencyKey: invoiceIssuedKey(invoice.id),
    journal: LedgerJournals.sales,
    entryDate,
    label: `Facture ${invoice.number ?? ''} — ${invoice.label}`.slice(0, 300),
    pieceRef: invoice.number,
    sourceType: InvoiceSources.invoice,
    sourceId: invoice.id,
    entries: [...receivable, ...entries],
  };
}

/**
 * The posting of a line added to an issued invoice (a late fee, its waiver, a scholarship, a
 * coupon): the line's account against the student's 4111. Late fees go to the sales journal, the rest to OD.
 */
export function lineAppendedPosting(
  invoice: Pick<InvoiceRow, 'id' | 'organizationId' | 'number'>,
  line: Pick<InvoiceLineRow, 'id' | 'kind' | 'amount' | 'label'>,
  matricule: string,
  entryDate: string,
): LedgerPosting | null {
  const entry = lineEntry(line);
  if (!entry) return null;
  const receivable: LedgerEntryInput = {
    account: LedgerAccounts.studentsReceivable,
    auxiliary: matricule,
    ...(line.amount > 0 ? { debit: line.amount } : { credit: -line.amount }),
  };
  return {
    organizationId: invoice.organizationId,
    idempotencyKey: lineKey(line.id),
    journal: line.kind === 'late_fee' ? LedgerJournals.sales : LedgerJournals.adjustments,
    entryDate,
    label: `${line.label} — facture ${invoice.number ?? ''}`.slice(0, 300),
    pieceRef: invoice.number,
    sourceType: InvoiceSources.line,
    sourceId: invoice.id,
    entries: line.amount > 0 ? [receivable, entry] : [entry, receivable],
  };
}
