import type {
  InvoiceDetail,
  InvoiceItem,
  InvoiceListQuery,
  InvoiceRequest,
} from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { notFound, domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { schoolToday } from '../../organizations';
import { findStudent, lockMainPayers } from '../../students';
import type { InvoiceRow } from '../billing.tables';
import { applyMainPayersCredit } from '../allocations/family-credit.service';
import {
  addInvoiceLine,
  postDraftIssued,
  postInvoiceVoided,
  saveInvoices,
} from './invoice-ledger.service';
import {
  findInvoiceLine,
  findInvoiceLines,
  lockInvoice,
  reserveInvoiceNumbers,
  updateInvoiceRow,
} from './invoices.repository';
import { findInvoice, findInvoicePage } from './invoices.reads';
import { applyGrantedScholarships } from '../discounts/scholarships.service';

function auditInvoice(
  tx: Transaction,
  acting: ActingMember,
  action: string,
  invoice: Pick<InvoiceRow, 'id'>,
  details: Record<string, unknown>,
) {
  return recordAuditEntry(tx, {
    organizationId: acting.organizationId,
    actor: acting.actor,
    action,
    resourceType: 'invoice',
    resourceId: invoice.id,
    category: 'invoice',
    details,
    ip: acting.ip,
    userAgent: acting.userAgent,
  });
}

function toItem(
  invoice: InvoiceRow,
  student: { id: string; fullName: string; matricule: string },
  today: string,
): InvoiceItem {
  const balance =
    invoice.status === 'void' || invoice.status === 'draft' ? 0 : invoice.total - invoice.paid;
  return {
    id: invoice.id,
    number: invoice.number,
    student,
    label: invoice.label,
    dueOn: invoice.dueOn,
    status: invoice.status,
    total: invoice.total,
    paid: invoice.paid,
    balance,
    overdue: balance > 0 && invoice.dueOn < today,
    issuedAt: invoice.issuedAt?.toISOString() ?? null,
  };
}

export async function listInvoices(db: DbOrTx, organizationId: string, query: InvoiceListQuery) {
  const today = await schoolToday(db, organizationId);
  const { rows, total } = await findInvoicePage(db, organizationId, query, today);
  return {
    items: rows.map((row) => toItem(row.invoice, row.student, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getInvoice(
  db: DbOrTx,
  organizationId: string,
  invoiceId: string,
): Promise<InvoiceDetail> {
  const found = await findInvoice(db, organizationId, invoiceId);
  if (!found) throw notFound('INVOICE_NOT_FOUND');
  const today = await schoolToday(db, organizationId);
  const lines = await findInvoiceLines(db, organizationId, invoiceId);
  const waived = new Set(
    lines
      .filter((line) => line.kind === 'late_fee_waiver' && line.sourceKey)
      .map((line) => line.sourceKey!.replace(/^waive:/, '')),
  );
  return {
    ...toItem(found.invoice, found.student, today),
    academicYear: found.year?.id ? { id: found.year.id, label: found.year.label } : null,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      label: line.label,
      amount: line.amount,
      createdAt: line.createdAt.toISOString(),
      waived: waived.has(line.id),
      reason: line.reason,
    })),
    voidedAt: found.invoice.voidedAt?.toISOString() ?? null,
    voidReason: found.invoice.voidReason,
  };
}

/** A one-off invoice (exam fee, uniform…), issued at once or kept as a draft. */
export async function createInvoice(
  db: Database,
  acting: ActingMember,
  request: InvoiceRequest,
): Promise<InvoiceDetail> {
  const id = await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const student = await findStudent(tx, organizationId, request.studentId);
    if (!student) {
      throw domainError('STUDENT_NOT_FOUND', {}, { field: 'studentId', statusCode: 400 });
    }
    const today = await schoolToday(tx, organizationId);
    const numbers = request.issue
      ? await reserveInvoiceNumbers(tx, organizationId, Number(today.slice(0, 4)), 1)
      : null;
    // The family's row before any open invoice: the lock order of a payment (no deadlock).
    if (numbers) await lockMainPayers(tx, organizationId, [student.id]);
    const [invoice] = await saveInvoices(
      tx,
      organizationId,
      [
        {
          studentId: student.id,
          label: request.label,
          dueOn: request.dueOn,
          lines: request.lines.map((line) => ({ kind: 'fee', ...line })),
        },
      ],
      { numbers, createdBy: acting.actor.label, issuedAt: new Date(), entryDate: today },
    );
    await auditInvoice(tx, acting, request.issue ? 'invoice.issued' : 'invoice.drafted', invoice!, {
      facture: invoice!.number ?? 'brouillon',
      étudiant: student.fullName,
      libellé: request.label,
      montant: invoice!.total,
      échéance: request.dueOn,
    });
    if (request.issue)
      await applyMainPayersCredit(tx, organizationId, [student.id], acting.actor, acting);
    return invoice!.id;
  });
  return getInvoice(db, acting.organizationId, id);
}

