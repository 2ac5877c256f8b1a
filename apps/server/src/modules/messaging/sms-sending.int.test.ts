import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startJobs, type JobDefinition } from '../../platform/jobs/jobs';
import { useTestDatabase } from '../../test/test-database';
import { configureSmsGateway, createMessaging, queueSms } from './index';
import { outboundMessages } from './messaging.tables';
import { sweepWaitingMessages } from './message-dispatch';

interface ReceivedSms {
  to: string;
  from: string;
  body: string;
}

const quiet = { info: () => {}, error: () => {} };

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
        response.end(JSON.stringify({ id: `sms-${received.length}` }));
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

describe('SMS, sent by the messaging.send-sms job', () => {
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
  const rowOf = async (id: string) => {
    const [row] = await database()
      .db.select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, id));
    return row!;
  };
  /** Its backoff over: due now. */
  const makeDue = (id: string) =>
    database()
      .db.update(outboundMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(outboundMessages.id, id));
  const sendJob = (): JobDefinition<{ messageId: string }> =>
    createMessaging(database().db).jobs.find((job) => job.name === 'messaging.send-sms')!;
  const run = (messageId: string, attempt = 1) =>
    sendJob().run({ messageId }, { id: `job-${attempt}`, attempt, logger: quiet });

  it('keeps SMS captured and sends nothing without a gateway', async () => {
    const sms = await queue('+22890000001', 'Code 123456');
    expect(sms.status).toBe('captured');
    await run(sms.id);
    expect(gateway.received).toEqual([]);
    expect((await rowOf(sms.id)).status).toBe('captured');
  });

  it('POSTs a queued SMS once as { to, from, body }, in GSM-7 (é and É kept), and marks it sent', async () => {
    configureSmsGateway({ url: gateway.url });
    const sms = await queue('+22890000002', 'École Démo : reçu de 150\u202F000 FCFA', {
      receiptId: 'r-1',
    });
    expect(sms.status).toBe('queued');
    await run(sms.id);
    expect(gateway.received).toEqual([
      { to: '+22890000002', from: 'ECOLAGE', body: 'École Démo : recu de 150 000 FCFA' },
    ]);
    const sent = await rowOf(sms.id);
    expect(sent).toMatchObject({
      status: 'sent',
      metadata: { receiptId: 'r-1' },
      attempts: 1,
      sentAt: expect.any(Date),
      provider: 'gateway',
      providerMessageId: 'sms-1',
    });
    // Its job run again (a retry after a crash) sends nothing more.
    await run(sms.id, 2);
    expect(gateway.received).toHaveLength(1);
  });

  it('retries a refused SMS with backoff, then marks it dead after 4 tries with the error', async () => {
    configureSmsGateway({ url: gateway.url });
    gateway.answerWith(() => ({ status: 503 }));
    const sms = await queue('+22890000003', 'Code 654321');
    expect(sendJob()).toMatchObject({ retryLimit: 3, retryDelaySeconds: 10, retryBackoff: true });

    await expect(run(sms.id, 1)).rejects.toThrow(/envoi à réessayer : HTTP 503/);
    let row = await rowOf(sms.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'HTTP 503' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 9_000);
    // Before its backoff is over, a run takes nothing.
    await run(sms.id, 2);
    expect(gateway.received).toHaveLength(1);
    for (const attempt of [2, 3]) {
      await makeDue(sms.id);
      await expect(run(sms.id, attempt)).rejects.toThrow(/envoi à réessayer/);
      expect((await rowOf(sms.id)).attempts).toBe(attempt);
    }
    await makeDue(sms.id);
    await run(sms.id, 4);
    row = await rowOf(sms.id);
    expect(row).toMatchObject({ status: 'dead', attempts: 4, lastError: 'HTTP 503' });
    // Given up: never tried again.
    await makeDue(sms.id);
    await run(sms.id, 5);
    expect(gateway.received).toHaveLength(4);
  });

  it('records a gateway that is down, and sends once it is back', async () => {
    const down = await startGateway();
    await down.close();
    configureSmsGateway({ url: down.url });
    const sms = await queue('+22890000004', 'Code 111111');
    await expect(run(sms.id, 1)).rejects.toThrow(/ECONNREFUSED/);
    expect((await rowOf(sms.id)).status).toBe('queued');

    configureSmsGateway({ url: gateway.url });
    await makeDue(sms.id);
    await run(sms.id, 2);
    expect(await rowOf(sms.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(gateway.received).toEqual([
      { to: '+22890000004', from: 'ECOLAGE', body: 'Code 111111' },
    ]);
  });

  it('gives up on a call after 5 seconds', async () => {
    configureSmsGateway({ url: gateway.url });
    gateway.answerWith(() => 'hang');
    const sms = await queue('+22890000005', 'Code 222222');
    const started = performance.now();
    await expect(run(sms.id)).rejects.toThrow(/timeout|aborted/i);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(elapsed).toBeLessThan(8_000);
  }, 15_000);

  it('never sends one SMS twice: the job that took it holds it while the gateway answers', async () => {
    configureSmsGateway({ url: gateway.url });
    // A slow gateway, so that the runs overlap.
    gateway.answerWith(() => ({ status: 201, delayMs: 150 }));
    const queued = [];
    for (let index = 0; index < 20; index += 1) {
      queued.push(await queue(`+2289200${String(index).padStart(4, '0')}`, `Message ${index}`));
    }
    // Each message's job delivered three times at once (duplicates, two workers, a retry).
    await Promise.all(queued.flatMap((sms) => [run(sms.id), run(sms.id), run(sms.id)]));
    expect(gateway.received).toHaveLength(20);
    expect(new Set(gateway.received.map((sms) => sms.to)).size).toBe(20);

    // While one run waits for the gateway, another finds the SMS taken and calls nothing.
    const one = await queue('+22890000009', 'Code 999999');
    const first = run(one.id);
    await expect.poll(async () => (await rowOf(one.id)).status).toBe('sending');
    await run(one.id, 2);
    await first;
    expect(gateway.received.filter((sms) => sms.to === '+22890000009')).toHaveLength(1);
    const rows = await database().db.select().from(outboundMessages);
    expect(rows.map((row) => row.status)).toEqual(Array(21).fill('sent'));
  });

  it('leaves within a second of the commit, taken by the sending loop', async () => {
    configureSmsGateway({ url: gateway.url });
    const messaging = createMessaging(database().db);
    const jobs = await startJobs(database().pool, messaging.jobs, quiet, {
      pollingIntervalSeconds: 5,
    });
    const dispatch = await messaging.startDispatch({
      queue: jobs,
      databaseUrl: database().directUrl,
      logger: quiet,
    });
    try {
      const committed = await database().db.transaction(async (tx) => {
        const sms = await queueSms(tx, {
          organizationId: null,
          recipient: '+22890000006',
          body: 'Votre code : 424242',
          template: 'test.code',
        });
        // Not before the commit.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(gateway.received).toEqual([]);
        return sms;
      });
      const started = performance.now();
      await expect.poll(() => gateway.received.length, { timeout: 1_000, interval: 20 }).toBe(1);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(gateway.received[0]).toMatchObject({
        to: '+22890000006',
        body: 'Votre code : 424242',
      });
      await expect.poll(async () => (await rowOf(committed.id)).status).toBe('sent');
    } finally {
      await dispatch.stop();
      await jobs.stop();
    }
  }, 30_000);

  it('sweeps what a crash left: overdue queued SMS and SMS held by a dead process, one job each', async () => {
    configureSmsGateway({ url: gateway.url });
    const waiting = await queue('+22890000007', 'Code 333333');
    const recent = await queue('+22890000008', 'Code 444444');
    const held = await queue('+22890000010', 'Code 555555');
    const now = new Date(Date.now() + 2 * 60_000);
    await database()
      .db.update(outboundMessages)
      .set({ nextAttemptAt: new Date(now.getTime() - 5 * 60_000) })
      .where(eq(outboundMessages.id, waiting.id));
    await database()
      .db.update(outboundMessages)
      .set({
        status: 'sending',
        nextAttemptAt: new Date(now.getTime() - 60 * 60_000),
        attempts: 1,
        claimedAt: new Date(now.getTime() - 30 * 60_000),
      })
      .where(eq(outboundMessages.id, held.id));
    await database()
      .db.update(outboundMessages)
      .set({ nextAttemptAt: new Date(now.getTime() - 10_000) })
      .where(eq(outboundMessages.id, recent.id));

    const sent: { name: string; data: unknown; singletonKey?: string }[] = [];
    const fakeQueue = {
      send: async <Data>(name: string, data: Data, options?: { singletonKey?: string }) => {
        sent.push({ name, data, singletonKey: options?.singletonKey });
        return 'job';
      },
    };
    expect(await sweepWaitingMessages(database().db, fakeQueue, now)).toBe(2);
    expect(sent).toEqual([
      { name: 'messaging.send-sms', data: { messageId: held.id }, singletonKey: held.id },
      { name: 'messaging.send-sms', data: { messageId: waiting.id }, singletonKey: waiting.id },
    ]);
    expect((await rowOf(held.id)).status).toBe('queued');
  });
});
