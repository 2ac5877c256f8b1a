import { paymentStatusValues, type PaymentStatusValue } from '@ecolage/contracts';

/**
 * The canonical payment state machine (DESIGN.md §6, research/psp-apis.md §7.1). Forward-only:
 * an event that would move a payment backwards (a late `pending` after `succeeded`, a `failed`
 * after `succeeded`) changes nothing. A success that arrives after the attempt expired, failed or
 * was cancelled locally is honoured — money received is never dropped — and flagged `late`.
 */
export const paymentStates = paymentStatusValues;
export type PaymentState = PaymentStatusValue;

/** States in which the attempt may still become a payment: the "active" ones. */
export const activeStates: readonly PaymentState[] = ['initiated', 'pending', 'unknown'];

/** States where the attempt ended without money (a late success may still reopen them). */
const endedWithoutMoney: readonly PaymentState[] = ['failed', 'cancelled', 'expired'];

/** Allowed moves; everything else is refused as a backwards or impossible move. */
const moves: Record<PaymentState, readonly PaymentState[]> = {
  initiated: ['pending', 'unknown', 'succeeded', 'failed', 'cancelled', 'expired'],
  unknown: ['pending', 'succeeded', 'failed', 'cancelled', 'expired'],
  pending: ['succeeded', 'failed', 'cancelled', 'expired'],
  // A late success reopens these three (flagged); nothing else leaves them.
  failed: ['succeeded'],
  cancelled: ['succeeded'],
  expired: ['succeeded'],
  succeeded: ['refund_pending', 'refunded', 'partially_refunded'],
  refund_pending: ['refunded', 'partially_refunded', 'succeeded'],
  partially_refunded: ['refund_pending', 'refunded'],
  refunded: [],
};

export type Transition =
  | { kind: 'move'; from: PaymentState; to: PaymentState; late: boolean }
  | { kind: 'ignore'; from: PaymentState; to: PaymentState; reason: 'same_state' | 'backwards' };

/**
 * What to do when the authoritative status of an attempt in `from` is `to`. `refund_pending →
 * succeeded` is the refund failing at the provider: the payment stands.
 */
export function transition(from: PaymentState, to: PaymentState): Transition {
  if (from === to) return { kind: 'ignore', from, to, reason: 'same_state' };
  if (!moves[from].includes(to)) return { kind: 'ignore', from, to, reason: 'backwards' };
  const late = to === 'succeeded' && endedWithoutMoney.includes(from);
  return { kind: 'move', from, to, late };
}

export function isActive(state: PaymentState): boolean {
  return activeStates.includes(state);
}

/**
 * States whose attempt is still asked about for a while after it ended, for a late success: an
 * expiry, or a request cancelled at the desk that the provider could not stop (the payer may still
 * approve it on the phone).
 */
export function isWatched(state: PaymentState): boolean {
  return state === 'expired' || state === 'cancelled';
}

/** Terminal for the payer: nothing more will happen unless the provider reports a late success. */
export function isFinal(state: PaymentState): boolean {
  return !isActive(state);
}
