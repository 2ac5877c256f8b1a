import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { INFOBIP_HOOK, messagingHarness, type MessagingHarness } from './messaging.test-support';

const AUTH = `App ${DEMO_CREDENTIALS.infobip.apiKey}`;
let h: MessagingHarness;
afterEach(() => h.app.close());

function advanced(to: string, extra: Record<string, unknown> = {}, authorization = AUTH) {
  return h.app.inject({
    method: 'POST',
    url: '/infobip/sms/2/text/advanced',
    headers: { authorization },
    payload: {
      messages: [
        {
          from: 'ECOLAGE',
          destinations: [{ to, messageId: 'ecl-0001' }],
          text: 'Ecole Demo : rappel, 45 000 FCFA avant le 05/12/2026.',
          notifyUrl: INFOBIP_HOOK,
          notifyContentType: 'application/json',
          callbackData: 'msg-0001',
          ...extra,
        },
      ],
    },
  });
}

const results = () => h.calls.map((call) => JSON.parse(call.body).results[0]);

describe('Infobip SMS', () => {
  it('accepts with PENDING_ACCEPTED and the caller’s messageId, then reports DELIVERED_TO_HANDSET', async () => {
    h = await messagingHarness();
    const response = await advanced('22890123456');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bulkId: expect.any(String),
      messages: [
        {
          to: '22890123456',
          messageId: 'ecl-0001',
          status: { groupId: 1, groupName: 'PENDING', id: 26, name: 'PENDING_ACCEPTED' },
        },
      ],
    });
    await h.flush();
    // DELIVERED_TO_OPERATOR is intermediate: not sent unless asked for.
    expect(results()).toEqual([
      expect.objectContaining({
        messageId: 'ecl-0001',
        to: '22890123456',
        callbackData: 'msg-0001',
        smsCount: 1,
        status: expect.objectContaining({ groupId: 3, id: 5, name: 'DELIVERED_TO_HANDSET' }),
        error: expect.objectContaining({ id: 0, permanent: false }),
      }),
    ]);
    expect(h.calls[0]!.url).toBe(INFOBIP_HOOK);
    expect(h.calls[0]!.headers['content-type']).toBe('application/json');
  });

  it('refuses a wrong key with UNAUTHORIZED, invalid bodies with BAD_REQUEST', async () => {
    h = await messagingHarness();
    const refused = await advanced('22890123456', {}, 'App wrong');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      requestError: {
        serviceException: { messageId: 'UNAUTHORIZED', text: 'Invalid login details' },
      },
    });
    const bad = await advanced('not-a-number');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().requestError.serviceException.messageId).toBe('BAD_REQUEST');
    expect(h.app.sandbox.store.sms).toHaveLength(0);
  });

  it('reports UNDELIVERABLE with a permanent error, and the intermediate report when asked', async () => {
    h = await messagingHarness();
    await advanced('22899000001', { intermediateReport: true });
    await h.flush();
    expect(results().map((result) => result.status.name)).toEqual([
      'DELIVERED_TO_OPERATOR',
      'UNDELIVERABLE_NOT_DELIVERED',
    ]);
    expect(results()[1]).toMatchObject({
      status: { groupId: 2, groupName: 'UNDELIVERABLE' },
      error: { permanent: true, name: 'EC_UNKNOWN_SUBSCRIBER' },
    });
  });

  it('retries a report the product did not take', async () => {
    h = await messagingHarness();
    h.answers.push(503);
    await advanced('22890123456');
    await h.flush();
    expect(h.calls).toHaveLength(2);
    expect(h.calls[0]!.body).toBe(h.calls[1]!.body);
  });

  it('speaks v3 too: /sms/3/messages with webhooks.delivery and messageCount', async () => {
    h = await messagingHarness();
    const response = await h.app.inject({
      method: 'POST',
      url: '/infobip/sms/3/messages',
      headers: { authorization: AUTH },
      payload: {
        messages: [
          {
            sender: 'ECOLAGE',
            destinations: [{ to: '22890123456' }],
            content: { text: 'Reste dû : 45 000 FCFA.' },
            webhooks: { delivery: { url: INFOBIP_HOOK }, callbackData: 'msg-3' },
          },
        ],
      },
    });
    expect(response.json().messages[0]).toMatchObject({
      destination: '22890123456',
      status: { name: 'PENDING_ACCEPTED' },
      details: { messageCount: 1 },
    });
    await h.flush();
    expect(results()[0]).toMatchObject({
      sender: 'ECOLAGE',
      messageCount: 1,
      callbackData: 'msg-3',
    });
  });
});
