import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeProvider, json, MESSAGE_ID, sendOptions, webhook } from './channels.test-support';
import { whatsappAdapter } from './whatsapp';

const settings = {
  baseUrl: 'https://graph.facebook.test',
  graphVersion: 'v23.0',
  phoneNumberId: '106540352242922',
  accessToken: 'wa-token',
  appSecret: 'wa-app-secret',
  verifyToken: 'wa-verify',
};
const message = {
  id: MESSAGE_ID,
  channel: 'whatsapp' as const,
  to: '+22890123456',
  text: 'Rappel : 45 000 FCFA avant le 15/01/2027',
  category: 'reminder' as const,
  template: {
    name: 'rappel_echeance',
    language: 'fr',
    params: { eleve: 'Kofi A.', montant: '45 000 FCFA', echeance: '15/01/2027' },
    buttonParams: ['Ab3xY9Qk'],
  },
};

function statusesBody(statuses: unknown[]) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '22870000000', phone_number_id: '106540352242922' },
              statuses,
            },
          },
        ],
      },
    ],
  });
}

describe('WhatsApp Cloud API adapter', () => {
  it('sends a template with named body parameters, its URL button, language fr and our id as opaque data', async () => {
    const provider = fakeProvider(
      json({
        messaging_product: 'whatsapp',
        contacts: [{ input: '22890123456', wa_id: '22890123456' }],
        messages: [{ id: 'wamid.HBgL1', message_status: 'accepted' }],
      }),
    );
    const result = await whatsappAdapter(settings, provider).send(message, sendOptions());
    expect(result).toEqual({ kind: 'accepted', providerMessageId: 'wamid.HBgL1' });
    const [call] = provider.calls;
    expect(call).toMatchObject({
      url: 'https://graph.facebook.test/v23.0/106540352242922/messages',
      headers: { authorization: 'Bearer wa-token', 'content-type': 'application/json' },
    });
    expect(JSON.parse(call!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '22890123456',
      type: 'template',
      template: {
        name: 'rappel_echeance',
        language: { code: 'fr' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', parameter_name: 'eleve', text: 'Kofi A.' },
              { type: 'text', parameter_name: 'montant', text: '45 000 FCFA' },
              { type: 'text', parameter_name: 'echeance', text: '15/01/2027' },
            ],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: 'Ab3xY9Qk' }],
          },
        ],
      },
      biz_opaque_callback_data: MESSAGE_ID,
    });
  });

  it('reads 131026 as no WhatsApp (permanent), throughput limits as retryable', async () => {
    const provider = fakeProvider(
      json({ error: { code: 131026, message: 'Message undeliverable' } }, 400),
      json({ error: { code: 130429, message: 'Rate limit hit' } }, 400),
      json({ error: { code: 132001, message: 'Template does not exist' } }, 404),
    );
    const adapter = whatsappAdapter(settings, provider);
    expect(await adapter.send(message, sendOptions())).toEqual({
      kind: 'permanent',
      error: 'WhatsApp 131026 Message undeliverable',
      code: '131026',
      noWhatsApp: true,
    });
    expect(await adapter.send(message, sendOptions())).toMatchObject({ kind: 'retryable' });
    expect(await adapter.send(message, sendOptions())).toMatchObject({
      kind: 'permanent',
      code: '132001',
    });
  });

  it('checks X-Hub-Signature-256 over the raw bytes, and answers the subscription check', () => {
    const adapter = whatsappAdapter(settings, fakeProvider());
    const body = statusesBody([
      {
        id: 'wamid.HBgL1',
        status: 'failed',
        timestamp: '1749416383',
        recipient_id: '22890123456',
        biz_opaque_callback_data: MESSAGE_ID,
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      },
      { id: 'wamid.HBgL2', status: 'read', timestamp: '1749416390' },
    ]);
    const signature = `sha256=${createHmac('sha256', 'wa-app-secret').update(Buffer.from(body)).digest('hex')}`;
    const signed = webhook(body, { headers: { 'x-hub-signature-256': signature } });
    expect(adapter.verifyWebhook(signed)).toBe(true);
    // The same JSON re-serialised is not the bytes Meta signed.
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body), null, 1));
    expect(adapter.verifyWebhook({ ...signed, rawBody: reformatted })).toBe(false);
    expect(
      adapter.verifyWebhook({ ...signed, headers: { 'x-hub-signature-256': 'sha256=00' } }),
    ).toBe(false);
    expect(adapter.parseWebhook(signed)).toEqual([
      {
        messageId: MESSAGE_ID,
        providerMessageId: 'wamid.HBgL1',
        state: 'failed',
        errorCode: '131026',
        error: 'WhatsApp 131026 Message undeliverable',
        noWhatsApp: true,
        occurredAt: new Date(1749416383 * 1000),
      },
      { providerMessageId: 'wamid.HBgL2', state: 'read', occurredAt: new Date(1749416390 * 1000) },
    ]);

    expect(
      adapter.verifySubscription({
        'hub.mode': 'subscribe',
        'hub.verify_token': 'wa-verify',
        'hub.challenge': '1158201444',
      }),
    ).toBe('1158201444');
    expect(
      adapter.verifySubscription({ 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong' }),
    ).toBeNull();
  });
});
