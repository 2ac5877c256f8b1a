import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import { twilioSignature } from '../channels/twilio';
import { deliverMessage } from '../delivery';
import { queueSms, queueWhatsApp } from '../messaging.service';
import { messageDeliveryReports, outboundMessages } from '../messaging.tables';
import { startProviderServer } from '../provider-server.test-support';
import { smsSender, whatsappSender } from '../sms-sender';
import { configureSmsGateway, configureWhatsApp } from '../transports';

const CALLBACK = 'https://ecolage.example';
const TWILIO = { accountSid: 'AC0000000000000000000000000000000a', authToken: 'twilio-token' };
const WHATSAPP = {
  graphVersion: 'v23.0',
  phoneNumberId: '1065403522',
  accessToken: 'wa-token',
  appSecret: 'wa-secret',
  verifyToken: 'wa-verify',
};

describe('delivery reports: stored first, signed, applied once, in order of meaning', () => {
  const { app, database } = useTestApp();
  let provider: Awaited<ReturnType<typeof startProviderServer>>;

  beforeAll(async () => {
    provider = await startProviderServer();
  });
  afterAll(async () => {
    configureSmsGateway(null);
    configureWhatsApp(null);
    await provider.close();
  });
  afterEach(async () => {
    provider.calls.length = 0;
    configureWhatsApp(null);
    configureSmsGateway({
      provider: 'twilio',
      baseUrl: provider.url,
      ...TWILIO,
      senderId: 'ECOLAGE',
      callbackBaseUrl: CALLBACK,
    });
  });

  const db = () => database().db;
  const rowOf = async (id: string) =>
    (await db().select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;
  const twilioReport = (messageId: string, fields: Record<string, string>, token?: string) => {
    const url = `/api/webhooks/messages/twilio?m=${messageId}`;
    const body = new URLSearchParams(fields);
    return app().inject({
      method: 'POST',
      url,
      payload: body.toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TWILIO.authToken, `${CALLBACK}${url}`, body),
        ...(token ? { 'i-twilio-idempotency-token': token } : {}),
      },
    });
  };
  const whatsappReport = (statuses: unknown[], secret = WHATSAPP.appSecret) => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'W', changes: [{ field: 'messages', value: { statuses } }] }],
    });
    return app().inject({
      method: 'POST',
      url: '/api/webhooks/messages/whatsapp',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      },
    });
  };

  it('sends through Twilio, then applies its signed reports: delivered once, duplicates and late ones ignored', async () => {
    configureSmsGateway({
      provider: 'twilio',
      baseUrl: provider.url,
      ...TWILIO,
      senderId: 'ECOLAGE',
      callbackBaseUrl: CALLBACK,
    });
    provider.answerWith(() => ({ status: 201, body: { sid: 'SM-1', status: 'queued' } }));
    const sms = await queueSms(db(), {
      organizationId: null,
      recipient: '+22890000100',
      body: 'Rappel : 45 000 FCFA',
      template: 'test.reminder',
      category: 'reminder',
    });
    expect(await deliverMessage(db(), sms.id, smsSender)).toEqual({ outcome: 'sent' });
    const form = new URLSearchParams(provider.calls[0]!.body);
    expect(form.get('StatusCallback')).toBe(`${CALLBACK}/api/webhooks/messages/twilio?m=${sms.id}`);
    expect(await rowOf(sms.id)).toMatchObject({
      status: 'sent',
      provider: 'twilio',
      providerMessageId: 'SM-1',
    });

    const delivered = { MessageSid: 'SM-1', MessageStatus: 'delivered' };
    expect((await twilioReport(sms.id, delivered, 'tok-1')).statusCode).toBe(200);
    const row = await rowOf(sms.id);
    expect(row).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date) });
    // Twilio retrying the same report: one row, nothing more.
    expect((await twilioReport(sms.id, delivered, 'tok-1')).statusCode).toBe(200);
    // A late `sent` or a `failed` after delivered changes nothing.
    await twilioReport(sms.id, { MessageSid: 'SM-1', MessageStatus: 'sent' }, 'tok-2');
    await twilioReport(
      sms.id,
      { MessageSid: 'SM-1', MessageStatus: 'undelivered', ErrorCode: '30003' },
      'tok-3',
    );
    expect(await rowOf(sms.id)).toMatchObject({
      status: 'delivered',
      deliveredAt: row.deliveredAt,
    });
    const reports = await db()
      .select()
      .from(messageDeliveryReports)
      .orderBy(asc(messageDeliveryReports.receivedAt));
    expect(reports.map((report) => [report.dedupeKey, report.outcome])).toEqual([
      ['token:tok-1', 'applied 1'],
      ['token:tok-2', 'unchanged 1'],
      ['token:tok-3', 'unchanged 1'],
    ]);
    expect(reports[0]!.signatureValid).toBe(true);
    expect(reports[0]!.rawBody.toString()).toBe('MessageSid=SM-1&MessageStatus=delivered');
  });

  it('stores a report with a bad signature, refuses it (401) and applies nothing', async () => {
    const sms = await queueSms(db(), {
      organizationId: null,
      recipient: '+22890000101',
      body: 'Code 123456',
      template: 'test.code',
    });
    provider.answerWith(() => ({ status: 201, body: { sid: 'SM-2' } }));
    await deliverMessage(db(), sms.id, smsSender);
    const forged = await app().inject({
      method: 'POST',
      url: `/api/webhooks/messages/twilio?m=${sms.id}`,
      payload: 'MessageSid=SM-2&MessageStatus=failed',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': 'bm90IHRoZSBzaWduYXR1cmU=',
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await rowOf(sms.id)).status).toBe('sent');
    const [stored] = await db()
      .select()
      .from(messageDeliveryReports)
      .where(eq(messageDeliveryReports.signatureValid, false));
    expect(stored).toMatchObject({
      provider: 'twilio',
      outcome: 'refused',
      headers: { 'x-twilio-signature': 'bm90IHRoZSBzaWduYXR1cmU=' },
    });
    // The genuine one, after the forgery with the same body, still applies.
    const genuine = await twilioReport(sms.id, { MessageSid: 'SM-2', MessageStatus: 'failed' });
    expect(genuine.statusCode).toBe(200);
    expect((await rowOf(sms.id)).status).toBe('failed');
    // A later `delivered` overrides `failed` (reports come out of order).
    await twilioReport(sms.id, { MessageSid: 'SM-2', MessageStatus: 'delivered' });
    expect((await rowOf(sms.id)).status).toBe('delivered');
  });

  it('refuses an Infobip report with a wrong path token (403) and answers 404 for a provider not in use', async () => {
    const unused = await app().inject({
      method: 'POST',
      url: '/api/webhooks/messages/infobip/some-token-value-1234',
      payload: { results: [] },
    });
    expect(unused.statusCode).toBe(404);
    configureSmsGateway({
      provider: 'infobip',
      baseUrl: provider.url,
      apiKey: 'k',
      webhookToken: 'infobip-token-abcdef',
      senderId: 'ECOLAGE',
      callbackBaseUrl: CALLBACK,
    });
    const sms = await queueSms(db(), {
      organizationId: null,
      recipient: '+22890000102',
      body: 'Bonjour',
      template: 'test.sms',
    });
    provider.answerWith(() => ({
      status: 200,
      body: { messages: [{ messageId: sms.id, status: { groupName: 'PENDING' } }] },
    }));
    await deliverMessage(db(), sms.id, smsSender);
    const report = (token: string, name: string) =>
      app().inject({
        method: 'POST',
        url: `/api/webhooks/messages/infobip/${token}`,
        payload: {
          results: [
            { messageId: sms.id, callbackData: sms.id, status: { groupName: 'DELIVERED', name } },
          ],
        },
      });
    expect((await report('wrong-token-abcdef12', 'DELIVERED_TO_HANDSET')).statusCode).toBe(403);
    expect((await rowOf(sms.id)).status).toBe('sent');
    expect((await report('infobip-token-abcdef', 'DELIVERED_TO_OPERATOR')).statusCode).toBe(200);
    expect((await rowOf(sms.id)).status).toBe('sent');
    await report('infobip-token-abcdef', 'DELIVERED_TO_HANDSET');
    expect((await rowOf(sms.id)).status).toBe('delivered');
    const [refused] = await db()
      .select()
      .from(messageDeliveryReports)
      .where(
        and(
          eq(messageDeliveryReports.signatureValid, false),
          eq(messageDeliveryReports.provider, 'infobip'),
        ),
      );
    expect(refused!.path).toBe('/api/webhooks/messages/infobip/:token');
  });

  it('falls back to one SMS when WhatsApp refuses the number (131026) or reports it failed', async () => {
    configureSmsGateway({ url: `${provider.url}/__sim/sms` });
    configureWhatsApp({ baseUrl: provider.url, ...WHATSAPP });
    const reminder = (recipient: string) =>
      queueWhatsApp(db(), {
        organizationId: null,
        recipient,
        template: { name: 'rappel_echeance', language: 'fr', params: { eleve: 'Kofi A.' } },
        fallbackText: 'Rappel : la scolarité de Kofi A. est à régler avant le 15/01.',
        category: 'reminder',
      });
    provider.answerWith((call) =>
      call.url.endsWith('/messages')
        ? { status: 400, body: { error: { code: 131026, message: 'Message undeliverable' } } }
        : { status: 201, body: { id: 'sms-x' } },
    );
    const refused = await reminder('+22890000103');
    expect(refused).toMatchObject({ channel: 'whatsapp', status: 'queued' });
    expect(await deliverMessage(db(), refused.id, whatsappSender)).toMatchObject({
      outcome: 'failed',
    });
    const fallbacks = () =>
      db().select().from(outboundMessages).where(eq(outboundMessages.channel, 'sms'));
    expect((await fallbacks()).filter((sms) => sms.fallbackOf === refused.id)).toMatchObject([
      {
        fallbackOf: refused.id,
        recipient: '+22890000103',
        category: 'reminder',
        status: 'queued',
        body: 'Rappel : la scolarité de Kofi A. est à régler avant le 15/01.',
        metadata: { fallbackReason: 'no_whatsapp' },
      },
    ]);

    provider.answerWith(() => ({ status: 200, body: { messages: [{ id: 'wamid.OK' }] } }));
    const accepted = await reminder('+22890000104');
    await deliverMessage(db(), accepted.id, whatsappSender);
    const failed = {
      id: 'wamid.OK',
      status: 'failed',
      timestamp: '1780000000',
      biz_opaque_callback_data: accepted.id,
      errors: [{ code: 131026, title: 'Message undeliverable' }],
    };
    expect((await whatsappReport([failed], 'not-the-secret')).statusCode).toBe(401);
    expect((await rowOf(accepted.id)).status).toBe('sent');
    expect((await whatsappReport([failed])).statusCode).toBe(200);
    // Meta sending it again, and another failed status: still one SMS.
    await whatsappReport([failed]);
    await whatsappReport([{ ...failed, timestamp: '1780000001' }]);
    expect((await rowOf(accepted.id)).status).toBe('failed');
    expect((await fallbacks()).filter((sms) => sms.fallbackOf === accepted.id)).toHaveLength(1);
  });

  it('queues the SMS at once when WhatsApp is not configured', async () => {
    configureSmsGateway({ url: `${provider.url}/__sim/sms` });
    const message = await queueWhatsApp(db(), {
      organizationId: null,
      recipient: '+22890000105',
      template: { name: 'recu_paiement', language: 'fr', params: { montant: '45 000 FCFA' } },
      fallbackText: 'Reçu : 45 000 FCFA reçus. Merci !',
      category: 'transactional',
    });
    expect(message).toMatchObject({
      channel: 'sms',
      status: 'queued',
      body: 'Recu : 45 000 FCFA recus. Merci !',
      metadata: { whatsapp: 'not_configured' },
    });
  });

  it('answers the WhatsApp subscription check with its challenge, 403 on a wrong token', async () => {
    configureWhatsApp({ baseUrl: provider.url, ...WHATSAPP });
    const check = (token: string) =>
      app().inject({
        method: 'GET',
        url: `/api/webhooks/messages/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`,
      });
    const ok = await check('wa-verify');
    expect([ok.statusCode, ok.body]).toEqual([200, '42']);
    expect((await check('nope')).statusCode).toBe(403);
  });
});
