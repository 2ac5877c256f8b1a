import type { AnyEventHandler, EventHandler } from '../../../platform/outbox/event-dispatch';
import { settlePayment, settleRefund } from './settle-payment.service';

/** `payment.succeeded` → the payment's settlement line (fee, commission, net) and its posting. */
export const settlePaymentHandler: EventHandler<'payment.succeeded'> = {
  name: 'accounting.settle-payment',
  event: 'payment.succeeded',
  async handle(tx, event) {
    await settlePayment(tx, event.organizationId, event.payload.paymentId);
  },
};

/** `payment.refunded` → the refund's line (commission given back pro rata) and its posting. */
export const settleRefundHandler: EventHandler<'payment.refunded'> = {
  name: 'accounting.settle-refund',
  event: 'payment.refunded',
  async handle(tx, event) {
    await settleRefund(tx, event.organizationId, event.payload.refundId);
  },
};

export const settlementEventHandlers: AnyEventHandler[] = [
  settlePaymentHandler,
  settleRefundHandler,
];
