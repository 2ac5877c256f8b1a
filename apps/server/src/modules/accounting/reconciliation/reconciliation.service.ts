import { createHash } from 'node:crypto';
import {
  resolutionsByKind,
  statementSourceLabels,
  type ReconciliationItem,
  type ReconciliationItemsQuery,
  type ResolveReconciliationItem,
  type Statement,
  type StatementImport,
  type StatementSource,
} from '@ecolage/contracts';
import type { Database, Transaction } from '../../../platform/db/database';
import { AppError, domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { journalForAccount, LedgerAccounts, postLedgerTransaction } from '../../ledger';
import { schoolToday } from '../../organizations';
import { parseStatement } from './parse-statement';
import {
  countOutcomes,
  findIncomingCreditLines,
  insertStatement,
  insertStatementLines,
  listItems,
  listStatements,
  lockItem,
  markResolved,
  matchBankLines,
  matchProviderLines,
  queueDifferences,
  setLinePayment,
  updateStatementCounts,
  ITEMS_PAGE_SIZE,
  STATEMENTS_PAGE_SIZE,
} from './reconciliation.repository';
import type { ProviderStatementRow, ReconciliationItemRow } from './reconciliation.tables';
import { findAttemptWallet } from './statement-matching.reads';

/**
 * What reconciliation needs from payments (its `recordIncomingCredit`, handed over by the
 * composition root): a statement credit with none of our references becomes an unasked credit,
 * idempotent by provider and transaction id.
 */
export type RecordIncomingCredit = (
  tx: Transaction,
  input: {
    organizationId: string;
    source: 'statement' | 'bank_statement';
    provider: string;
    wallet: string | null;
    providerTxnId: string;
    amount: number;
    reference: string | null;
    payerPhone: string | null;
    payerName: string | null;
    receivedAt: Date;
  },
) => Promise<{ status: string; paymentId: string | null }>;

const sourceWallet: Partial<Record<StatementSource, string>> = {
  mtn: 'MTN',
  orange: 'ORANGE',
  wave: 'WAVE',
  bank: 'BANK_TRANSFER',
};

const UNIQUE_KEYS = new Set(['provider_statements_hash_key', 'statement_lines_txn_key']);

/** The same statement twice: its hash, or one of its transaction ids, is already there. */
function isAlreadyImported(error: unknown): boolean {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505' && current.constraint && UNIQUE_KEYS.has(current.constraint))
      return true;
  }
  return false;
}

export function presentStatement(row: ProviderStatementRow): Statement {
  return {
    id: row.id,
    source: row.source,
    fileName: row.fileName,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    lineCount: row.lineCount,
    creditTotal: row.creditTotal,
    debitTotal: row.debitTotal,
    feeTotal: row.feeTotal,
    matchedCount: row.matchedCount,
    differenceCount: row.differenceCount,
    incomingCreditCount: row.incomingCreditCount,
    importedBy: row.importedByLabel,
    importedAt: row.importedAt.toISOString(),
  };
}

