// Who reacts to which event (the catalogue is in @ecolage/contracts, events.ts): registered here,
// at the composition root, so that a producer never imports the modules downstream of it.
import type { AnyEventHandler } from '../platform/outbox/event-dispatch';
import { subscribeInTransaction } from '../platform/outbox/outbox';
import { receiptEventHandlers, receiptRefundSubscriber } from '../modules/receipts';
import { bankChangedNoticeHandler } from '../modules/settings';
import { automationEventHandlers } from '../modules/automations';
import { notificationEventHandlers } from '../modules/notifications';
import { settlementEventHandlers } from '../modules/accounting';
import { statisticsEventHandlers } from '../modules/analytics';
import { pageAnalyticsEventHandlers } from '../modules/public';

/**
 * The handlers the worker's dispatcher runs after commit, each on its own (attempts, backoff,
 * dead state: `npm run events:failed`). `now` is the worker's clock.
 *
 * | event               | handler                  | does                                        |
 * | payment.succeeded   | receipts.issue-receipt   | issues the receipt, sends the payer its link |
 * | payment.refunded    | receipts.show-refund     | a receipt issued after the refund shows it   |
 * | organization.bank_details_changed | settings.bank-change-notice | e-mails every Super administration |
 * | payment.succeeded, payment.failed, student.enrolled, admission.received | automations.<event> | sends of the enabled workflows of that trigger whose conditions the students meet |
 * | payment.succeeded   | notifications.payment-received | « Paiement reçu » in the bell (+ e-mail copy) |
 * | payment.failed      | notifications.payment-failed   | « Paiement échoué » in the bell (+ e-mail)    |
 * | admission.received  | notifications.admission-received | « Nouvelle pré-inscription » (+ e-mail)   |
 * | payment.review_opened | notifications.payment-review | « Paiement à examiner » in the bell         |
 * | cash_session.closed | notifications.cash-difference  | « Écart de caisse » when counted ≠ expected  |
 * | payment.succeeded   | accounting.settle-payment      | the settlement line: fee, commission, net     |
 * | payment.refunded    | accounting.settle-refund       | the refund's line: commission given back      |
 * | payment.succeeded, payment.refunded | analytics.payment-succeeded, analytics.payment-refunded | the payment's slices in the statistics, its invoices' due days |
 * | student.enrolled    | analytics.student-enrolled     | the statistics' receivables of the invoices it issued |
 * | payment.succeeded   | public.convert-paid-visit      | the visit the payment started from converts   |
 */
export function eventHandlers(now: () => Date = () => new Date()): AnyEventHandler[] {
  return [
    ...receiptEventHandlers(now),
    bankChangedNoticeHandler,
    ...automationEventHandlers,
    ...notificationEventHandlers,
    ...settlementEventHandlers,
    ...statisticsEventHandlers,
    ...pageAnalyticsEventHandlers,
  ];
}

/**
 * The reactions that commit with the fact itself, for every process or thread that publishes
 * events (the HTTP server, the worker thread, the tests' apps). Registering twice is harmless.
 *
 * | event               | subscriber                   | does                                 |
 * | payment.refunded    | receipts.show-refund-at-once | the receipt shows the refund at once |
 */
export function registerEventSubscribers(): void {
  subscribeInTransaction(receiptRefundSubscriber);
}
