import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../../platform/db/database';
import { logIn, registerSchool } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/test-app';
import { auditEntries } from '../../audit/audit.tables';
import { deliverMessage } from '../delivery';
import { queueSms } from '../messaging.service';
import { outboundMessages } from '../messaging.tables';
import { startProviderServer } from '../provider-server.test-support';
import { smsSender } from '../sms-sender';
import { configureSmsGateway } from '../transports';
import { countMessagesTo, findMessageStatuses } from './messages.service';

describe('the school’s messages: list, dead letters sent again, never twice', () => {
  const { app, database } = useTestApp();
  let gateway: Awaited<ReturnType<typeof startProviderServer>>;
  const school = { id: '', token: '' };
  const other = { id: '', token: '' };

  beforeAll(async () => {
    gateway = await startProviderServer();
    const a = await registerSchool(app(), { schoolName: 'École Messages' });
    school.id = a.organizationId;
    school.token = (await logIn(app(), a.email, a.password)).accessToken;
    const b = await registerSchool(app(), { schoolName: 'École Voisine' });
    other.id = b.organizationId;
    other.token = (await logIn(app(), b.email, b.password)).accessToken;
  });
  afterAll(async () => {
    configureSmsGateway(null);
    await gateway.close();
  });
  afterEach(() => {
    gateway.calls.length = 0;
    gateway.answerWith(() => ({ status: 201, body: { id: 'sms-ok' } }));
    configureSmsGateway({ url: `${gateway.url}/__sim/sms` });
  });

  const db = () => database().db;
  const sms = (recipient: string, extra: Partial<Parameters<typeof queueSms>[1]> = {}) =>
    queueSms(db(), {
      organizationId: school.id,
      recipient,
      body: 'Rappel : 45 000 FCFA avant le 15/01',
      template: 'test.reminder',
      category: 'reminder',
      ...extra,
    });
  const call = (method: 'GET' | 'POST', url: string, token = school.token) =>
    app().inject({ method, url, headers: { authorization: `Bearer ${token}` } });

  it('makes one message per dedupe key in a school, another school keeps its own', async () => {
    configureSmsGateway({ url: `${gateway.url}/__sim/sms` });
    const first = await sms('+22890000200', { dedupeKey: 'invoice-1|J-3|sms|+22890000200' });
    const again = await sms('+22890000200', { dedupeKey: 'invoice-1|J-3|sms|+22890000200' });
    expect(again.id).toBe(first.id);
    const elsewhere = await queueSms(db(), {
      organizationId: other.id,
      recipient: '+22890000200',
      body: 'Autre école',
      template: 'test.reminder',
      dedupeKey: 'invoice-1|J-3|sms|+22890000200',
    });
    expect(elsewhere.id).not.toBe(first.id);
    const counted = await countMessagesTo(db(), {
      recipient: '+22890000200',
      category: 'reminder',
      since: new Date(Date.now() - 60_000),
    });
    expect(counted).toBe(1);
    expect(
      await countMessagesTo(db(), {
        recipient: '+22890000200',
        category: 'transactional',
        since: new Date(Date.now() - 60_000),
        organizationId: other.id,
      }),
    ).toBe(1);
    expect(await findMessageStatuses(db(), school.id, [first.id, elsewhere.id])).toEqual([
      {
        id: first.id,
        channel: 'sms',
        status: 'queued',
        recipient: '+22890000200',
        sentAt: null,
        deliveredAt: null,
        error: null,
        fallbackOf: null,
      },
    ]);
  });

  it('never resends a reminder whose call timed out; resends a code', async () => {
    gateway.answerWith(() => 'hang');
    const quick = { ...smsSender, callTimeoutMs: 300 };
    const reminder = await sms('+22890000201');
    expect(await deliverMessage(db(), reminder.id, quick)).toMatchObject({
      outcome: 'ambiguous',
    });
    const row = (
      await db().select().from(outboundMessages).where(eq(outboundMessages.id, reminder.id))
    )[0]!;
    expect(row).toMatchObject({
      status: 'failed',
      metadata: { ambiguous: true },
      lastError: expect.stringMatching(/issue incertaine/),
    });
    const code = await sms('+22890000202', { category: 'transactional', body: 'Code 123456' });
    expect(await deliverMessage(db(), code.id, quick)).toMatchObject({ outcome: 'retrying' });
    expect(gateway.calls).toHaveLength(2);
  });

  it('sends a message once when two processes (two pools) take it at the same time', async () => {
    gateway.answerWith(() => ({ status: 201, body: { id: 'sms-1' }, delayMs: 100 }));
    const second = connectDatabase(database().url, 4);
    try {
      const queued = await Promise.all(
        Array.from({ length: 10 }, (_, index) => sms(`+2289100${String(index).padStart(4, '0')}`)),
      );
      const outcomes = await Promise.all(
        queued.flatMap((message) => [
          deliverMessage(db(), message.id, smsSender),
          deliverMessage(second.db, message.id, smsSender),
        ]),
      );
      expect(outcomes.filter((result) => result.outcome === 'sent')).toHaveLength(10);
      expect(gateway.calls).toHaveLength(10);
    } finally {
      await second.close();
    }
  });

  it('lists the school’s messages newest first by status, and sends a dead one again (audited)', async () => {
    gateway.answerWith(() => ({ status: 503 }));
    const dead = await sms('+22890000203');
    await db()
      .update(outboundMessages)
      .set({ attempts: 3 })
      .where(eq(outboundMessages.id, dead.id));
    expect(await deliverMessage(db(), dead.id, smsSender)).toMatchObject({ outcome: 'dead' });

    const list = await call('GET', '/api/messages?status=dead&pageSize=5');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      page: 1,
      pageSize: 5,
      total: 1,
      items: [
        {
          id: dead.id,
          channel: 'sms',
          category: 'reminder',
          recipient: '+22890000203',
          status: 'dead',
          attempts: 4,
          error: 'HTTP 503',
          template: 'test.reminder',
          fallbackOf: null,
        },
      ],
    });
    const all = (await call('GET', '/api/messages?pageSize=100')).json();
    const times = all.items.map((item: { createdAt: string }) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await call('GET', '/api/messages', other.token)).json().total).toBe(1);

    // Another school's message is not found; a queued one is not retried.
    expect((await call('POST', `/api/messages/${dead.id}/retry`, other.token)).statusCode).toBe(
      404,
    );
    const queued = await sms('+22890000204');
    const refused = await call('POST', `/api/messages/${queued.id}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MESSAGE_NOT_RETRYABLE' });

    gateway.answerWith(() => ({ status: 201, body: { id: 'sms-again' } }));
    const retried = await call('POST', `/api/messages/${dead.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().message).toMatchObject({ status: 'queued', attempts: 0 });
    const [entry] = await db()
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.organizationId, school.id), eq(auditEntries.action, 'message.retried')),
      );
    expect(entry).toMatchObject({
      resourceType: 'outbound_message',
      resourceId: dead.id,
      details: { téléphone: '+22890000203', 'statut avant': 'dead' },
    });
    expect(await deliverMessage(db(), dead.id, smsSender)).toEqual({ outcome: 'sent' });
    // Sent: not retried a second time.
    expect((await call('POST', `/api/messages/${dead.id}/retry`)).statusCode).toBe(409);
  });

  it('refuses an unknown status filter and a malformed id (400)', async () => {
    const bad = await call('GET', '/api/messages?status=perdu');
    expect(bad.statusCode).toBe(400);
    const invalid = await call('POST', '/api/messages/pas-un-id/retry');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toMatch(/Message introuvable|invalide/);
  });
});
