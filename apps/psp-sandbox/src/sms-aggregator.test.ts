import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { AGGREGATOR_HOOK, messagingHarness, type MessagingHarness } from './messaging.test-support';

const { apiKey, clientId } = DEMO_CREDENTIALS.aggregator;
let h: MessagingHarness;
afterEach(() => h.app.close());

function send(
  to: string,
  headers: Record<string, string> = { apikey: apiKey, clientid: clientId },
) {
  return h.app.inject({
    method: 'POST',
    url: '/kingsms/api/v1/sms/send',
    headers,
    payload: {
      from: 'ECOLAGE',
      to,
      message: 'Ecole Demo : 45 000 FCFA recus, merci.',
      type: 0,
      dlr: 'yes',
      url: AGGREGATOR_HOOK,
    },
  });
}

describe('local SMS aggregator (KING SMS PRO shape)', () => {
  it('answers a messageId and reports SENT then DELIVERED as JSON to the given url', async () => {
    h = await messagingHarness();
    const response = await send('22890123456');
    expect(response.statusCode).toBe(200);
    const { messageId } = response.json();
    expect(messageId).toMatch(/^\d{9}$/);
    expect(response.json()).toMatchObject({ to: '22890123456', from: 'ECOLAGE', smsCount: 1 });
    await h.flush();
    expect(h.calls.map((call) => JSON.parse(call.body))).toEqual([
      { messageId, status: 'SENT', to: '22890123456', doneAt: expect.any(String) },
      { messageId, status: 'DELIVERED', to: '22890123456', doneAt: expect.any(String) },
    ]);
    expect(h.calls[0]!.url).toBe(AGGREGATOR_HOOK);
  });

  it('refuses wrong APIKEY/CLIENTID with 401, a number with « + » with 400', async () => {
    h = await messagingHarness();
    const refused = await send('22890123456', { apikey: apiKey, clientid: 'other' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ status: 'error', code: 401 });
    const plus = await send('+22890123456');
    expect(plus.statusCode).toBe(400);
    expect(plus.json().message).toContain('sans « + »');
  });

  it('reports UNDELIVERED for 228 99 00 00 01 and nothing for 228 99 00 00 02', async () => {
    h = await messagingHarness();
    await send('22899000001');
    await send('22899000002');
    await h.flush();
    expect(h.calls.map((call) => JSON.parse(call.body).status)).toEqual(['SENT', 'UNDELIVERED']);
  });
});
