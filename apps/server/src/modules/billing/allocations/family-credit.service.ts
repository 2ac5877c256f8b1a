import { deName } from '@ecolage/contracts';
import type { DbOrTx, Transaction } from '../../../platform/db/database';
import { recordAuditEntry, type AuditEntryInput } from '../../audit';
import {
  accountBalance,
  accountBalancesByAuxiliary,
  LedgerAccounts,
  LedgerJournals,
  postLedgerTransactions,
  type LedgerPosting,
} from '../../ledger';
import { schoolToday } from '../../organizations';
import { insertCreditMovement } from './family-credit.repository';
import { byDueDate, findGuardianPayableInvoices } from './payable-invoices.reads';
import { findMainPayers, lockGuardian } from '../../students';
import { allocateToInvoice } from '../invoices/invoices.repository';

/**
 * The family's credit: what a guardian (the family account) paid beyond their invoices, read
 * from the ledger (account 4191, third party = the guardian). Positive: the school owes it.
 */
export async function familyCreditBalance(
  db: DbOrTx,
  organizationId: string,
  guardianId: string,
): Promise<number> {
  const balance = await accountBalance(db, organizationId, LedgerAccounts.familyCredit, guardianId);
  return 0 - balance;
}

/** Who applies the credit and from where, for the audit journal. */
export type CreditActor = AuditEntryInput['actor'];

export interface CreditApplied {
  applied: number;
  allocations: { allocationId: string; invoiceId: string; studentId: string; amount: number }[];
}

/**
 * Spends the guardian's credit on the open invoices of the students linked to them, oldest due
 * first, as `credit` allocations; posts D 4191 (guardian) / C 4111 (student) for each
 * (`credit:<allocation id>`) and journals `family_credit.applied` per invoice. The guardian's row
 * is locked first, so two applications (or a payment) cannot spend the same credit.
 */
export async function applyFamilyCredit(
  tx: Transaction,
  organizationId: string,
  guardianId: string,
  actor: CreditActor,
  origin: { ip?: string | null; userAgent?: string | null } = {},
): Promise<CreditApplied> {
  const none: CreditApplied = { applied: 0, allocations: [] };
  const guardian = await lockGuardian(tx, organizationId, guardianId);
  if (!guardian) return none;
  let available = await familyCreditBalance(tx, organizationId, guardianId);
  if (available <= 0) return none;
  const open = await findGuardianPayableInvoices(tx, organizationId, guardianId, { lock: true });
  if (open.length === 0) return none;
  const entryDate = await schoolToday(tx, organizationId);
  const result: CreditApplied = { applied: 0, allocations: [] };
  const postings: LedgerPosting[] = [];
  for (const invoice of open.sort(byDueDate)) {
    if (available <= 0) break;
    const amount = Math.min(available, invoice.total - invoice.paid);
    if (amount <= 0) continue;
    const allocationId = await allocateToInvoice(tx, organizationId, invoice.id, {
      amount,
      sourceType: 'credit',
      sourceId: guardianId,
    });
    await insertCreditMovement(tx, organizationId, {
      guardianId,
      amount: -amount,
      sourceType: 'allocation',
      sourceId: allocationId,
    });
    available -= amount;
    result.applied += amount;
    result.allocations.push({
      allocationId,
      invoiceId: invoice.id,
      studentId: invoice.studentId,
      amount,
    });
    postings.push({
      organizationId,
      idempotencyKey: `credit:${allocationId}`,
      journal: LedgerJournals.adjustments,
      entryDate,
      label:
        `Avoir ${deName(guardian.fullName)} imputé sur la facture ${invoice.number ?? ''}`.slice(
          0,
          300,
        ),
      pieceRef: invoice.number,
      sourceType: 'family_credit',
      sourceId: allocationId,
      entries: [
        { account: LedgerAccounts.familyCredit, auxiliary: guardianId, debit: amount },
        {
          account: LedgerAccounts.studentsReceivable,
          auxiliary: invoice.matricule,
          credit: amount,
        },
      ],
    });
    await recordAuditEntry(tx, {
      organizationId,
      actor,
      action: 'family_credit.applied',
      resourceType: 'invoice',
      resourceId: invoice.id,
      category: 'payment',
      details: {
        responsable: guardian.fullName,
        facture: invoice.number,
        étudiant: invoice.studentName,
        montant: amount,
        'avoir restant': available,
      },
      ip: origin.ip ?? null,
      userAgent: origin.userAgent ?? null,
    });
  }
  await postLedgerTransactions(tx, postings);
  return result;
}

/**
 * After invoices are issued: each student's main payer who has credit spends it on the family's
 * open invoices (« an overpayment is used by the next invoice »). One ledger query finds the
 * payers with credit, so an import's batch pays for nothing more when nobody has any.
 */
export async function applyMainPayersCredit(
  tx: Transaction,
  organizationId: string,
  studentIds: string[],
  actor: CreditActor,
  origin: { ip?: string | null; userAgent?: string | null } = {},
): Promise<number> {
  const payers = await findMainPayers(tx, organizationId, studentIds);
  if (payers.length === 0) return 0;
  const balances = await accountBalancesByAuxiliary(
    tx,
    organizationId,
    LedgerAccounts.familyCredit,
    payers,
  );
  let applied = 0;
  // Sorted: two issues for the same families lock the guardians in the same order.
  for (const guardianId of payers.sort()) {
    if ((balances.get(guardianId) ?? 0) >= 0) continue;
    applied += (await applyFamilyCredit(tx, organizationId, guardianId, actor, origin)).applied;
  }
  return applied;
}
