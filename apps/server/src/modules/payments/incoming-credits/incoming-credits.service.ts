import { randomUUID } from 'node:crypto';
import {
  paymentMethodValues,
  toE164,
  type AssignIncomingCreditInput,
  type IncomingCreditSource,
} from '@ecolage/contracts';
import type { Transaction } from '../../../platform/db/database';
import { domainError, notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry, type AuditEntryInput } from '../../audit';
import { findStudent, findStudentGuardians } from '../../students';
import {
  createCreditPayment,
  creditCarrierLabel,
  postSuspense,
  reverseSuspense,
} from './credit-payment';
import { matchCredit, payerFor } from './credit-matching';
import {
  findCreditByTxn,
  insertIncomingCredit,
  lockIncomingCredit,
  updateIncomingCredit,
} from './incoming-credits.repository';
import type { IncomingCreditRow } from './incoming-credits.tables';

/** A credit as a provider's notification or a statement line hands it over. */
export interface IncomingCreditInput {
  organizationId: string;
  source: IncomingCreditSource;
  /** The provider (wave, mtn…), or the bank's name for a bank statement. */
  provider: string;
  /** The wallet or method (WAVE, MTN, BANK_TRANSFER…), when known. */
  wallet: string | null;
  providerTxnId: string;
  /** Whole francs. */
  amount: number;
  /** What the sender typed (the matricule, however spelt). */
  reference: string | null;
  payerPhone: string | null;
  payerName: string | null;
  receivedAt: Date;
  /** The stored provider notification it came from, if any. */
  eventId?: string | null;
}

export interface IncomingCreditRecorded {
  id: string;
  /** `duplicate`: this school already had this provider's transaction; nothing changed. */
  status: 'matched' | 'to_assign' | 'duplicate';
  paymentId: string | null;
}

const sourceActors: Record<IncomingCreditSource, string> = {
  provider_notification: 'Notification du prestataire',
  statement: 'Relevé du prestataire',
  bank_statement: 'Relevé bancaire',
};

const clip = (text: string | null | undefined, length: number) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed.slice(0, length) : null;
};

function checkInput(input: IncomingCreditInput) {
  const txn = input.providerTxnId?.trim();
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || !txn || txn.length > 200) {
    throw domainError('INCOMING_CREDIT_INVALID', {});
  }
  if (!input.provider?.trim() || Number.isNaN(input.receivedAt.getTime())) {
    throw domainError('INCOMING_CREDIT_INVALID', {});
  }
}

/**
 * Records money that arrived unasked — a merchant payment from the wallet's menu, a statement
 * line, a bank transfer — in the caller's transaction, once per (school, provider, transaction):
 * a second call with the same transaction answers `duplicate` and changes nothing (even at the
 * same moment: the unique key makes the second wait for the first). The credit is matched to a
 * student by its reference (the matricule however typed), else by the sender's phone and the
 * amount (a guardian with that phone, exactly one of whose students owes at least that much):
 * then it becomes a succeeded payment at once (allocated, posted, receipt and settlement by
 * `payment.succeeded`) — `matched`. Otherwise it waits « à affecter » with its money posted to
 * 4712 (D the wallet / C 4712) — `to_assign`. Audited as the provider or the statement.
 */
