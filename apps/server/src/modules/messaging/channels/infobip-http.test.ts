import { describe, expect, it } from 'vitest';
import { fakeProvider, json, MESSAGE_ID, sendOptions, webhook } from './channels.test-support';
import { httpAggregatorAdapter, simpleGatewayAdapter } from './http-aggregator';
import { infobipAdapter } from './infobip';

const message = {
  id: MESSAGE_ID,
  channel: 'sms' as const,
  to: '+22890123456',
  text: 'Rappel : 45 000 FCFA avant le 15/01',
  category: 'reminder' as const,
};

describe('Infobip adapter', () => {
  const settings = {
    baseUrl: 'https://xyz.api.infobip.test',
    apiKey: 'infobip-key',
    webhookToken: 'infobip-secret-token-123',
    senderId: 'ECOLAGE',
    callbackBaseUrl: 'https://ecolage.example',
  };

  it('POSTs /sms/2/text/advanced with our id as the messageId and the callbackData', async () => {
    const provider = fakeProvider(
      json({
        bulkId: 'b1',
        messages: [
          {
            to: '22890123456',
            messageId: MESSAGE_ID,
            status: { groupId: 1, groupName: 'PENDING', id: 26, name: 'PENDING_ACCEPTED' },
          },
        ],
      }),
    );
    const result = await infobipAdapter(settings, provider).send(message, sendOptions());
    expect(result).toEqual({ kind: 'accepted', providerMessageId: MESSAGE_ID });
    const [call] = provider.calls;
    expect(call).toMatchObject({
      url: 'https://xyz.api.infobip.test/sms/2/text/advanced',
      headers: { authorization: 'App infobip-key', 'content-type': 'application/json' },
    });
    expect(JSON.parse(call!.body)).toEqual({
      messages: [
        {
          from: 'ECOLAGE',
          destinations: [{ to: '22890123456', messageId: MESSAGE_ID }],
          text: 'Rappel : 45 000 FCFA avant le 15/01',
          notifyUrl:
            'https://ecolage.example/api/webhooks/messages/infobip/infobip-secret-token-123',
          notifyContentType: 'application/json',
          callbackData: MESSAGE_ID,
        },
      ],
    });
  });

  it('reads a rejection in the answer as permanent, a 429 as retryable', async () => {
    const provider = fakeProvider(
      json({
        messages: [
          { messageId: 'x', status: { groupName: 'REJECTED', name: 'REJECTED_DESTINATION' } },
        ],
      }),
      json({ requestError: { serviceException: { text: 'Too many requests' } } }, 429),
    );
    const adapter = infobipAdapter(settings, provider);
    expect(await adapter.send(message, sendOptions())).toMatchObject({
      kind: 'permanent',
      code: 'REJECTED_DESTINATION',
    });
    expect(await adapter.send(message, sendOptions())).toMatchObject({ kind: 'retryable' });
  });

  it('knows its reports by the path token; DELIVERED_TO_OPERATOR is not delivered yet', () => {
    const adapter = infobipAdapter(settings, fakeProvider());
    const body = JSON.stringify({
      results: [
        {
          messageId: MESSAGE_ID,
          to: '22890123456',
          doneAt: '2026-11-26T09:01:00.000+0000',
          status: { groupId: 3, groupName: 'DELIVERED', id: 2, name: 'DELIVERED_TO_OPERATOR' },
          error: { groupId: 0, groupName: 'OK', id: 0, name: 'NO_ERROR', permanent: false },
          callbackData: MESSAGE_ID,
        },
        {
          messageId: MESSAGE_ID,
          status: { groupId: 3, groupName: 'DELIVERED', id: 5, name: 'DELIVERED_TO_HANDSET' },
          callbackData: MESSAGE_ID,
        },
        {
          messageId: 'other',
          status: {
            groupId: 2,
            groupName: 'UNDELIVERABLE',
            id: 9,
            name: 'UNDELIVERABLE_NOT_DELIVERED',
          },
          error: { id: 27, name: 'EC_ABSENT_SUBSCRIBER', permanent: false },
        },
      ],
    });
    expect(adapter.verifyWebhook(webhook(body, { pathToken: 'infobip-secret-token-123' }))).toBe(
      true,
    );
    expect(adapter.verifyWebhook(webhook(body, { pathToken: 'infobip-secret-token-124' }))).toBe(
      false,
    );
    expect(adapter.verifyWebhook(webhook(body))).toBe(false);
    expect(adapter.parseWebhook(webhook(body))).toMatchObject([
      { messageId: MESSAGE_ID, state: 'sent', occurredAt: new Date('2026-11-26T09:01:00Z') },
      { messageId: MESSAGE_ID, state: 'delivered' },
      {
        providerMessageId: 'other',
        state: 'failed',
        errorCode: '27',
        error: 'Infobip UNDELIVERABLE_NOT_DELIVERED EC_ABSENT_SUBSCRIBER',
      },
    ]);
  });
});

