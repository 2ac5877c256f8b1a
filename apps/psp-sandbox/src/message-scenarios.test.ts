import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import {
  AGGREGATOR_HOOK,
  basic,
  messagingHarness,
  TWILIO_HOOK,
  type MessagingHarness,
} from './messaging.test-support';
import { scenarioOf } from './messages';
import { pageText } from './sandbox.test-support';
import { countSms } from './sms-encoding';

const { accountSid, authToken } = DEMO_CREDENTIALS.twilio;
let h: MessagingHarness | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await h?.app.close();
  h = undefined;
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

const twilioForm = (to: string, body: string) =>
  new URLSearchParams({ To: to, From: 'ECOLAGE', Body: body, StatusCallback: TWILIO_HOOK });

function twilio(to: string, body = 'Ecole Demo : rappel.') {
  return h!.app.inject({
    method: 'POST',
    url: `/twilio/2010-04-01/Accounts/${accountSid}/Messages.json`,
    headers: {
      authorization: basic(accountSid, authToken),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: twilioForm(to, body).toString(),
  });
}

const reported = () => h!.calls.map((call) => new URLSearchParams(call.body).get('MessageStatus'));

describe('scenario numbers and faults', () => {
  it('reads the scenario from the last 8 digits, whatever the country code', () => {
    expect(scenarioOf('+22899000001')).toBe('undelivered');
    expect(scenarioOf('22999000005')).toBe('duplicate_out_of_order');
    expect(scenarioOf('+228 99 00 00 06')).toBe('no_whatsapp');
    expect(scenarioOf('+22899000000')).toBe('delivered');
    expect(scenarioOf('+22899000007')).toBe('delivered');
    // The payment sandbox's test numbers and the demo school's phones stay ordinary.
    for (const number of ['64000001', '66000001', '46733123451', '+22879000000', '+22891000000']) {
      expect(scenarioOf(number)).toBe('delivered');
    }
  });

  it('answers 429 (20429) the first time for …03, then accepts the same message', async () => {
    h = await messagingHarness();
    const first = await twilio('+22899000003');
    expect(first.statusCode).toBe(429);
    expect(first.json()).toMatchObject({ code: 20429, status: 429 });
    expect(h!.app.sandbox.store.sms).toHaveLength(0);
    expect((await twilio('+22899000003')).statusCode).toBe(201);
    expect(h!.app.sandbox.store.sms).toHaveLength(1);
  });

  it('sends no report for …02, duplicates and disorders them for …05', async () => {
    h = await messagingHarness();
    await twilio('+22899000002');
    await h!.flush();
    expect(h!.calls).toHaveLength(0);
    expect(h!.app.sandbox.store.smsFor('99000002')[0]!.status).toBe('accepted');
    await twilio('+22899000005');
    await h!.flush();
    expect(reported()).toEqual(['delivered', 'sent', 'delivered']);
    // The phone does not go back to « sent ».
    expect(h!.app.sandbox.store.smsFor('99000005')[0]!.status).toBe('delivered');
  });

  it('cuts the answer of …04 after accepting it; the same message sent again is answered', async () => {
    h = await messagingHarness();
    const origin = await h!.app.listen({ host: '127.0.0.1', port: 0 });
    const post = () =>
      fetch(`${origin}/twilio/2010-04-01/Accounts/${accountSid}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: basic(accountSid, authToken),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: twilioForm('+22899000004', 'Ecole Demo : rappel.').toString(),
      });
    await expect(post()).rejects.toThrow();
    expect(h!.app.sandbox.store.sms).toHaveLength(1);
    expect((await post()).status).toBe(201);
    // Two messages on the phone: the ambiguity a sender that resends creates.
    expect(h!.app.sandbox.store.smsFor('99000004')).toHaveLength(2);
  });

  it('answers 5xx for N requests under gateway_error, keeping nothing', async () => {
    h = await messagingHarness();
    const fault = await h!.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: {
        provider: 'aggregator',
        fault: 'gateway_error',
        options: { times: 2, status: 503 },
      },
    });
    expect(fault.statusCode).toBe(201);
    const send = () =>
      h!.app.inject({
        method: 'POST',
        url: '/kingsms/api/v1/sms/send',
        headers: {
          apikey: DEMO_CREDENTIALS.aggregator.apiKey,
          clientid: DEMO_CREDENTIALS.aggregator.clientId,
        },
        payload: {
          from: 'ECOLAGE',
          to: '22890123456',
          message: 'Test',
          dlr: 'yes',
          url: AGGREGATOR_HOOK,
        },
      });
    expect((await send()).statusCode).toBe(503);
    expect((await send()).statusCode).toBe(503);
    expect((await send()).statusCode).toBe(200);
    expect(h!.app.sandbox.store.sms).toHaveLength(1);
  });
});

describe('the téléphone page and /__sim/sms', () => {
  it('lists SMS of every protocol with their badge, status and clickable links', async () => {
    h = await messagingHarness();
    await twilio('+22890123456', 'Ecole Demo : payez ici https://ecolage.test/s/Ab3xY9Qk.');
    await twilio('+22890123456', 'Reste dû : 45 000 FCFA.');
    await h!.app.inject({
      method: 'POST',
      url: '/__sim/sms',
      payload: { to: '90123456', from: 'ECOLAGE', body: 'Code : 483921' },
    });
    await h!.flush();
    const listed = (
      await h!.app.inject({ method: 'GET', url: '/__sim/sms?to=%2B22890123456' })
    ).json();
    expect(listed.sms.map((sms: { protocol: string }) => sms.protocol)).toEqual([
      'sim',
      'twilio',
      'twilio',
    ]);
    const html = (await h!.app.inject({ method: 'GET', url: '/telephone?numero=90123456' })).body;
    expect(html).toContain('<a href="https://ecolage.test/s/Ab3xY9Qk" rel="noreferrer">');
    const text = pageText(html);
    expect(text).toContain('GSM-7 · 1 SMS');
    expect(text).toContain('UCS-2 · 1 SMS');
    expect(text).toContain('Distribué');
    expect(text).toContain('Reçu (sans accusé de réception)');
    const scenario = pageText(
      (await h!.app.inject({ method: 'GET', url: '/telephone?numero=%2B22899000001' })).body,
    );
    expect(scenario).toContain('Numéro de scénario : non distribué');
  });

  it('counts GSM-7 and UCS-2 parts as phones do', () => {
    expect(countSms('é è à ù É Ç €')).toMatchObject({ encoding: 'GSM-7', units: 14, segments: 1 });
    expect(countSms('a'.repeat(160)).segments).toBe(1);
    expect(countSms('a'.repeat(161)).segments).toBe(2);
    expect(countSms(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
    // An escaped character is never split: 306 septets, yet three parts.
    expect(countSms(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toMatchObject({
      units: 306,
      segments: 3,
    });
    expect(countSms('ç'.repeat(70))).toMatchObject({ encoding: 'UCS-2', segments: 1 });
    expect(countSms('ç'.repeat(71)).segments).toBe(2);
  });

  it('keeps the messages and their reported status across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-messages-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    h = await messagingHarness({ dataDir });
    await twilio('+22899000001');
    await h!.flush();
    h!.app.sandbox.persist();
    await h!.app.close();
    h = await messagingHarness({ dataDir });
    expect(h!.app.sandbox.store.smsFor('99000001')[0]).toMatchObject({
      protocol: 'twilio',
      status: 'undelivered',
      errorCode: 30003,
      encoding: 'GSM-7',
    });
  });
});
