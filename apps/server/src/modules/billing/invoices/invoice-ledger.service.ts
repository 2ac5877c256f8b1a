import type { Transaction } from '../../../platform/db/database';
import {
  LedgerJournals,
  postLedgerTransaction,
  postLedgerTransactions,
  reverseSourcePostings,
  type LedgerPosting,
} from '../../ledger';
import { schoolToday } from '../../organizations';
import type { InvoiceLineRow, InvoiceRow } from '../billing.tables';
import {
  InvoiceSources,
  invoiceIssuedPosting,
  invoiceVoidedKey,
  lineAppendedPosting,
} from './invoice-postings';
import { insertInvoices } from './invoices-bulk.repository';
import { appendLine, findInvoiceLines, type NewInvoice, type NewLine } from './invoices.repository';
import { findMatricules } from './invoices.reads';

/**
 * Billing facts post to the ledger in the transaction that writes them (the ledger is the source
 * of truth and must agree with the invoices: `checkLedgerAgreesWithInvoices`). Every invoice
 * write of a service goes through here, never through the repository alone.
 */

/** Posts the issue of invoices (with their lines), in bulk; keys `invoice:<id>:issued`. */
export async function postIssuedInvoices(
  tx: Transaction,
  organizationId: string,
  issued: { invoice: InvoiceRow; lines: readonly Pick<InvoiceLineRow, 'kind' | 'amount'>[] }[],
  entryDate: string,
): Promise<void> {
  if (issued.length === 0) return;
  const matricules = await findMatricules(
    tx,
    organizationId,
    issued.map(({ invoice }) => invoice.studentId),
  );
  const postings = issued.flatMap(({ invoice, lines }) => {
    const posting = invoiceIssuedPosting(
      invoice,
      lines,
      matricules.get(invoice.studentId)!,
      entryDate,
    );
    return posting ? [posting] : [];
  });
  await postLedgerTransactions(tx, postings);
}

/**
 * Writes invoices with their lines: drafts without `numbers`, issued invoices with them — those
 * are posted at once (D 4111 / C 706x, D 7069), dated `entryDate` (the school's day).
 */
export async function saveInvoices(
  tx: Transaction,
  organizationId: string,
  drafts: NewInvoice[],
  options: { numbers: string[] | null; createdBy: string; issuedAt: Date; entryDate: string },
): Promise<InvoiceRow[]> {
  const rows = await insertInvoices(tx, organizationId, drafts, options);
  if (options.numbers) {
    await postIssuedInvoices(
      tx,
      organizationId,
      rows.map((invoice, index) => ({ invoice, lines: drafts[index]!.lines })),
      options.entryDate,
    );
  }
  return rows;
}

/** Posts a draft that has just been issued (its lines as they are now). */
export async function postDraftIssued(
  tx: Transaction,
  issued: InvoiceRow,
  entryDate: string,
): Promise<void> {
  const lines = await findInvoiceLines(tx, issued.organizationId, issued.id);
  await postIssuedInvoices(tx, issued.organizationId, [{ invoice: issued, lines }], entryDate);
}

/**
 * Adds a line to an invoice (late fee, waiver, scholarship) and, when the invoice is issued,
 * posts it under `line:<line id>`. Undefined when the line was already there (its source key).
 */
export async function addInvoiceLine(
  tx: Transaction,
  organizationId: string,
  invoiceId: string,
  line: NewLine & { createdBy: string },
  entryDate?: string,
): Promise<InvoiceLineRow | undefined> {
  const added = await appendLine(tx, organizationId, invoiceId, line);
  if (!added) return undefined;
  const { invoice } = added;
  if (invoice.status !== 'draft' && invoice.status !== 'void') {
    const matricules = await findMatricules(tx, organizationId, [invoice.studentId]);
    const posting = lineAppendedPosting(
      invoice,
      added.line,
      matricules.get(invoice.studentId)!,
      entryDate ?? (await schoolToday(tx, organizationId)),
    );
    if (posting) await postLedgerTransaction(tx, posting);
  }
  return added.line;
}

/**
 * Posts the void of an invoice (nothing was paid on it): one transaction, `invoice:<id>:voided`,
 * that cancels everything its issue and its lines posted. A draft posted nothing: nothing to do.
 */
export async function postInvoiceVoided(
  tx: Transaction,
  invoice: Pick<InvoiceRow, 'id' | 'organizationId' | 'number' | 'label'>,
  entryDate: string,
): Promise<void> {
  const reversal: Omit<LedgerPosting, 'organizationId' | 'entries' | 'reversesId'> = {
    idempotencyKey: invoiceVoidedKey(invoice.id),
    journal: LedgerJournals.adjustments,
    entryDate,
    label: `Annulation facture ${invoice.number ?? ''} — ${invoice.label}`.slice(0, 300),
    pieceRef: invoice.number,
    sourceType: InvoiceSources.invoice,
    sourceId: invoice.id,
  };
  await reverseSourcePostings(
    tx,
    {
      organizationId: invoice.organizationId,
      sourceId: invoice.id,
      sourceTypes: [InvoiceSources.invoice, InvoiceSources.line],
    },
    reversal,
  );
}