describe('HTTP aggregator adapter (KING SMS PRO shape)', () => {
  const settings = {
    baseUrl: 'https://edok-api.kingsms.test/api/v1/',
    apiKey: 'king-key',
    clientId: 'king-client',
    webhookToken: 'king-secret-token-1234',
    senderId: 'ECOLAGE',
    callbackBaseUrl: 'https://ecolage.example',
  };

  it('POSTs {base}/sms/send with APIKEY and CLIENTID, the number without +, and our DLR URL', async () => {
    const provider = fakeProvider(json({ messageId: '587854667', from: 'ECOLAGE' }));
    const result = await httpAggregatorAdapter(settings, provider).send(message, sendOptions());
    expect(result).toEqual({ kind: 'accepted', providerMessageId: '587854667' });
    const [call] = provider.calls;
    expect(call).toMatchObject({
      url: 'https://edok-api.kingsms.test/api/v1/sms/send',
      headers: { apikey: 'king-key', clientid: 'king-client' },
    });
    expect(JSON.parse(call!.body)).toEqual({
      from: 'ECOLAGE',
      to: '22890123456',
      message: 'Rappel : 45 000 FCFA avant le 15/01',
      type: 0,
      dlr: 'yes',
      url: `https://ecolage.example/api/webhooks/messages/http/king-secret-token-1234?m=${MESSAGE_ID}`,
    });
  });

  it('reads its DLR by the path token and our id in the query', () => {
    const adapter = httpAggregatorAdapter(settings, fakeProvider());
    const raw = (status: string) =>
      webhook(JSON.stringify({ messageId: '587854667', status, error: 'absent' }), {
        pathToken: 'king-secret-token-1234',
        query: { m: MESSAGE_ID },
      });
    expect(adapter.verifyWebhook(raw('DELIVERED'))).toBe(true);
    expect(adapter.verifyWebhook({ ...raw('DELIVERED'), pathToken: 'nope' })).toBe(false);
    expect(adapter.parseWebhook(raw('DELIVERED'))).toMatchObject([
      { messageId: MESSAGE_ID, providerMessageId: '587854667', state: 'delivered' },
    ]);
    expect(adapter.parseWebhook(raw('SENT'))).toMatchObject([{ state: 'sent' }]);
    expect(adapter.parseWebhook(raw('UNDELIVERED'))).toMatchObject([
      { state: 'failed', errorCode: 'UNDELIVERED', error: 'absent' },
    ]);
    expect(adapter.parseWebhook(raw('WHATEVER'))).toEqual([]);
  });

  it('keeps today’s simple gateway: { to, from, body }, no reports', async () => {
    const provider = fakeProvider(json({ id: 'sms-1' }, 201));
    const adapter = simpleGatewayAdapter(
      { url: 'http://127.0.0.1:4010/__sim/sms', senderId: 'ECOLAGE' },
      provider,
    );
    expect(await adapter.send(message, sendOptions())).toEqual({
      kind: 'accepted',
      providerMessageId: 'sms-1',
    });
    expect(JSON.parse(provider.calls[0]!.body)).toEqual({
      to: '+22890123456',
      from: 'ECOLAGE',
      body: 'Rappel : 45 000 FCFA avant le 15/01',
    });
    expect(adapter.verifyWebhook(webhook('{}'))).toBe(false);
  });
});
