import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../platform/db/database';
import { useTestDatabase } from '../../test/test-database';
import { emailSender } from './email-sender';
import { startMessagePump } from './message-pump';
import { queueSms } from './messaging.service';
import { outboundMessages } from './messaging.tables';
import { startProviderServer } from './provider-server.test-support';
import { smsSender, whatsappSender } from './sms-sender';
import { configureSmsGateway } from './transports';

const quiet = { info: () => {}, error: () => {} };

describe('the sending loop: two processes share the queue, each message goes once', () => {
  const database = useTestDatabase();
  let gateway: Awaited<ReturnType<typeof startProviderServer>>;

  beforeAll(async () => {
    gateway = await startProviderServer();
    configureSmsGateway({ url: `${gateway.url}/__sim/sms` });
  });
  afterAll(async () => {
    configureSmsGateway(null);
    await gateway.close();
  });

  it('sends 300 reminders through two pumps on two pools: all sent, none twice, 16 calls at most each', async () => {
    let inFlight = 0;
    let most = 0;
    gateway.answerWith(() => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => (inFlight -= 1), 5);
      return { status: 201, body: { id: 'sms' }, delayMs: 5 };
    });
    const db = database().db;
    const rows = Array.from({ length: 300 }, (_, index) => ({
      organizationId: null,
      recipient: `+2289${String(index).padStart(7, '0')}`,
      body: `Rappel ${index}`,
      template: 'test.reminder',
      category: 'reminder' as const,
    }));
    await db.transaction(async (tx) => {
      for (const row of rows) await queueSms(tx, row);
    });
    const second = connectDatabase(database().url, 4);
    const senders = (pool: typeof db) => ({
      email: emailSender(pool),
      sms: smsSender,
      whatsapp: whatsappSender,
    });
    const pumps = [
      startMessagePump(db, senders(db), quiet, { pollMs: 50 }),
      startMessagePump(second.db, senders(second.db), quiet, { pollMs: 50 }),
    ];
    try {
      await expect
        .poll(
          async () =>
            (
              await db
                .select({ id: outboundMessages.id })
                .from(outboundMessages)
                .where(eq(outboundMessages.status, 'sent'))
            ).length,
          { timeout: 45_000, interval: 100 },
        )
        .toBe(300);
    } finally {
      await Promise.all(pumps.map((pump) => pump.stop()));
      await second.close();
    }
    expect(gateway.calls).toHaveLength(300);
    const recipients = gateway.calls.map((call) => (JSON.parse(call.body) as { to: string }).to);
    expect(new Set(recipients).size).toBe(300);
    expect(most).toBeLessThanOrEqual(32);
    const attempts = await db
      .select({ attempts: outboundMessages.attempts })
      .from(outboundMessages);
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  }, 90_000);
});
