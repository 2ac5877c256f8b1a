import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isActive, paymentStates, transition, type PaymentState } from './state-machine';

describe('payment state machine', () => {
  it('moves forward through the provider’s answers', () => {
    expect(transition('initiated', 'pending')).toEqual({
      kind: 'move',
      from: 'initiated',
      to: 'pending',
      late: false,
    });
    expect(transition('initiated', 'unknown').kind).toBe('move');
    expect(transition('unknown', 'pending').kind).toBe('move');
    expect(transition('pending', 'succeeded')).toMatchObject({ kind: 'move', late: false });
    expect(transition('succeeded', 'refund_pending').kind).toBe('move');
    expect(transition('refund_pending', 'partially_refunded').kind).toBe('move');
    expect(transition('partially_refunded', 'refunded').kind).toBe('move');
  });

  it('never moves backwards: a late pending or failure after success is ignored', () => {
    expect(transition('succeeded', 'pending')).toMatchObject({
      kind: 'ignore',
      reason: 'backwards',
    });
    expect(transition('succeeded', 'failed')).toMatchObject({
      kind: 'ignore',
      reason: 'backwards',
    });
    expect(transition('pending', 'initiated')).toMatchObject({
      kind: 'ignore',
      reason: 'backwards',
    });
    expect(transition('refunded', 'succeeded')).toMatchObject({
      kind: 'ignore',
      reason: 'backwards',
    });
    expect(transition('expired', 'failed')).toMatchObject({ kind: 'ignore', reason: 'backwards' });
    expect(transition('pending', 'pending')).toMatchObject({
      kind: 'ignore',
      reason: 'same_state',
    });
  });

  it('honours a success that arrives after the attempt ended, flagged late', () => {
    for (const ended of ['expired', 'failed', 'cancelled'] as const) {
      expect(transition(ended, 'succeeded')).toEqual({
        kind: 'move',
        from: ended,
        to: 'succeeded',
        late: true,
      });
    }
  });

  it('a refund the provider refuses leaves the payment succeeded', () => {
    expect(transition('refund_pending', 'succeeded')).toMatchObject({ kind: 'move', late: false });
  });

  it('any sequence of provider answers ends in a state reachable forward, and succeeded sticks (property)', () => {
    const state = fc.constantFrom(...paymentStates);
    fc.assert(
      fc.property(fc.array(state, { maxLength: 20 }), (answers) => {
        let current: PaymentState = 'initiated';
        let everSucceeded = false;
        for (const answer of answers) {
          const step = transition(current, answer);
          if (step.kind === 'move') current = step.to;
          if (current === 'succeeded') everSucceeded = true;
          // Once money was received, the payment never goes back to an active or failed state.
          if (everSucceeded) {
            expect(isActive(current)).toBe(false);
            expect(['failed', 'cancelled', 'expired']).not.toContain(current);
          }
        }
      }),
    );
  });
});
