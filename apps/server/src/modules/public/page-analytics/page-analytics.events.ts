import type { AnyEventHandler, EventHandler } from '../../../platform/outbox/event-dispatch';
import { convertPaidVisit } from './visits.service';

/** `payment.succeeded` → the visit the payment was started from converts (once). */
export const paidVisitHandler: EventHandler<'payment.succeeded'> = {
  name: 'public.convert-paid-visit',
  event: 'payment.succeeded',
  async handle(tx, event) {
    await convertPaidVisit(tx, event.organizationId, event.payload.paymentId);
  },
};

export const pageAnalyticsEventHandlers: AnyEventHandler[] = [paidVisitHandler];