/** Issues a draft: it gets the next number of the year and becomes payable. */
export async function issueInvoice(
  db: Database,
  acting: ActingMember,
  invoiceId: string,
): Promise<InvoiceDetail> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const invoice = await lockInvoice(tx, organizationId, invoiceId);
    if (!invoice) throw notFound('INVOICE_NOT_FOUND');
    if (invoice.status !== 'draft') throw domainError('INVOICE_NOT_DRAFT');
    const today = await schoolToday(tx, organizationId);
    const [number] = await reserveInvoiceNumbers(tx, organizationId, Number(today.slice(0, 4)), 1);
    await lockMainPayers(tx, organizationId, [invoice.studentId]); // as a payment does: no deadlock
    const issued = await updateInvoiceRow(tx, organizationId, invoiceId, {
      number,
      status: invoice.total > 0 ? 'open' : 'paid',
      issuedAt: new Date(),
      updatedAt: new Date(),
    });
    await postDraftIssued(tx, issued, today);
    if (invoice.academicYearId) {
      await applyGrantedScholarships(tx, acting, invoice.studentId, invoice.academicYearId);
    }
    await auditInvoice(tx, acting, 'invoice.issued', invoice, {
      facture: number,
      libellé: invoice.label,
      montant: invoice.total,
    });
    await applyMainPayersCredit(tx, organizationId, [invoice.studentId], acting.actor, acting);
  });
  return getInvoice(db, acting.organizationId, invoiceId);
}

/**
 * Voids an invoice with a reason: it stays, with its number, marked « Annulée ». An invoice that
 * received money cannot be voided until that money is refunded.
 */
export async function voidInvoice(
  db: Database,
  acting: ActingMember,
  invoiceId: string,
  reason: string,
): Promise<InvoiceDetail> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const invoice = await lockInvoice(tx, organizationId, invoiceId);
    if (!invoice) throw notFound('INVOICE_NOT_FOUND');
    if (invoice.status === 'void') throw domainError('INVOICE_ALREADY_VOID');
    if (invoice.paid > 0) throw domainError('INVOICE_HAS_PAYMENTS');
    await updateInvoiceRow(tx, organizationId, invoiceId, {
      status: 'void',
      voidedAt: new Date(),
      voidReason: reason,
      voidedBy: acting.actor.label,
      updatedAt: new Date(),
    });
    await postInvoiceVoided(tx, invoice, await schoolToday(tx, organizationId));
    await auditInvoice(tx, acting, 'invoice.voided', invoice, {
      facture: invoice.number ?? 'brouillon',
      libellé: invoice.label,
      montant: invoice.total,
      motif: reason,
    });
  });
  return getInvoice(db, acting.organizationId, invoiceId);
}

/** Cancels a late fee with a reason, by a compensating line (the fee line stays). */
export async function waiveLateFee(
  db: Database,
  acting: ActingMember,
  invoiceId: string,
  lineId: string,
  reason: string,
): Promise<InvoiceDetail> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const invoice = await lockInvoice(tx, organizationId, invoiceId);
    if (!invoice) throw notFound('INVOICE_NOT_FOUND');
    const line = await findInvoiceLine(tx, organizationId, invoiceId, lineId);
    if (!line) throw notFound('INVOICE_LINE_NOT_FOUND');
    if (line.kind !== 'late_fee') throw domainError('NOT_A_LATE_FEE');
    if (invoice.status === 'void') throw domainError('INVOICE_ALREADY_VOID');
    const waiver = await addInvoiceLine(tx, organizationId, invoiceId, {
      kind: 'late_fee_waiver',
      label: `Annulation : ${line.label}`,
      amount: -Math.min(line.amount, invoice.total - invoice.paid),
      sourceKey: `waive:${line.id}`,
      reason,
      createdBy: acting.actor.label,
    });
    if (!waiver) throw domainError('LATE_FEE_ALREADY_WAIVED');
    await auditInvoice(tx, acting, 'invoice.late_fee_waived', invoice, {
      facture: invoice.number,
      pénalité: line.amount,
      motif: reason,
    });
  });
  return getInvoice(db, acting.organizationId, invoiceId);
}
