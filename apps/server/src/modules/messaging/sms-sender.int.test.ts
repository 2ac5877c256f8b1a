import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../platform/db/database';
import { useTestDatabase } from '../../test/test-database';
import {
  configureSmsGateway,
  deliverQueuedSms,
  outboundMessages,
  queueSms,
  sendQueuedSmsSoon,
  startSmsSender,
} from './index';

interface ReceivedSms {
  to: string;
  from: string;
  body: string;
}

/**
 * A real HTTP gateway on a free port: records every POST and answers with `answer()` (a status,
 * after an optional delay; `hang` never answers).
 */
async function startGateway() {
  const received: ReceivedSms[] = [];
  let answer: () => { status: number; delayMs?: number } | 'hang' = () => ({ status: 201 });
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(JSON.parse(raw) as ReceivedSms);
      const planned = answer();
      if (planned === 'hang') return;
      setTimeout(() => {
        response.writeHead(planned.status, { 'content-type': 'application/json' });
        response.end('{}');
      }, planned.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/__sim/sms`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('The SMS sender', () => {
  const database = useTestDatabase();
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    gateway = await startGateway();
  });
  afterAll(async () => {
    await gateway.close();
  });
  afterEach(async () => {
    configureSmsGateway(null);
    gateway.received.length = 0;
    gateway.answerWith(() => ({ status: 201 }));
    // Each test starts with an empty outbox.
    await database().db.delete(outboundMessages);
  });

  const queue = (recipient: string, body: string, metadata?: Record<string, unknown>) =>
    queueSms(database().db, {
      organizationId: null,
      recipient,
      body,
      template: 'test.sms',
      metadata,
    });

  const statusOf = async (id: string) => {
    const [row] = await database()
      .db.select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, id));
    return row!;
  };

  it('keeps SMS captured and sends nothing without a gateway', async () => {
    const sms = await queue('+22890000001', 'Code 123456');
    expect(sms.status).toBe('captured');
    expect(await deliverQueuedSms(database().db)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(gateway.received).toEqual([]);
    expect((await statusOf(sms.id)).status).toBe('captured');
  });

  it('queues SMS and POSTs each one once as { to, from, body }, marking it sent', async () => {
    configureSmsGateway({ url: gateway.url });
    const first = await queue('+22890000002', 'École Démo : reçu de 150\u202F000 FCFA', {
      receiptId: 'r-1',
    });
    expect(first.status).toBe('queued');
    // More than a batch: the pass goes on until the queue is empty.
    const others = [];
    for (let index = 0; index < 11; index += 1) {
      others.push(await queue(`+2289100${String(index).padStart(4, '0')}`, `SMS ${index}`));
    }

    const report = await deliverQueuedSms(database().db);
    expect(report).toEqual({ sent: 12, retrying: 0, failed: 0 });
    expect(gateway.received).toHaveLength(12);
    // Oldest first, in GSM-7 with ASCII spaces, from ECOLAGE.
    expect(gateway.received[0]).toEqual({
      to: '+22890000002',
      from: 'ECOLAGE',
      body: 'École Démo : recu de 150 000 FCFA',
    });
    expect(new Set(gateway.received.map((sms) => sms.to)).size).toBe(12);

    const sent = await statusOf(first.id);
    expect(sent.status).toBe('sent');
    expect(sent.metadata).toMatchObject({
      receiptId: 'r-1',
      delivery: { attempts: 1, sentAt: expect.any(String) },
    });
    const rows = await database()
      .db.select()
      .from(outboundMessages)
      .where(
        inArray(
          outboundMessages.id,
          others.map((sms) => sms.id),
        ),
      );
    expect(rows.every((row) => row.status === 'sent')).toBe(true);

    // A second pass has nothing left to send.
    expect(await deliverQueuedSms(database().db)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(gateway.received).toHaveLength(12);
  });

  it('tries a failing SMS again later, then marks it failed after 3 tries with the error', async () => {
    configureSmsGateway({ url: gateway.url });
    gateway.answerWith(() => ({ status: 503 }));
    const sms = await queue('+22890000003', 'Code 654321');
    const start = new Date('2030-01-10T08:00:00Z');
    const at = (seconds: number) => () => new Date(start.getTime() + seconds * 1000);

    expect(await deliverQueuedSms(database().db, { now: at(0) })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    let row = await statusOf(sms.id);
    expect(row.status).toBe('queued');
    expect(row.metadata).toMatchObject({
      delivery: { attempts: 1, error: 'HTTP 503', retryAt: '2030-01-10T08:00:05.000Z' },
    });
    // Not before its retry time.
    await deliverQueuedSms(database().db, { now: at(4) });
    expect(gateway.received).toHaveLength(1);

    expect((await deliverQueuedSms(database().db, { now: at(5) })).retrying).toBe(1);
    expect((await statusOf(sms.id)).metadata).toMatchObject({
      delivery: { attempts: 2, retryAt: '2030-01-10T08:00:15.000Z' },
    });
    await deliverQueuedSms(database().db, { now: at(14) });
    expect(gateway.received).toHaveLength(2);

    expect(await deliverQueuedSms(database().db, { now: at(15) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    row = await statusOf(sms.id);
    expect(row.status).toBe('failed');
    expect(row.metadata).toMatchObject({
      delivery: { attempts: 3, error: 'HTTP 503', failedAt: '2030-01-10T08:00:15.000Z' },
    });
    // Given up: never tried again.
    await deliverQueuedSms(database().db, { now: at(3600) });
    expect(gateway.received).toHaveLength(3);
  });

  it('records a gateway that is down, and sends once it is back', async () => {
    const down = await startGateway();
    await down.close();
    configureSmsGateway({ url: down.url });
    const sms = await queue('+22890000004', 'Code 111111');
    expect((await deliverQueuedSms(database().db, { retryDelayMs: 0 })).retrying).toBe(1);
    const row = await statusOf(sms.id);
    expect(row.status).toBe('queued');
    expect(String((row.metadata.delivery as { error: string }).error)).toMatch(/ECONNREFUSED/);

    configureSmsGateway({ url: gateway.url });
    expect(await deliverQueuedSms(database().db)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect((await statusOf(sms.id)).metadata).toMatchObject({ delivery: { attempts: 2 } });
    expect(gateway.received).toEqual([
      { to: '+22890000004', from: 'ECOLAGE', body: 'Code 111111' },
    ]);
  });

  it('gives up on a call after 5 seconds', async () => {
    configureSmsGateway({ url: gateway.url });
    gateway.answerWith(() => 'hang');
    const sms = await queue('+22890000005', 'Code 222222');
    const started = performance.now();
    expect((await deliverQueuedSms(database().db)).retrying).toBe(1);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(elapsed).toBeLessThan(8_000);
    expect((await statusOf(sms.id)).metadata).toMatchObject({
      delivery: { attempts: 1, error: expect.stringMatching(/timeout|aborted/i) },
    });
  }, 15_000);

  it('never sends one SMS twice when two senders (two instances) run at the same time', async () => {
    configureSmsGateway({ url: gateway.url });
    // A slow gateway, so that both senders are busy together.
    gateway.answerWith(() => ({ status: 201, delayMs: 30 }));
    const queued = [];
    for (let index = 0; index < 30; index += 1) {
      queued.push(await queue(`+2289200${String(index).padStart(4, '0')}`, `Message ${index}`));
    }
    const other = connectDatabase(database().url, 3);
    try {
      const reports = await Promise.all([
        deliverQueuedSms(database().db),
        deliverQueuedSms(other.db),
        deliverQueuedSms(other.db),
      ]);
      expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(30);
      // Each sender took part of the queue.
      expect(reports.filter((report) => report.sent > 0).length).toBeGreaterThan(1);
    } finally {
      await other.close();
    }
    expect(gateway.received).toHaveLength(30);
    expect(new Set(gateway.received.map((sms) => sms.to)).size).toBe(30);
    const rows = await database().db.select().from(outboundMessages);
    expect(rows.map((row) => row.status)).toEqual(Array(30).fill('sent'));
  });

  it('runs a pass as soon as sendQueuedSmsSoon() is called after the commit', async () => {
    configureSmsGateway({ url: gateway.url });
    // A loop far too slow to be what delivers it.
    const sender = startSmsSender({
      db: database().db,
      logger: { debug: () => {}, warn: () => {}, error: () => {} },
      intervalMs: 60_000,
    });
    try {
      await database().db.transaction(async (tx) => {
        await queueSms(tx, {
          organizationId: null,
          recipient: '+22890000006',
          body: 'Votre code : 424242',
          template: 'test.code',
        });
      });
      const nudged = performance.now();
      sendQueuedSmsSoon();
      sendQueuedSmsSoon();
      await expect.poll(() => gateway.received.length, { timeout: 1_000, interval: 20 }).toBe(1);
      expect(performance.now() - nudged).toBeLessThan(1_000);
      expect(gateway.received[0]).toMatchObject({
        to: '+22890000006',
        body: 'Votre code : 424242',
      });
    } finally {
      await sender.stop();
    }
    // Once stopped, a nudge does nothing.
    await queue('+22890000007', 'Code 333333');
    sendQueuedSmsSoon();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gateway.received).toHaveLength(1);
  });
});
