import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource } from '../test/fake-event-source';
import { openEventStream } from './event-stream';

describe('openEventStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the address with a fresh ticket and hands each message over', async () => {
    const streams = installFakeEventSource();
    const onMessage = vi.fn();
    const onLive = vi.fn();
    const ticket = vi.fn(async () => 'ti.ck.et');
    const handle = openEventStream('/api/students/s-1/events', { onMessage, onLive, ticket });
    await vi.advanceTimersByTimeAsync(0);
    const stream = streams.latest();
    expect(stream.url).toBe('/api/students/s-1/events?ticket=ti.ck.et');
    stream.send({ type: 'ready' });
    stream.send({ type: 'payment', paymentId: 'p-1', state: 'succeeded' });
    expect(onLive).toHaveBeenCalledTimes(1);
    expect(onMessage.mock.calls).toEqual([
      [{ type: 'ready' }],
      [{ type: 'payment', paymentId: 'p-1', state: 'succeeded' }],
    ]);
    handle.close();
    expect(stream.readyState).toBe(stream.CLOSED);
  });

  it('falls back when refused, then opens again with a new ticket', async () => {
    const streams = installFakeEventSource();
    const onFallback = vi.fn();
    const onLive = vi.fn();
    let count = 0;
    const ticket = vi.fn(async () => `t.${(count += 1)}.x`);
    const handle = openEventStream('/flux', { onMessage: vi.fn(), onFallback, onLive, ticket });
    await vi.advanceTimersByTimeAsync(0);
    streams.latest().refuse();
    expect(onFallback).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(streams.opened).toHaveLength(2);
    expect(streams.latest().url).toBe('/flux?ticket=t.2.x');
    // Refused again: no second fallback for the same outage, a longer wait.
    streams.latest().refuse();
    expect(onFallback).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(streams.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(streams.opened).toHaveLength(3);
    streams.latest().send({ type: 'ready' });
    expect(onLive).toHaveBeenCalledTimes(1);
    handle.close();
  });

  it('falls back when nothing comes within 3 s, and when the ticket cannot be had', async () => {
    const streams = installFakeEventSource();
    const onFallback = vi.fn();
    const silent = openEventStream('/flux', { onMessage: vi.fn(), onFallback });
    await vi.advanceTimersByTimeAsync(2999);
    expect(onFallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onFallback).toHaveBeenCalledTimes(1);
    silent.close();

    const noTicket = vi.fn();
    const refused = openEventStream('/flux', {
      onMessage: vi.fn(),
      onFallback: noTicket,
      ticket: () => Promise.reject(new Error('401')),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(noTicket).toHaveBeenCalledTimes(1);
    expect(streams.opened).toHaveLength(1);
    refused.close();
  });

  it('lets the stream go in a tab hidden 30 s, and opens it again when shown', async () => {
    const streams = installFakeEventSource();
    const onLive = vi.fn();
    let count = 0;
    const ticket = vi.fn(async () => `t.${(count += 1)}.x`);
    let hidden = false;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    const handle = openEventStream('/flux', { onMessage: vi.fn(), onLive, ticket });
    try {
      await vi.advanceTimersByTimeAsync(0);
      const first = streams.latest();
      first.send({ type: 'ready' });
      hidden = true;
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(29_000);
      expect(first.readyState).not.toBe(first.CLOSED);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(first.readyState).toBe(first.CLOSED);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(streams.opened).toHaveLength(1);
      hidden = false;
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(streams.opened).toHaveLength(2);
      expect(streams.latest().url).toBe('/flux?ticket=t.2.x');
      streams.latest().send({ type: 'ready' });
      expect(onLive).toHaveBeenCalledTimes(2);
    } finally {
      handle.close();
      Reflect.deleteProperty(document, 'hidden');
    }
  });

  it('falls back at once where the browser has no EventSource', async () => {
    const onFallback = vi.fn();
    openEventStream('/flux', { onMessage: vi.fn(), onFallback });
    await vi.advanceTimersByTimeAsync(0);
    expect(onFallback).toHaveBeenCalledTimes(1);
  });
});
