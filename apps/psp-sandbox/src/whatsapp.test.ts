import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import {
  expectedMetaSignature,
  messagingHarness,
  PRODUCT,
  WHATSAPP_HOOK,
  type MessagingHarness,
} from './messaging.test-support';
import { pageText } from './sandbox.test-support';

const { accessToken, appSecret, phoneNumberId, verifyToken } = DEMO_CREDENTIALS.whatsapp;
const MESSAGES = `/whatsapp/v23.0/${phoneNumberId}/messages`;
let h: MessagingHarness;
afterEach(() => h.app.close());

function reminder(to: string, params: Record<string, string>, button?: string) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: 'rappel_echeance',
      language: { code: 'fr' },
      components: [
        {
          type: 'body',
          parameters: Object.entries(params).map(([name, text]) => ({
            type: 'text',
            parameter_name: name,
            text,
          })),
        },
        ...(button === undefined
          ? []
          : [
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: button }],
              },
            ]),
      ],
    },
    biz_opaque_callback_data: 'msg-0001',
  };
}
const PARAMS = {
  ecole: 'École Démo',
  montant: '45 000 FCFA',
  eleve: 'Kofi A.',
  echeance: '05/12/2026',
};

function send(payload: unknown, token = accessToken, url = MESSAGES) {
  return h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
}

/** The statuses of the webhooks posted, in order. */
function statuses() {
  return h.calls.map((call) => JSON.parse(call.body).entry[0].changes[0].value.statuses[0]);
}

