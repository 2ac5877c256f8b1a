import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import {
  basic,
  expectedTwilioSignature,
  messagingHarness,
  TWILIO_HOOK,
  type MessagingHarness,
} from './messaging.test-support';
import { twilioSignature } from './signing';

const { accountSid, authToken } = DEMO_CREDENTIALS.twilio;
const MESSAGES = `/twilio/2010-04-01/Accounts/${accountSid}/Messages.json`;
let h: MessagingHarness;
afterEach(() => h.app.close());

function send(fields: Record<string, string>, authorization = basic(accountSid, authToken)) {
  return h.app.inject({
    method: 'POST',
    url: MESSAGES,
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

const sms = (to: string, body = 'Ecole Demo : rappel, 45 000 FCFA avant le 05/12/2026.') => ({
  To: to,
  From: 'ECOLAGE',
  Body: body,
  StatusCallback: TWILIO_HOOK,
});

describe('Twilio Programmable Messaging', () => {
  it('answers 201 with the Message resource, status queued, its segments counted', async () => {
    h = await messagingHarness();
    const response = await send(sms('+22890123456', 'Reçu n° 12 : 45 000 FCFA reçus, merci.'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      account_sid: accountSid,
      api_version: '2010-04-01',
      status: 'queued',
      to: '+22890123456',
      from: 'ECOLAGE',
      direction: 'outbound-api',
      error_code: null,
      // « ç » and « ° » are not GSM-7: UCS-2, 38 units, one SMS.
      num_segments: '1',
    });
    expect(body.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(body.uri).toBe(`/2010-04-01/Accounts/${accountSid}/Messages/${body.sid}.json`);
    expect(body.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    const fetched = await h.app.inject({
      method: 'GET',
      url: `/twilio/2010-04-01/Accounts/${accountSid}/Messages/${body.sid}.json`,
      headers: { authorization: basic(accountSid, authToken) },
    });
    expect(fetched.json()).toMatchObject({ sid: body.sid, body: body.body });
    const [message] = h.app.sandbox.store.smsFor('90123456');
    expect(message).toMatchObject({ protocol: 'twilio', encoding: 'UCS-2', segments: 1 });
  });

  it('refuses a wrong account or token with 20003, and bad fields with their own codes', async () => {
    h = await messagingHarness();
    for (const authorization of ['', basic(accountSid, 'wrong'), basic('ACnobody', authToken)]) {
      const refused = await send(sms('+22890123456'), authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 20003, status: 401 });
    }
    expect((await send({ ...sms('90123456') })).json()).toMatchObject({ code: 21211, status: 400 });
    expect((await send({ ...sms('+22890123456'), To: '' })).json().code).toBe(21604);
    expect((await send({ ...sms('+22890123456'), Body: '' })).json().code).toBe(21602);
    expect((await send({ ...sms('+22890123456'), From: 'ECOLAGE-TOO-LONG' })).json().code).toBe(
      21212,
    );
    expect((await send({ ...sms('+22890123456'), Body: 'x'.repeat(1601) })).json().code).toBe(
      21617,
    );
    expect(h.app.sandbox.store.sms).toHaveLength(0);
  });

  it('calls back sent then delivered, form-encoded, signed as Twilio documents', async () => {
    h = await messagingHarness();
    const { sid } = (await send(sms('+22890123456'))).json();
    await h.flush();
    expect(h.calls.map((call) => new URLSearchParams(call.body).get('MessageStatus'))).toEqual([
      'sent',
      'delivered',
    ]);
    for (const call of h.calls) {
      expect(call.url).toBe(TWILIO_HOOK);
      expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(call.headers['x-twilio-signature']).toBe(
        expectedTwilioSignature(authToken, TWILIO_HOOK, call.body),
      );
      expect(call.headers['i-twilio-idempotency-token']).toMatch(/^AC\w+-[0-9a-f]{32}$/);
      const form = new URLSearchParams(call.body);
      expect(form.get('MessageSid')).toBe(sid);
      expect(form.get('AccountSid')).toBe(accountSid);
      expect(form.get('To')).toBe('+22890123456');
      expect(form.get('From')).toBe('ECOLAGE');
    }
    expect(new URLSearchParams(h.calls[1]!.body).get('RawDlrDoneDate')).toMatch(/^\d{10}$/);
    expect(h.app.sandbox.store.smsFor('+22890123456')[0]!.status).toBe('delivered');
  });

  it('reports undelivered with ErrorCode 30003 for +228 99 00 00 01', async () => {
    h = await messagingHarness();
    await send(sms('+22899000001'));
    await h.flush();
    const last = new URLSearchParams(h.calls.at(-1)!.body);
    expect(last.get('MessageStatus')).toBe('undelivered');
    expect(last.get('ErrorCode')).toBe('30003');
    expect(h.app.sandbox.store.smsFor('99000001')[0]).toMatchObject({
      status: 'undelivered',
      errorCode: 30003,
    });
  });

  it('signs with a wrong token under the bad_signature fault', async () => {
    h = await messagingHarness();
    await h.app.inject({
      method: 'POST',
      url: '/__sim/faults',
      payload: { provider: 'twilio', fault: 'bad_signature', options: { times: 1 } },
    });
    await send(sms('+22890123456'));
    await h.flush();
    const [tampered, good] = h.calls;
    expect(tampered!.headers['x-twilio-signature']).not.toBe(
      expectedTwilioSignature(authToken, TWILIO_HOOK, tampered!.body),
    );
    expect(good!.headers['x-twilio-signature']).toBe(
      expectedTwilioSignature(authToken, TWILIO_HOOK, good!.body),
    );
  });

  it('computes the signature of Twilio’s documented example', () => {
    // https://www.twilio.com/docs/usage/security#validating-requests (token 12345).
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });
});