export async function recordIncomingCredit(
  tx: Transaction,
  input: IncomingCreditInput,
): Promise<IncomingCreditRecorded> {
  checkInput(input);
  const { organizationId } = input;
  const provider = input.provider.trim().slice(0, 60);
  const providerTxnId = input.providerTxnId.trim();
  const wallet =
    input.wallet && (paymentMethodValues as readonly string[]).includes(input.wallet)
      ? input.wallet
      : null;
  const phone = input.payerPhone ? (toE164(input.payerPhone) ?? clip(input.payerPhone, 30)) : null;
  const now = new Date();
  const inserted = await insertIncomingCredit(tx, {
    id: randomUUID(),
    organizationId,
    source: input.source,
    provider,
    wallet,
    providerTxnId,
    amount: input.amount,
    reference: clip(input.reference, 200),
    payerPhone: phone,
    payerName: clip(input.payerName, 200),
    receivedAt: input.receivedAt,
    status: 'to_assign',
    eventId: input.eventId ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted) {
    const existing = await findCreditByTxn(tx, organizationId, provider, providerTxnId);
    return { id: existing!.id, status: 'duplicate', paymentId: existing!.paymentId };
  }
  const actor = {
    type: 'system' as const,
    label: `${sourceActors[input.source]} (${creditCarrierLabel(inserted)})`,
  };
  const match = await matchCredit(tx, organizationId, inserted);
  let credit: IncomingCreditRow;
  let audit: AuditEntryInput;
  if (match) {
    const paid = await createCreditPayment(
      tx,
      inserted,
      {
        studentId: match.studentId,
        guardianId: match.guardianId,
        createdBy: actor.label,
        createdByUserId: null,
      },
      now,
    );
    credit = await updateIncomingCredit(tx, inserted.id, {
      status: 'matched',
      matchedBy: match.matchedBy,
      studentId: match.studentId,
      guardianId: match.guardianId,
      paymentId: paid.attempt.id,
    });
    audit = creditAudit(credit, actor, 'incoming_credit.matched', {
      payment: paid.attempt.id,
      invoices: paid.allocations.length,
      credit: paid.creditAmount,
    });
  } else {
    const suspenseTransactionId = await postSuspense(tx, inserted);
    credit = await updateIncomingCredit(tx, inserted.id, { suspenseTransactionId });
    audit = creditAudit(credit, actor, 'incoming_credit.received', {});
  }
  await recordAuditEntry(tx, audit);
  return {
    id: credit.id,
    status: credit.status as 'matched' | 'to_assign',
    paymentId: credit.paymentId,
  };
}

function creditAudit(
  credit: IncomingCreditRow,
  actor: AuditEntryInput['actor'],
  action: string,
  details: Record<string, unknown>,
  member?: Pick<ActingMember, 'ip' | 'userAgent'>,
): AuditEntryInput {
  return {
    organizationId: credit.organizationId,
    actor,
    action,
    resourceType: 'incoming_credit',
    resourceId: credit.id,
    category: 'payment',
    details: {
      amount: credit.amount,
      provider: credit.provider,
      wallet: credit.wallet,
      reference: credit.reference,
      téléphone: credit.payerPhone,
      ...details,
    },
    ip: member?.ip ?? null,
    userAgent: member?.userAgent ?? null,
  };
}

/** The school's credit, locked; 404 for an unknown id or another school's. */
async function lockCredit(tx: Transaction, organizationId: string, creditId: string) {
  const credit = await lockIncomingCredit(tx, organizationId, creditId);
  if (!credit) throw notFound('INCOMING_CREDIT_NOT_FOUND');
  return credit;
}

/**
 * A member assigns a waiting credit to a student (the payer: the guardian named, linked to the
 * student, else the one with the sender's phone, else the main payer): the payment is created as
 * at a match, the suspense leaves 4712 (D 4712 / C the wallet), all in the caller's transaction.
 * The credit's row is locked first: a second assignment — after, or at the same moment — gets 409
 * `INCOMING_CREDIT_ALREADY_ASSIGNED` and creates nothing.
 */
export async function assignIncomingCredit(
  tx: Transaction,
  member: ActingMember,
  creditId: string,
  input: AssignIncomingCreditInput,
): Promise<IncomingCreditRow> {
  const { organizationId } = member;
  const credit = await lockCredit(tx, organizationId, creditId);
  if (credit.status === 'returned') throw domainError('INCOMING_CREDIT_RETURNED', {});
  if (credit.status !== 'to_assign') throw domainError('INCOMING_CREDIT_ALREADY_ASSIGNED', {});
  const student = await findStudent(tx, organizationId, input.studentId);
  if (!student) throw notFound('STUDENT_NOT_FOUND');
  let guardianId: string | undefined;
  if (input.guardianId) {
    const links = await findStudentGuardians(tx, organizationId, student.id);
    if (!links.some(({ guardian }) => guardian.id === input.guardianId)) {
      throw domainError('GUARDIAN_NOT_LINKED', {}, { field: 'guardianId' });
    }
    guardianId = input.guardianId;
  } else {
    guardianId = await payerFor(tx, organizationId, student.id, credit.payerPhone);
  }
  if (!guardianId) throw domainError('STUDENT_HAS_NO_PAYER', {}, { field: 'guardianId' });
  const now = new Date();
  const paid = await createCreditPayment(
    tx,
    credit,
    {
      studentId: student.id,
      guardianId,
      createdBy: member.actor.label,
      createdByUserId: member.actor.type === 'user' ? member.actor.userId : null,
    },
    now,
  );
  await reverseSuspense(tx, credit, 'assigned');
  const assigned = await updateIncomingCredit(tx, credit.id, {
    status: 'assigned',
    matchedBy: 'staff',
    studentId: student.id,
    guardianId,
    paymentId: paid.attempt.id,
    assignedBy: member.actor.label,
    assignedByUserId: member.actor.type === 'user' ? member.actor.userId : null,
    assignedAt: now,
  });
  await recordAuditEntry(
    tx,
    creditAudit(
      assigned,
      member.actor,
      'incoming_credit.assigned',
      {
        étudiant: student.fullName,
        matricule: student.matricule,
        payment: paid.attempt.id,
        invoices: paid.allocations.length,
        credit: paid.creditAmount,
      },
      member,
    ),
  );
  return assigned;
}

/**
 * « Rendre à l'expéditeur »: a waiting credit is marked returned with the member's note, and its
 * money leaves 4712 back against the wallet (the transfer back itself happens at the provider).
 */
export async function returnIncomingCredit(
  tx: Transaction,
  member: ActingMember,
  creditId: string,
  note: string,
): Promise<IncomingCreditRow> {
  const credit = await lockCredit(tx, member.organizationId, creditId);
  if (credit.status !== 'to_assign') throw domainError('INCOMING_CREDIT_NOT_RETURNABLE', {});
  await reverseSuspense(tx, credit, 'returned');
  const now = new Date();
  const returned = await updateIncomingCredit(tx, credit.id, {
    status: 'returned',
    note: note.trim(),
    assignedBy: member.actor.label,
    assignedByUserId: member.actor.type === 'user' ? member.actor.userId : null,
    assignedAt: now,
  });
  await recordAuditEntry(
    tx,
    creditAudit(
      returned,
      member.actor,
      'incoming_credit.returned',
      { note: returned.note },
      member,
    ),
  );
  return returned;
}
