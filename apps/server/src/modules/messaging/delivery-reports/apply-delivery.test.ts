import { describe, expect, it } from 'vitest';
import type { DeliveryEvent } from '../channels/channel-adapter';
import type { OutboundMessage } from '../messaging.tables';
import { nextStatus } from './apply-delivery';

const message = (status: OutboundMessage['status'], metadata: Record<string, unknown> = {}) =>
  ({ status, metadata }) as OutboundMessage;
const event = (state: DeliveryEvent['state']): DeliveryEvent => ({
  state,
  occurredAt: new Date(),
});

describe('the delivery state machine', () => {
  it('moves forward only: queued < sent < delivered (read is delivered)', () => {
    expect(nextStatus(message('sending'), event('sent'))).toBe('sent');
    expect(nextStatus(message('queued'), event('queued'))).toBe('sent');
    expect(nextStatus(message('sent'), event('delivered'))).toBe('delivered');
    expect(nextStatus(message('sent'), event('read'))).toBe('delivered');
    expect(nextStatus(message('delivered'), event('sent'))).toBeNull();
    expect(nextStatus(message('delivered'), event('read'))).toBeNull();
    expect(nextStatus(message('sent'), event('sent'))).toBeNull();
  });

  it('keeps failed terminal, except for a later delivered', () => {
    expect(nextStatus(message('sent'), event('failed'))).toBe('failed');
    expect(nextStatus(message('failed'), event('failed'))).toBeNull();
    expect(nextStatus(message('failed'), event('sent'))).toBeNull();
    expect(nextStatus(message('failed'), event('delivered'))).toBe('delivered');
    expect(nextStatus(message('delivered'), event('failed'))).toBeNull();
  });

  it('lets a report rescue a message given up for an unknown outcome, never a captured one', () => {
    expect(nextStatus(message('failed', { ambiguous: true }), event('sent'))).toBe('sent');
    expect(nextStatus(message('dead'), event('sent'))).toBe('sent');
    expect(nextStatus(message('dead'), event('delivered'))).toBe('delivered');
    expect(nextStatus(message('captured'), event('delivered'))).toBeNull();
  });
});