describe('WhatsApp Cloud API', () => {
  it('accepts a NAMED template and answers contacts and a wamid', async () => {
    h = await messagingHarness({ config: { whatsappWebhookUrl: WHATSAPP_HOOK } });
    const response = await send(reminder('22890123456', PARAMS, 'Ab3xY9Qk'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      messaging_product: 'whatsapp',
      contacts: [{ input: '22890123456', wa_id: '22890123456' }],
      messages: [{ message_status: 'accepted' }],
    });
    expect(body.messages[0].id).toMatch(/^wamid\.HBgL[\w+/]+$/);
    const [message] = h.app.sandbox.store.whatsappFor('90123456');
    expect(message).toMatchObject({
      channel: 'whatsapp',
      body: 'Bonjour, École Démo vous rappelle que 45 000 FCFA sont dus pour Kofi A. avant le 05/12/2026.',
      template: {
        name: 'rappel_echeance',
        params: PARAMS,
        button: { text: 'Payer', url: `${PRODUCT}/s/Ab3xY9Qk` },
      },
    });
    const text = pageText(
      (await h.app.inject({ method: 'GET', url: '/telephone?numero=90123456' })).body,
    );
    expect(text).toContain('WhatsApp modèle rappel_echeance (fr)');
    const page = (await h.app.inject({ method: 'GET', url: '/telephone?numero=90123456' })).body;
    expect(page).toContain(`<a class="wa-button" href="${PRODUCT}/s/Ab3xY9Qk"`);
  });

  it('refuses a bad token (190), another number id (100/33) and parameters that do not match (132000)', async () => {
    h = await messagingHarness();
    const bad = await send(reminder('22890123456', PARAMS, 'x'), 'wrong');
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toMatchObject({ code: 190, type: 'OAuthException' });
    const otherNumber = await send(
      reminder('22890123456', PARAMS, 'x'),
      accessToken,
      '/whatsapp/v23.0/999/messages',
    );
    expect(otherNumber.json().error).toMatchObject({ code: 100, error_subcode: 33 });
    const { ecole: _dropped, ...missing } = PARAMS;
    const mismatch = await send(reminder('22890123456', missing, 'x'));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({
      code: 132000,
      error_data: { messaging_product: 'whatsapp' },
    });
    expect(mismatch.json().error.error_data.details).toContain('ecole');
    const noButton = await send(reminder('22890123456', PARAMS));
    expect(noButton.json().error.code).toBe(132000);
    const english = reminder('22890123456', PARAMS, 'x');
    english.template.language.code = 'en';
    expect((await send(english)).json().error.code).toBe(132001);
    expect(h.app.sandbox.store.whatsapp).toHaveLength(0);
  });

  it('takes an unknown template unless strict, its named parameters shown one per line', async () => {
    h = await messagingHarness();
    const message = reminder('22890123456', { eleve: 'Kofi A.', montant: '45 000 FCFA' });
    message.template.name = 'ecolage_rappel';
    expect((await send(message)).statusCode).toBe(200);
    expect(h.app.sandbox.store.whatsapp[0]!.body).toBe('eleve : Kofi A.\nmontant : 45 000 FCFA');
    await h.app.inject({
      method: 'POST',
      url: '/__sim/config',
      payload: { whatsapp: { strictTemplates: true } },
    });
    expect((await send(message)).json().error.code).toBe(132001);
  });

  it('verifies the webhook with hub.challenge, then posts sent, delivered, read signed with the app secret', async () => {
    h = await messagingHarness({ config: { whatsappWebhookUrl: WHATSAPP_HOOK } });
    await send(reminder('+22890123456', PARAMS, 'Ab3xY9Qk'));
    await h.flush();
    const handshake = new URL(h.handshakes[0]!);
    expect(handshake.origin + handshake.pathname).toBe(WHATSAPP_HOOK);
    expect(handshake.searchParams.get('hub.mode')).toBe('subscribe');
    expect(handshake.searchParams.get('hub.verify_token')).toBe(verifyToken);
    expect(statuses().map((status) => status.status)).toEqual(['sent', 'delivered', 'read']);
    for (const call of h.calls) {
      expect(call.url).toBe(WHATSAPP_HOOK);
      expect(call.headers['x-hub-signature-256']).toBe(expectedMetaSignature(appSecret, call.body));
      const payload = JSON.parse(call.body);
      expect(payload.object).toBe('whatsapp_business_account');
      expect(payload.entry[0].changes[0]).toMatchObject({
        field: 'messages',
        value: { metadata: { phone_number_id: phoneNumberId } },
      });
    }
    expect(statuses()[0]).toMatchObject({
      recipient_id: '22890123456',
      biz_opaque_callback_data: 'msg-0001',
      pricing: { category: 'utility' },
    });
    expect(h.app.sandbox.store.whatsapp[0]!.status).toBe('read');
    const listed = await h.app.inject({ method: 'GET', url: '/__sim/whatsapp?to=90123456' });
    expect(listed.json()).toMatchObject({
      whatsapp: [{ status: 'read' }],
      webhook: { url: WHATSAPP_HOOK, verified: true },
    });
  });

  it('fails with 131026 for +228 99 00 00 06, a number without WhatsApp', async () => {
    h = await messagingHarness({ config: { whatsappWebhookUrl: WHATSAPP_HOOK } });
    await send(reminder('22899000006', PARAMS, 'Ab3xY9Qk'));
    await h.flush();
    expect(statuses()).toEqual([
      expect.objectContaining({
        status: 'failed',
        errors: [expect.objectContaining({ code: 131026, title: 'Message undeliverable' })],
      }),
    ]);
    const page = pageText(
      (await h.app.inject({ method: 'GET', url: '/telephone?numero=99000006' })).body,
    );
    expect(page).toContain('Échec (erreur 131026 : pas de WhatsApp sur ce numéro)');
  });

  it('posts nothing to a webhook that fails the handshake, and verifies it again later', async () => {
    h = await messagingHarness();
    h.product.verifies = false;
    const configured = await h.app.inject({
      method: 'POST',
      url: '/__sim/config',
      payload: { whatsappWebhookUrl: WHATSAPP_HOOK },
    });
    expect(configured.statusCode).toBe(200);
    await send(reminder('22890123456', PARAMS, 'x'));
    await h.flush();
    expect(h.calls).toHaveLength(0);
    expect(h.app.sandbox.store.whatsapp[0]!.reports!.at(-1)).toMatchObject({
      skipped: 'webhook not verified: HTTP 403',
    });
    h.product.verifies = true;
    await send(reminder('22890123456', PARAMS, 'y'));
    await h.flush();
    expect(h.calls.length).toBe(3);
    const refused = await h.app.inject({
      method: 'POST',
      url: '/__sim/config',
      payload: { whatsappWebhookUrl: 'https://graph.example.com/hook' },
    });
    expect(refused.statusCode).toBe(400);
  });
});
