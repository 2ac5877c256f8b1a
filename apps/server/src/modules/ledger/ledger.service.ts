import { ErrorCode } from '@ecolage/contracts';
import { addFrancs } from '@ecolage/money';
import type { Transaction } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  findLedgerTransactionByKey,
  findTransactionEntries,
  insertLedgerEntries,
  insertLedgerTransaction,
} from './ledger.repository';
import type { LedgerTransactionRow } from './ledger.tables';
import { placeInOpenPeriod } from './periods/periods.service';

export interface LedgerEntryInput {
  account: string;
  auxiliary?: string | null;
  debit?: number;
  credit?: number;
}

export interface LedgerPosting {
  organizationId: string;
  idempotencyKey: string;
  journal: string;
  entryDate: string;
  label: string;
  pieceRef?: string | null;
  sourceType: string;
  sourceId?: string | null;
  reversesId?: string | null;
  entries: LedgerEntryInput[];
  /**
   * Dated in a closed period: 'move' (automatic postings, the default) dates it the first open
   * day, its label saying so; 'refuse' (an explicit posting) answers 409 LEDGER_PERIOD_CLOSED.
   */
  onClosedPeriod?: 'move' | 'refuse';
}

/** Why a posting is refused: it would break the ledger's rules. */
export class UnbalancedPostingError extends AppError {
  constructor(message: string) {
    super(ErrorCode.CONFLICT, message);
  }
}

/** Refuses a posting that would break the ledger's rules (before any SQL is sent). */
export function checkPosting(posting: LedgerPosting): void {
  if (posting.entries.length < 2) {
    throw new UnbalancedPostingError('Une écriture comptable a au moins deux lignes.');
  }
  for (const entry of posting.entries) {
    const debit = entry.debit ?? 0;
    const credit = entry.credit ?? 0;
    const oneSide = debit > 0 !== credit > 0;
    if (
      !Number.isSafeInteger(debit) ||
      !Number.isSafeInteger(credit) ||
      debit < 0 ||
      credit < 0 ||
      !oneSide
    ) {
      throw new UnbalancedPostingError(
        'Chaque ligne comptable porte un montant entier positif, au débit ou au crédit.',
      );
    }
  }
  const debits = addFrancs(...posting.entries.map((entry) => entry.debit ?? 0));
  const credits = addFrancs(...posting.entries.map((entry) => entry.credit ?? 0));
  if (debits !== credits) {
    throw new UnbalancedPostingError(
      `Écriture déséquilibrée : ${debits} au débit, ${credits} au crédit.`,
    );
  }
}

/**
 * Posts a balanced transaction inside the caller's transaction (a payment's success, a refund…).
 * Posting the same idempotency key again changes nothing and returns the transaction already
 * written: a fact is counted once.
 */
export async function postLedgerTransaction(
  tx: Transaction,
  requested: LedgerPosting,
): Promise<{ transaction: LedgerTransactionRow; created: boolean }> {
  checkPosting(requested);
  const [posting] = (await placeInOpenPeriod(tx, [requested])) as [LedgerPosting];
  const inserted = await insertLedgerTransaction(tx, {
    organizationId: posting.organizationId,
    idempotencyKey: posting.idempotencyKey,
    journal: posting.journal,
    entryDate: posting.entryDate,
    label: posting.label,
    pieceRef: posting.pieceRef ?? null,
    sourceType: posting.sourceType,
    sourceId: posting.sourceId ?? null,
    reversesId: posting.reversesId ?? null,
  });
  if (!inserted) {
    const existing = await findLedgerTransactionByKey(
      tx,
      posting.organizationId,
      posting.idempotencyKey,
    );
    return { transaction: existing!, created: false };
  }
  await insertLedgerEntries(
    tx,
    posting.entries.map((entry) => ({
      organizationId: posting.organizationId,
      transactionId: inserted.id,
      account: entry.account,
      auxiliary: entry.auxiliary ?? null,
      debit: entry.debit ?? 0,
      credit: entry.credit ?? 0,
    })),
  );
  return { transaction: inserted, created: true };
}

/**
 * Reverses a posted transaction with a new one that swaps its debits and credits (the original
 * stays: the ledger is never edited). Idempotent by `idempotencyKey` like any posting.
 */
export async function reverseLedgerTransaction(
  tx: Transaction,
  original: { organizationId: string; id: string },
  reversal: Pick<
    LedgerPosting,
    'idempotencyKey' | 'journal' | 'entryDate' | 'label' | 'sourceType'
  > & {
    sourceId?: string | null;
  },
) {
  const entries = await findTransactionEntries(tx, original.organizationId, original.id);
  return postLedgerTransaction(tx, {
    ...reversal,
    organizationId: original.organizationId,
    reversesId: original.id,
    entries: entries.map((entry) => ({
      account: entry.account,
      auxiliary: entry.auxiliary,
      debit: entry.credit,
      credit: entry.debit,
    })),
  });
}
