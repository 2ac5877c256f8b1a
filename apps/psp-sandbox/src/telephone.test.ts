import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from './config';
import { answerOnPhone, form, harness, pageText, type Harness } from './sandbox.test-support';

const AUTH_TOKEN = DEMO_CREDENTIALS.paygate.authToken;
let h: Harness;
afterEach(() => h.app.close());

async function push(h: Harness, identifier: string, phone = '90123456') {
  return h.app.inject({
    method: 'POST',
    url: '/paygate/api/v1/pay',
    payload: {
      auth_token: AUTH_TOKEN,
      phone_number: phone,
      amount: 150000,
      description: 'Frais scolarite T1',
      identifier,
      network: 'TMONEY',
    },
  });
}
const phonePage = (h: Harness, numero: string) =>
  h.app.inject({ method: 'GET', url: `/telephone?numero=${encodeURIComponent(numero)}` });
const status = async (h: Harness, identifier: string) =>
  (
    await h.app.inject({
      method: 'POST',
      url: '/paygate/api/v2/status',
      payload: { auth_token: AUTH_TOKEN, identifier },
    })
  ).json().status;

describe('« téléphone » page', () => {
  it('shows the USSD prompt pushed to the number, in French, without external requests', async () => {
    h = await harness();
    await push(h, 'a-1');
    const response = await phonePage(h, '+228 90 12 34 56');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const text = pageText(response.body);
    expect(text).toContain('Téléphone +228 90 12 34 56');
    expect(text).toContain(
      'Confirmez le paiement de 150 000 FCFA à École Démo. Entrez votre code secret',
    );
    expect(text).toContain('Mixx by Yas (T-Money)');
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain(
      'name="viewport" content="width=device-width, initial-scale=1"',
    );
    expect(response.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(response.body).toMatch(/<label for="pin-sim-\d+">Code secret<\/label>/);
    // Another number sees nothing.
    expect(pageText((await phonePage(h, '91000000')).body)).toContain('Aucune demande en attente');
  });

  it('accepts with a PIN, fails with 0000, refuses, rejects a malformed PIN', async () => {
    h = await harness();
    await push(h, 'ok');
    const accepted = await answerOnPhone(h.app, '90123456', 'pay', '1234');
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/telephone?numero=90123456&message=paye');
    expect(
      pageText(
        (await h.app.inject({ method: 'GET', url: accepted.headers.location as string })).body,
      ),
    ).toContain('Paiement confirmé.');
    expect(await status(h, 'ok')).toBe(0);

    await push(h, 'wrong-pin');
    const wrong = await answerOnPhone(h.app, '90123456', 'pay', '0000');
    expect(wrong.headers.location).toContain('message=pin');
    expect(await status(h, 'wrong-pin')).toBe(6);

    await push(h, 'refused');
    const refused = await answerOnPhone(h.app, '90123456', 'refuse');
    expect(refused.headers.location).toContain('message=refuse');
    expect(await status(h, 'refused')).toBe(6);

    await push(h, 'malformed');
    const malformed = await answerOnPhone(h.app, '90123456', 'pay', '12a');
    expect(malformed.headers.location).toContain('message=invalide');
    expect(await status(h, 'malformed')).toBe(2);

    const history = pageText((await phonePage(h, '90123456')).body);
    expect(history).toContain('Paiement effectué');
    expect(history).toContain('Code secret incorrect : paiement échoué');
    expect(history).toContain('Paiement refusé');
  });

  it('will not answer another number’s prompt or an ended one', async () => {
    h = await harness();
    await push(h, 'x');
    const prompt = h.app.sandbox.store.promptsFor('90123456')[0]!;
    const stranger = await h.app.inject({
      method: 'POST',
      url: '/telephone/reponse',
      ...form({ id: prompt.id, numero: '99887766', action: 'pay', pin: '1234' }),
    });
    expect(stranger.headers.location).toContain('message=inconnu');
    await answerOnPhone(h.app, '90123456', 'refuse');
    const again = await h.app.inject({
      method: 'POST',
      url: '/telephone/reponse',
      ...form({ id: prompt.id, numero: '90123456', action: 'pay', pin: '1234' }),
    });
    expect(again.headers.location).toContain('message=fini');
  });

  it('lists the SMS posted to /__sim/sms and changes its version so the page reloads', async () => {
    h = await harness();
    const before = (
      await h.app.inject({ method: 'GET', url: '/telephone/etat?numero=90123456' })
    ).json().version;
    const posted = await h.app.inject({
      method: 'POST',
      url: '/__sim/sms',
      payload: {
        to: '+22890123456',
        from: 'ECOLAGE',
        body: 'Ecole Demo: facture ST-2026-0001 de 150 000 FCFA.',
      },
    });
    expect(posted.statusCode).toBe(201);
    expect(
      (await h.app.inject({ method: 'POST', url: '/__sim/sms', payload: { to: 'x' } })).statusCode,
    ).toBe(400);
    const after = (
      await h.app.inject({ method: 'GET', url: '/telephone/etat?numero=90123456' })
    ).json().version;
    expect(after).not.toBe(before);
    const text = pageText((await phonePage(h, '90 12 34 56')).body);
    expect(text).toContain('Ecole Demo: facture ST-2026-0001 de 150 000 FCFA.');
    expect(text).toContain('ECOLAGE');
    const listed = (await h.app.inject({ method: 'GET', url: '/__sim/sms?to=90123456' })).json();
    expect(listed.sms).toHaveLength(1);
  });
});

/**
 * Runs the page's own script against a small stand-in of the page's fields: the polling callback
 * it registers and the status checks it makes (a check is what would reload the page).
 */
function pagePoller(html: string, fields: Record<string, unknown>[]) {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(script).toBeDefined();
  let tick: (() => void) | undefined;
  const checks: string[] = [];
  const document = {
    activeElement: null as unknown,
    getElementById: () => ({ dataset: { version: 'v1', numero: '90123456' } }),
    querySelectorAll: () => fields,
  };
  const fetch = (url: string) => {
    checks.push(url);
    return new Promise(() => undefined);
  };
  const setInterval = (callback: () => void) => {
    tick = callback;
  };
  new Function('document', 'fetch', 'setInterval', 'location', script!)(
    document,
    fetch,
    setInterval,
    {},
  );
  return { tick: () => tick!(), checks, document };
}

describe('« téléphone » page, its updates', () => {
  it('never reloads by itself while the « Payer un marchand » form is being filled', async () => {
    h = await harness();
    const body = (await phonePage(h, '90123456')).body;
    expect(pageText(body)).toContain('Aucune demande en attente');
    // No <meta refresh> (it wiped the form every 10 s): only the script's polling.
    expect(body).not.toContain('http-equiv="refresh"');
    expect(body).toContain('Payer un marchand');

    const hidden = { tagName: 'INPUT', type: 'hidden', value: '90123456', defaultValue: '' };
    const code = { tagName: 'INPUT', type: 'text', value: '', defaultValue: '' };
    const amount = { tagName: 'INPUT', type: 'number', value: '', defaultValue: '' };
    const poller = pagePoller(body, [hidden, code, amount]);
    poller.tick();
    expect(poller.checks).toEqual(['/telephone/etat?numero=90123456']);
    // A field focused, then a value typed and the focus elsewhere: no check, no reload.
    poller.document.activeElement = code;
    poller.tick();
    code.value = 'ECOLE01';
    poller.document.activeElement = null;
    poller.tick();
    expect(poller.checks).toHaveLength(1);
    // Emptied again (sent, or cleared): the page follows its version again.
    code.value = '';
    poller.tick();
    expect(poller.checks).toHaveLength(2);
  });

  it('does not reload while a PIN is typed in a prompt', async () => {
    h = await harness();
    await push(h, 'pin-typed');
    const body = (await phonePage(h, '90123456')).body;
    const pin = { tagName: 'INPUT', type: 'password', value: '12', defaultValue: '' };
    const poller = pagePoller(body, [pin]);
    poller.tick();
    expect(poller.checks).toHaveLength(0);
  });
});
