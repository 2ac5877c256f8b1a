import { addDays } from '../../../platform/clock';
import type { Database } from '../../../platform/db/database';
import { systemActor } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { formatFrancs } from '@ecolage/money';
import { lockInvoicesPastGrace } from '../invoices/invoices.repository';
import { findSchoolsWithLateFees } from '../settings/billing-settings.repository';
import { findBillingRules } from '../settings/billing-settings.service';
import { percentOfFrancs } from '../invoices/invoice-rules';
import { addInvoiceLine } from '../invoices/invoice-ledger.service';
import { schoolToday } from '../../organizations';

export const LATE_FEE_ACTOR = 'Pénalités de retard (tâche quotidienne)';

/**
 * The late fee an overdue invoice gets for one period (a calendar month): the school's fixed
 * amount, or its percentage of the balance, cut so that the invoice's late fees never pass the
 * cap (0: no cap).
 */
export function lateFeeFor(
  rule: { kind: 'fixed' | 'percent'; value: number; cap: number },
  balance: number,
  lateFeesSoFar: number,
): number {
  const fee = rule.kind === 'fixed' ? rule.value : percentOfFrancs(balance, rule.value);
  const room = rule.cap > 0 ? Math.max(0, rule.cap - lateFeesSoFar) : fee;
  return Math.max(0, Math.min(fee, room));
}

/**
 * Applies the school's late-fee rule on `today`: each invoice still owing past its due date (or
 * its issue, when it was issued late) plus the grace days gets one late-fee line per month (`late:2026-11`), so running the job twice the
 * same month adds nothing. Returns how many lines were added.
 */
export async function applyLateFees(
  db: Database,
  organizationId: string,
  today?: string,
): Promise<{ invoices: number; amount: number }> {
  const rules = await findBillingRules(db, organizationId);
  if (!rules.lateFeeEnabled || rules.lateFeeValue <= 0) return { invoices: 0, amount: 0 };
  const day = today ?? (await schoolToday(db, organizationId));
  const period = day.slice(0, 7);
  const acting = systemActor(organizationId, LATE_FEE_ACTOR);
  return db.transaction(async (tx) => {
    const overdue = await lockInvoicesPastGrace(
      tx,
      organizationId,
      addDays(day, -rules.lateFeeGraceDays),
    );
    overdue.sort((a, b) => a.invoice.dueOn.localeCompare(b.invoice.dueOn));
    let count = 0;
    let amount = 0;
    const numbers: string[] = [];
    for (const { invoice, lateFees } of overdue) {
      const fee = lateFeeFor(
        { kind: rules.lateFeeKind, value: rules.lateFeeValue, cap: rules.lateFeeCap },
        invoice.total - invoice.paid,
        lateFees,
      );
      if (fee <= 0) continue;
      const line = await addInvoiceLine(
        tx,
        organizationId,
        invoice.id,
        {
          kind: 'late_fee',
          label: `Pénalité de retard ${period} (${rules.lateFeeKind === 'percent' ? `${rules.lateFeeValue} %` : formatFrancs(rules.lateFeeValue)})`,
          amount: fee,
          sourceKey: `late:${period}`,
          createdBy: LATE_FEE_ACTOR,
        },
        day,
      );
      if (!line) continue;
      count += 1;
      amount += fee;
      numbers.push(invoice.number ?? invoice.id);
    }
    if (count > 0) {
      await recordAuditEntry(tx, {
        organizationId,
        actor: acting.actor,
        action: 'invoice.late_fees_applied',
        resourceType: 'invoice',
        resourceId: null,
        category: 'invoice',
        details: {
          période: period,
          factures: count,
          montant: amount,
          numéros: numbers.slice(0, 50).join(', ') + (numbers.length > 50 ? '…' : ''),
        },
        ip: null,
        userAgent: null,
      });
    }
    return { invoices: count, amount };
  });
}

/** Schools whose late-fee rule is on: the daily job visits only them. */
export async function schoolsWithLateFees(db: Database): Promise<string[]> {
  return findSchoolsWithLateFees(db);
}
