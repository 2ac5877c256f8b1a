import { describe, expect, it } from 'vitest';
import {
  fakeProvider,
  json,
  MESSAGE_ID,
  networkError,
  sendOptions,
  webhook,
} from './channels.test-support';
import { twilioAdapter, twilioSignature } from './twilio';

const settings = {
  baseUrl: 'https://api.twilio.test',
  accountSid: 'AC00000000000000000000000000000001',
  authToken: 'twilio-auth-token',
  senderId: 'ECOLAGE',
  callbackBaseUrl: 'https://ecolage.example/',
};
const message = {
  id: MESSAGE_ID,
  channel: 'sms' as const,
  to: '+22890123456',
  text: 'École Démo : reçu de 45 000 FCFA',
  category: 'reminder' as const,
};

describe('Twilio adapter', () => {
  it('signs as Twilio documents it (URL, then parameters sorted by name)', () => {
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675310',
      Digits: '1234',
      From: '+14158675310',
      To: '+18005551212',
    });
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'GvWf1cFY/Q7PnoempGyD5oXAezc=',
    );
  });

  it('POSTs a form to Messages.json with Basic auth and our id in the StatusCallback', async () => {
    const provider = fakeProvider(json({ sid: 'SM123', status: 'queued' }, 201));
    const result = await twilioAdapter(settings, provider).send(message, sendOptions());
    expect(result).toEqual({ kind: 'accepted', providerMessageId: 'SM123' });
    const [call] = provider.calls;
    expect(call).toMatchObject({
      method: 'POST',
      url: 'https://api.twilio.test/2010-04-01/Accounts/AC00000000000000000000000000000001/Messages.json',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.accountSid}:twilio-auth-token`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(Object.fromEntries(new URLSearchParams(call!.body))).toEqual({
      To: '+22890123456',
      From: 'ECOLAGE',
      Body: 'École Démo : reçu de 45 000 FCFA',
      StatusCallback: `https://ecolage.example/api/webhooks/messages/twilio?m=${MESSAGE_ID}`,
    });
  });

  it('reads refusals: 429 and 20429 retryable with Retry-After, 21211 permanent, 5xx retryable', async () => {
    const provider = fakeProvider(
      json({ code: 20429, message: 'Too Many Requests' }, 429, { 'retry-after': '7' }),
      json({ code: 21211, message: "The 'To' number is not valid" }, 400),
      json({ message: 'Internal error' }, 503),
      json({ code: 20003, message: 'Authenticate' }, 401),
    );
    const adapter = twilioAdapter(settings, provider);
    expect(await adapter.send(message, sendOptions())).toEqual({
      kind: 'retryable',
      error: '20429 Too Many Requests',
      retryAfterMs: 7_000,
    });
    expect(await adapter.send(message, sendOptions())).toMatchObject({
      kind: 'permanent',
      code: '21211',
    });
    expect(await adapter.send(message, sendOptions())).toMatchObject({
      kind: 'retryable',
      error: 'HTTP 503 Internal error',
    });
    expect(await adapter.send(message, sendOptions())).toMatchObject({ kind: 'permanent' });
  });

  it('tells a call refused before connecting (retry) from one that timed out (ambiguous)', async () => {
    const provider = fakeProvider(
      networkError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'),
      Object.assign(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    );
    const adapter = twilioAdapter(settings, provider);
    expect(await adapter.send(message, sendOptions())).toMatchObject({ kind: 'retryable' });
    expect(await adapter.send(message, sendOptions())).toMatchObject({ kind: 'ambiguous' });
  });

  it('verifies the status callback over the exact public URL and its sorted parameters', () => {
    const adapter = twilioAdapter(settings, fakeProvider());
    const body =
      'MessageSid=SM55&MessageStatus=undelivered&ErrorCode=30003&From=ECOLAGE&To=%2B22890123456&AccountSid=AC1&ApiVersion=2010-04-01&RawDlrDoneDate=2501151206';
    const publicUrl = `https://ecolage.example/api/webhooks/messages/twilio?m=${MESSAGE_ID}`;
    const signature = twilioSignature('twilio-auth-token', publicUrl, new URLSearchParams(body));
    const signed = webhook(body, {
      publicUrl,
      headers: { 'x-twilio-signature': signature },
      query: { m: MESSAGE_ID },
    });
    expect(adapter.verifyWebhook(signed)).toBe(true);
    expect(adapter.verifyWebhook({ ...signed, publicUrl: 'https://elsewhere.example/x' })).toBe(
      false,
    );
    expect(adapter.verifyWebhook({ ...signed, rawBody: Buffer.from(`${body}&x=1`) })).toBe(false);
    expect(adapter.verifyWebhook({ ...signed, headers: {} })).toBe(false);
    expect(adapter.parseWebhook(signed)).toEqual([
      {
        messageId: MESSAGE_ID,
        providerMessageId: 'SM55',
        state: 'failed',
        errorCode: '30003',
        error: 'Twilio undelivered 30003',
        occurredAt: expect.any(Date),
      },
    ]);
    const delivered = webhook('MessageSid=SM55&MessageStatus=delivered', { query: {} });
    expect(adapter.parseWebhook(delivered)).toMatchObject([
      { providerMessageId: 'SM55', state: 'delivered' },
    ]);
    expect(adapter.parseWebhook(webhook('MessageSid=SM55&MessageStatus=receiving'))).toEqual([]);
  });
});
