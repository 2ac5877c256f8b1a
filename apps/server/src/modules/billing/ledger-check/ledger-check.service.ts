import type { Database, DbOrTx } from '../../../platform/db/database';
import {
  accountBalancesByAuxiliary,
  findOrganizationsWithPostings,
  LedgerAccounts,
  ledgerTotals,
} from '../../ledger';
import { findOrganizationsByIds } from '../../organizations';
import { creditByGuardian } from '../allocations/family-credit.repository';
import { findBilledOrganizations } from '../invoices/invoices.repository';
import { receivablesByMatricule } from './ledger-check.reads';

export interface LedgerDifference {
  /** `unbalanced`: a transaction or the whole ledger; `receivable`: a student's 4111 (matricule);
   *  `credit`: a guardian's 4191 (guardian id). */
  kind: 'unbalanced' | 'receivable' | 'credit';
  reference: string;
  /** What the ledger says (debits − credits for 4111, credits − debits for 4191). */
  ledger: number;
  /** What billing says (Σ total − paid of issued invoices; Σ family credit movements). */
  billing: number;
}

export interface LedgerCheck {
  organizationId: string;
  debits: number;
  credits: number;
  balanced: boolean;
  students: number;
  guardians: number;
  differences: LedgerDifference[];
  agrees: boolean;
}

function compare(
  kind: 'receivable' | 'credit',
  ledger: Map<string | null, number>,
  billing: Map<string, number>,
): LedgerDifference[] {
  const differences: LedgerDifference[] = [];
  for (const reference of new Set<string | null>([...ledger.keys(), ...billing.keys()])) {
    const inLedger = ledger.get(reference) ?? 0;
    const inBilling = reference === null ? 0 : (billing.get(reference) ?? 0);
    if (inLedger !== inBilling) {
      differences.push({
        kind,
        reference: reference ?? '(sans tiers)',
        ledger: inLedger,
        billing: inBilling,
      });
    }
  }
  return differences.sort((a, b) => a.reference.localeCompare(b.reference));
}

/**
 * Whether a school's ledger agrees with its invoices (`npm run ledger:check`, and the fault tests
 * after each scenario): the ledger balances (Σ debits = Σ credits, every transaction too), every
 * student's 4111 balance is what their issued invoices still owe, every guardian's 4191 balance
 * is their credit. It reads billing's tables and the ledger's balances through the ledger's API:
 * a reconciliation across the two lives in billing, which depends on the ledger.
 */
export async function checkLedgerAgreesWithInvoices(
  db: DbOrTx,
  organizationId: string,
): Promise<LedgerCheck> {
  // One query after the other: on a transaction they share one connection.
  const totals = await ledgerTotals(db, organizationId);
  const receivableLedger = await accountBalancesByAuxiliary(
    db,
    organizationId,
    LedgerAccounts.studentsReceivable,
  );
  const receivableBilling = await receivablesByMatricule(db, organizationId);
  const creditLedger = await accountBalancesByAuxiliary(
    db,
    organizationId,
    LedgerAccounts.familyCredit,
  );
  const creditBilling = await creditByGuardian(db, organizationId);
  const creditSide = new Map([...creditLedger].map(([guardian, balance]) => [guardian, -balance]));
  const balanced = totals.debits === totals.credits && totals.unbalanced.length === 0;
  const differences: LedgerDifference[] = [
    ...(totals.debits !== totals.credits
      ? [
          {
            kind: 'unbalanced' as const,
            reference: 'grand livre',
            ledger: totals.debits,
            billing: totals.credits,
          },
        ]
      : []),
    ...totals.unbalanced.map((key) => ({
      kind: 'unbalanced' as const,
      reference: key,
      ledger: 0,
      billing: 0,
    })),
    ...compare('receivable', receivableLedger, receivableBilling),
    ...compare('credit', creditSide, creditBilling),
  ];
  return {
    organizationId,
    debits: totals.debits,
    credits: totals.credits,
    balanced,
    students: new Set([...receivableLedger.keys(), ...receivableBilling.keys()]).size,
    guardians: new Set([...creditSide.keys(), ...creditBilling.keys()]).size,
    differences,
    agrees: differences.length === 0,
  };
}

/**
 * Checks every school that has invoices or postings, each in one read-only repeatable-read
 * transaction (a consistent view while the school keeps working). For `npm run ledger:check`.
 */
export async function checkAllSchools(
  db: Database,
): Promise<(LedgerCheck & { schoolName: string })[]> {
  const ids = [
    ...new Set([
      ...(await findBilledOrganizations(db)),
      ...(await findOrganizationsWithPostings(db)),
    ]),
  ];
  const schools = (await findOrganizationsByIds(db, ids)).sort((a, b) =>
    a.name.localeCompare(b.name, 'fr'),
  );
  const results: (LedgerCheck & { schoolName: string })[] = [];
  for (const school of schools) {
    const check = await db.transaction((tx) => checkLedgerAgreesWithInvoices(tx, school.id), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    results.push({ ...check, schoolName: school.name });
  }
  return results;
}