function presentItem(row: ReconciliationItemRow): ReconciliationItem {
  return {
    id: row.id,
    statementId: row.statementId,
    source: row.source,
    kind: row.kind,
    status: row.status,
    lineNumber: row.lineNo,
    paymentId: row.paymentId,
    reference: row.reference,
    providerTxnId: row.providerTxnId,
    day: row.day,
    statementAmount: row.statementAmount,
    ourAmount: row.ourAmount,
    statementFee: row.statementFee,
    ourFee: row.ourFee,
    resolution: row.resolution,
    note: row.note,
    resolvedBy: row.resolvedByLabel,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stable id for a bank line without reference: the same transfer in two statements is one. */
function bankLineKey(line: { day: string; amount: number; counterparty: string | null }) {
  const digest = createHash('sha256')
    .update(`${line.day}|${line.amount}|${line.counterparty ?? ''}`)
    .digest('hex');
  return `banque-${digest.slice(0, 24)}`;
}

/**
 * Imports a statement: parsed whole first (any row-level error → 422, nothing stored), then in
 * one transaction the statement, its lines, the three-way match, the queue's items, the unasked
 * credits handed to payments, the audit entry. The same file (or the same provider transactions)
 * twice → 409, also when two imports race (the unique keys decide).
 */
export async function importStatement(
  db: Database,
  acting: ActingMember,
  upload: {
    source: StatementSource;
    fileName: string;
    bytes: Uint8Array;
    from?: string;
    to?: string;
  },
  recordIncomingCredit: RecordIncomingCredit | undefined,
): Promise<StatementImport> {
  const { organizationId } = acting;
  const parsed = await parseStatement(upload.source, upload.bytes);
  if (!parsed.ok) {
    const error = domainError('STATEMENT_INVALID', {
      count: parsed.count,
      source: statementSourceLabels[upload.source],
    });
    throw new AppError(error.code, error.message, {
      params: error.params,
      issues: parsed.errors.map((row) => ({
        path: `ligne ${row.line}${row.column ? ` · ${row.column}` : ''}`,
        message: `Ligne ${row.line}${row.column ? `, colonne « ${row.column} »` : ''} : ${row.message}.`,
      })),
    });
  }
  const { lines } = parsed;
  const days = lines.map((line) => line.day).sort();
  const periodStart = upload.from ?? days[0]!;
  const periodEnd = upload.to ?? days[days.length - 1]!;
  const contentHash = createHash('sha256').update(upload.bytes).digest('hex');
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  const fileName = (upload.fileName || 'releve').slice(0, 200);
  try {
    return await db.transaction(async (tx) => {
      const statement = await insertStatement(tx, {
        organizationId,
        source: upload.source,
        fileName,
        contentHash,
        periodStart,
        periodEnd,
        lineCount: lines.length,
        creditTotal: sum((line) => (line.direction === 'credit' ? line.amount : 0)),
        debitTotal: sum((line) => (line.direction === 'debit' ? line.amount : 0)),
        feeTotal: sum((line) => line.fee),
        importedBy: acting.actor.type === 'user' ? acting.actor.userId : null,
        importedByLabel: acting.actor.label,
      });
      await insertStatementLines(tx, organizationId, statement.id, upload.source, lines);
      // Lines of other schools (a platform account shared by all): counted, left out of totals.
      let otherSchools = { count: 0, credit: 0, fee: 0 };
      if (upload.source === 'bank') await matchBankLines(tx, organizationId, statement.id);
      else otherSchools = await matchProviderLines(tx, organizationId, statement.id, upload.source);
      await queueDifferences(tx, statement);

      const credits = await findIncomingCreditLines(tx, organizationId, statement.id);
      let handed = 0;
      if (recordIncomingCredit) {
        for (const line of credits) {
          const recorded = await recordIncomingCredit(tx, {
            organizationId,
            source: upload.source === 'bank' ? 'bank_statement' : 'statement',
            provider: upload.source,
            wallet: sourceWallet[upload.source] ?? null,
            providerTxnId:
              line.providerTxnId ??
              (line.ourReference ? `${line.ourReference}` : bankLineKey(line)),
            amount: line.amount,
            reference: line.ourReference ?? line.counterparty,
            payerPhone: null,
            payerName: line.counterparty,
            receivedAt: line.occurredAt,
          });
          if (recorded.paymentId) {
            await setLinePayment(tx, organizationId, statement.id, line.lineNo, recorded.paymentId);
          }
          handed += 1;
        }
      }
      const { outcomes, kinds } = await countOutcomes(tx, organizationId, statement.id);
      const differences = Object.values(kinds).reduce((total, n) => total + (n ?? 0), 0);
      const saved = await updateStatementCounts(tx, organizationId, statement.id, {
        matchedCount: outcomes.matched ?? 0,
        differenceCount: differences,
        incomingCreditCount: outcomes.incoming_credit ?? 0,
        ...(otherSchools.count > 0
          ? {
              creditTotal: statement.creditTotal - otherSchools.credit,
              feeTotal: statement.feeTotal - otherSchools.fee,
            }
          : {}),
      });
      await recordAuditEntry(tx, {
        organizationId,
        actor: acting.actor,
        action: 'reconciliation.statement_imported',
        resourceType: 'provider_statement',
        resourceId: statement.id,
        category: 'payment',
        details: {
          opérateur: statementSourceLabels[upload.source],
          fichier: fileName,
          période: `${periodStart} → ${periodEnd}`,
          lignes: lines.length,
          rapprochées: outcomes.matched ?? 0,
          écarts: differences,
          'crédits à affecter': handed,
          ...(otherSchools.count > 0 ? { 'lignes d’autres écoles': otherSchools.count } : {}),
        },
        ip: acting.ip,
        userAgent: acting.userAgent,
      });
      return {
        statement: presentStatement(saved),
        matched: outcomes.matched ?? 0,
        differences: {
          provider_only: kinds.provider_only ?? 0,
          here_only: kinds.here_only ?? 0,
          amount_differs: kinds.amount_differs ?? 0,
          fee_differs: kinds.fee_differs ?? 0,
        },
        incomingCredits: outcomes.incoming_credit ?? 0,
        payouts: outcomes.payout ?? 0,
        others: outcomes.other ?? 0,
      };
    });
  } catch (error) {
    if (isAlreadyImported(error)) throw domainError('STATEMENT_ALREADY_IMPORTED', { fileName });
    throw error;
  }
}

export async function getStatements(db: Database, organizationId: string, page: number) {
  const { rows, total } = await listStatements(db, organizationId, page);
  return { items: rows.map(presentStatement), total, page, pageSize: STATEMENTS_PAGE_SIZE };
}

export async function getReconciliationItems(
  db: Database,
  organizationId: string,
  query: ReconciliationItemsQuery,
) {
  const { rows, total } = await listItems(db, organizationId, query);
  return { items: rows.map(presentItem), total, page: query.page, pageSize: ITEMS_PAGE_SIZE };
}

/**
 * Resolves a difference with a note, audited; once only (a second resolve → 409, also when two
 * race: the row is locked). Accepting the provider's fee posts the difference, dated today:
 * D 6317 / C the wallet when the provider took more than our settlement line says (the reverse
 * when less); the settlement line itself is never recomputed.
 */
export async function resolveReconciliationItem(
  db: Database,
  acting: ActingMember,
  itemId: string,
  request: ResolveReconciliationItem,
): Promise<ReconciliationItem> {
  const { organizationId } = acting;
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, organizationId, itemId);
    if (!item) throw domainError('RECONCILIATION_ITEM_NOT_FOUND');
    if (item.status === 'resolved') throw domainError('RECONCILIATION_ITEM_RESOLVED');
    if (!resolutionsByKind[item.kind].includes(request.resolution)) {
      throw domainError('RECONCILIATION_RESOLUTION_UNFIT', {}, { field: 'resolution' });
    }
    let ledgerTransactionId: string | null = null;
    if (request.resolution === 'fee_adjusted') {
      const difference = (item.statementFee ?? 0) - (item.ourFee ?? 0);
      const wallet =
        item.wallet ??
        (item.paymentId ? await findAttemptWallet(tx, organizationId, item.paymentId) : null);
      const walletAccount = (wallet && LedgerAccounts.wallet[wallet]) || LedgerAccounts.bank;
      if (difference !== 0) {
        const amount = Math.abs(difference);
        const { transaction } = await postLedgerTransaction(tx, {
          organizationId,
          idempotencyKey: `reconciliation:${item.id}:fee`,
          journal: journalForAccount(walletAccount),
          entryDate: await schoolToday(tx, organizationId),
          label:
            `Ajustement des frais ${statementSourceLabels[item.source].split(' (')[0]} ${item.providerTxnId ?? ''}`.trim(),
          pieceRef: item.providerTxnId,
          sourceType: 'reconciliation',
          sourceId: item.id,
          entries:
            difference > 0
              ? [
                  { account: LedgerAccounts.walletFees, debit: amount },
                  { account: walletAccount, credit: amount },
                ]
              : [
                  { account: walletAccount, debit: amount },
                  { account: LedgerAccounts.walletFees, credit: amount },
                ],
        });
        ledgerTransactionId = transaction.id;
      }
    }
    const resolved = await markResolved(tx, organizationId, itemId, {
      resolution: request.resolution,
      note: request.note,
      resolvedBy: acting.actor.type === 'user' ? acting.actor.userId : null,
      resolvedByLabel: acting.actor.label,
      ledgerTransactionId,
    });
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'reconciliation.item_resolved',
      resourceType: 'reconciliation_item',
      resourceId: item.id,
      category: 'payment',
      details: {
        écart: item.kind,
        résolution: request.resolution,
        note: request.note,
        référence: item.providerTxnId ?? item.reference,
        ...(ledgerTransactionId
          ? { ajustement: (item.statementFee ?? 0) - (item.ourFee ?? 0) }
          : {}),
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return presentItem(resolved);
  });
}
