import { z } from 'zod';
import { paymentChannelValues, paymentMethodValues } from './payments';
import { refundMethodValues } from './payment-records';

/**
 * The catalogue of domain events (DESIGN.md §4, decision 0014): each event's name and the one
 * schema of its payload, used by the module that publishes it (`publishEvent`, in its
 * transaction) and by every handler that reads it. Every event listed here has at least one
 * handler registered at the server's composition root; an event nobody handles is not written.
 */

const uuid = z.uuid();
const francs = z.number().int();

/** A payment's money arrived (provider confirmation, late success, or the cash desk). Producer: payments. */
export const paymentSucceededEvent = z.object({
  paymentId: uuid,
  guardianId: uuid,
  amount: francs.positive(),
  wallet: z.enum(paymentMethodValues),
  provider: z.enum(paymentChannelValues),
  /** Our reference at the provider, and the provider's own transaction id (the payer's SMS has it). */
  providerRef: z.string().nullable(),
  providerTxnId: z.string().nullable(),
  payerPhone: z.string().nullable(),
  succeededAt: z.iso.datetime({ offset: true }),
  /** What it paid, invoice by invoice, and what was left over as the family's credit. */
  allocations: z.array(z.object({ invoiceId: uuid, studentId: uuid, amount: francs })),
  creditAmount: francs.nonnegative(),
  /** Confirmed after the attempt had been given up (it is also put in front of a person). */
  late: z.boolean(),
  /** The cashier who took it at the desk; absent for payments through a provider. */
  cashierName: z.string().nullish(),
});

/** Money of a payment went back to the payer (one refund succeeded). Producer: payments. */
export const paymentRefundedEvent = z.object({
  paymentId: uuid,
  refundId: uuid,
  guardianId: uuid,
  /** This refund. */
  amount: francs.positive(),
  /** Everything the payment has paid back so far, this refund included. */
  refundedAmount: francs.positive(),
  fully: z.boolean(),
  method: z.enum(refundMethodValues),
  fromCredit: francs.nonnegative(),
  invoices: z.array(z.object({ invoiceId: uuid, studentId: uuid, amount: francs })),
});

/**
 * A school's bank details (where its payouts go) changed: every Super administration is told
 * (payout fraud). Producer: settings. Account numbers travel masked.
 */
export const organizationBankDetailsChangedEvent = z.object({
  changedBy: z.object({ userId: uuid, name: z.string() }),
  changedAt: z.iso.datetime({ offset: true }),
  ip: z.string().nullable(),
  bankName: z.string(),
  accountHolder: z.string(),
  /** `•••• 0070`, or null. */
  maskedRib: z.string().nullable(),
  maskedIban: z.string().nullable(),
});

/**
 * A payment ended without money (refused, wrong PIN, expired, cancelled): the bell and the
 * « paiement échoué » automations. Producer: payments (the transition, in its transaction).
 */
export const paymentFailedEvent = z.object({
  paymentId: uuid,
  guardianId: uuid,
  amount: francs.positive(),
  wallet: z.enum(paymentMethodValues),
  provider: z.enum(paymentChannelValues),
  payerPhone: z.string().nullable(),
  /** `failed`, `expired` or `cancelled`. */
  outcome: z.enum(['failed', 'expired', 'cancelled']),
  /** The provider's reason in French, when it gave one. */
  reason: z.string().nullable(),
  failedAt: z.iso.datetime({ offset: true }),
  /** The invoices it was meant to pay, with their students. */
  invoices: z.array(z.object({ invoiceId: uuid, studentId: uuid })),
});

/**
 * A payment was put in front of a person (a success after expiry to keep or refund, an amount
 * that does not match…): « paiement à examiner » in the bell. Producer: payments.
 */
export const paymentReviewOpenedEvent = z.object({
  reviewId: uuid,
  paymentId: uuid.nullable(),
  reason: z.string(),
  /** The reason in French, as the review list words it. */
  label: z.string(),
  openedAt: z.iso.datetime({ offset: true }),
});

/** A student was enrolled in a level (and billed). Producer: billing (the enrolment's transaction). */
export const studentEnrolledEvent = z.object({
  studentId: uuid,
  enrolmentId: uuid,
  levelId: uuid,
  programmeId: uuid,
  academicYearId: uuid,
  enrolledAt: z.iso.datetime({ offset: true }),
  invoiceIds: z.array(uuid),
});

/** An online pre-registration arrived (student « En attente »). Producer: admissions. */
export const admissionReceivedEvent = z.object({
  admissionId: uuid,
  studentId: uuid,
  studentName: z.string(),
  applicantName: z.string(),
  applicantPhone: z.string().nullable(),
  programmeId: uuid.nullable(),
  levelId: uuid.nullable(),
  receivedAt: z.iso.datetime({ offset: true }),
});

/** A cash-desk session was closed; `difference` = counted − expected (0 when it balanced). Producer: cash-desk. */
export const cashSessionClosedEvent = z.object({
  sessionId: uuid,
  cashierUserId: uuid,
  cashierName: z.string(),
  expected: francs,
  counted: francs,
  difference: francs,
  comment: z.string().nullable(),
  closedAt: z.iso.datetime({ offset: true }),
});

export const eventCatalogue = {
  'payment.succeeded': paymentSucceededEvent,
  'payment.refunded': paymentRefundedEvent,
  'organization.bank_details_changed': organizationBankDetailsChangedEvent,
  'payment.failed': paymentFailedEvent,
  'payment.review_opened': paymentReviewOpenedEvent,
  'student.enrolled': studentEnrolledEvent,
  'admission.received': admissionReceivedEvent,
  'cash_session.closed': cashSessionClosedEvent,
} as const;

export type EventName = keyof typeof eventCatalogue;
/** What a publisher gives (before parsing). */
export type EventPayloadInput<Name extends EventName> = z.input<(typeof eventCatalogue)[Name]>;
/** What a handler reads (parsed). */
export type EventPayload<Name extends EventName> = z.output<(typeof eventCatalogue)[Name]>;

export const eventNames = Object.keys(eventCatalogue) as EventName[];

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(eventCatalogue, name);
}

/** The payload checked against its event's schema; throws a ZodError on a bad one. */
export function parseEventPayload<Name extends EventName>(
  name: Name,
  payload: unknown,
): EventPayload<Name> {
  return eventCatalogue[name].parse(payload) as EventPayload<Name>;
}
