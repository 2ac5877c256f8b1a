import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import {
  familyOfTwo,
  formKey,
  linkOf,
  openLinkPage,
  postLinkForm,
} from '../links/payer-link.test-support';

/** An event stream read over real HTTP (inject would never end), as text. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: { accept: 'text/event-stream', ...headers },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const messages = () =>
    [...text.matchAll(/^data: (.*)$/gm)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
  const until = async (enough: (heard: Record<string, unknown>[]) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!enough(messages())) {
      if (Date.now() > deadline) throw new Error(`heard so far: ${JSON.stringify(messages())}`);
      const chunk = await reader.read();
      if (chunk.done) break;
      text += chunk.value;
    }
    return messages();
  };
  return { response, until, close: () => controller.abort() };
}

describe('live streams of a payment (payer) and of a student (staff)', () => {
  const harness = usePaymentsHarness();
  let base = '';
  beforeAll(async () => {
    await harness().app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(harness().app.server.address() as AddressInfo).port}`;
  });

  async function startPayment(phone: string) {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, phone);
    const link = await linkOf(context, family);
    const posted = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(await openLinkPage(app, link.token)),
      invoiceIds: family.kossiInvoices[0]!.id,
      wallet: 'YAS_TG',
      phone,
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const attemptId = (posted.headers.location as string).split('/').pop()!;
    return { family, attemptId };
  }

  it('streams the waiting state, then the success the worker confirms', async () => {
    const { family, attemptId } = await startPayment('+22890557701');
    const payer = await openStream(`${base}/api/payer/payments/${attemptId}/events`);
    expect(payer.response.status).toBe(200);
    expect(payer.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await payer.until((heard) => heard.length >= 1)).toMatchObject([
      { id: attemptId, outcome: 'waiting', status: 'pending' },
    ]);
    // The staff's page of the student paid for, opened with a stream ticket (no header).
    const ticket = await ok(family.call('POST', '/api/live/ticket', {}));
    expect(ticket.expiresInSeconds).toBe(60);
    const staff = await openStream(
      `${base}/api/students/${family.kossi.id}/events?ticket=${ticket.ticket}`,
    );
    expect(staff.response.status).toBe(200);
    expect(await staff.until((heard) => heard.length >= 1)).toEqual([{ type: 'ready' }]);
    // Ama's page hears nothing of Kossi's payment.
    const sister = await openStream(
      `${base}/api/students/${family.ama.id}/events?ticket=${ticket.ticket}`,
    );
    await sister.until((heard) => heard.length >= 1);

    harness().sandbox.sandbox.resolve(harness().simTransaction(attemptId), 'paid');
    await harness().settle();
    const heard = await payer.until((all) => all.some((message) => message.outcome === 'success'));
    expect(heard.at(-1)).toMatchObject({ id: attemptId, status: 'succeeded', outcome: 'success' });
    expect(await staff.until((all) => all.length >= 2)).toEqual([
      { type: 'ready' },
      { type: 'payment', paymentId: attemptId, state: 'succeeded' },
    ]);
    payer.close();
    staff.close();

    // A stream opened after the success starts with it (never missed), receipt included.
    const late = await openStream(`${base}/api/payer/payments/${attemptId}/events`);
    const [first] = await late.until((all) => all.length >= 1);
    expect(first).toMatchObject({ outcome: 'success', receiptNumber: expect.any(String) });
    late.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sisterHeard = await sister.until((all) => all.length >= 1);
    expect(sisterHeard).toEqual([{ type: 'ready' }]);
    sister.close();
  });

  it('tells the student page of a refund too', async () => {
    const { family, attemptId } = await startPayment('+22890557705');
    harness().sandbox.sandbox.resolve(harness().simTransaction(attemptId), 'paid');
    await harness().settle();
    const ticket = await ok(family.call('POST', '/api/live/ticket', {}));
    const staff = await openStream(
      `${base}/api/students/${family.kossi.id}/events?ticket=${ticket.ticket}`,
    );
    await staff.until((heard) => heard.length >= 1);
    await ok(
      family.call('POST', `/api/payments/${attemptId}/refunds`, {
        amount: 1_000,
        reason: 'Erreur de saisie',
        method: 'manual',
      }),
      201,
    );
    const heard = await staff.until((all) =>
      all.some((message) => message.state === 'partially_refunded'),
    );
    expect(heard.at(-1)).toEqual({
      type: 'payment',
      paymentId: attemptId,
      state: 'partially_refunded',
    });
    staff.close();
  });

  it('streams a failure too', async () => {
    const { attemptId } = await startPayment('+22890557702');
    const payer = await openStream(`${base}/api/payer/payments/${attemptId}/events`);
    await payer.until((heard) => heard.length >= 1);
    harness().sandbox.sandbox.resolve(harness().simTransaction(attemptId), 'refused');
    await harness().settle();
    const heard = await payer.until((all) => all.some((message) => message.outcome === 'failure'));
    expect(heard.at(-1)).toMatchObject({ outcome: 'failure', status: 'failed' });
    payer.close();
  });

  it('knows no unknown payment, as the status does', async () => {
    for (const id of [randomUUID(), 'pas-un-paiement']) {
      const response = await fetch(`${base}/api/payer/payments/${id}/events`, {
        headers: { accept: 'text/event-stream' },
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('opens a student’s stream only for the school’s member who may read students', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890557703');
    const other = await familyOfTwo(app, context, '+22890557704');
    const url = `${base}/api/students/${family.kossi.id}/events`;
    const get = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${url}${query}`, { headers: { accept: 'text/event-stream', ...headers } });
    // No ticket, a forged one, an access token in place of a ticket: 401.
    expect((await get('')).status).toBe(401);
    expect((await get('?ticket=a.b.c')).status).toBe(401);
    expect((await get(`?ticket=${family.token}`)).status).toBe(401);
    // Another school's ticket or token: the student is unknown there.
    const otherTicket = await ok(other.call('POST', '/api/live/ticket', {}));
    expect((await get(`?ticket=${otherTicket.ticket}`)).status).toBe(404);
    expect((await get('', { authorization: `Bearer ${other.token}` })).status).toBe(404);
    // A ticket opens event streams only: not an ordinary route.
    const ticket = await ok(family.call('POST', '/api/live/ticket', {}));
    const plain = await fetch(`${base}/api/students/${family.kossi.id}?ticket=${ticket.ticket}`);
    expect(plain.status).toBe(401);
    expect(
      (
        await fetch(`${base}/api/students/${family.kossi.id}`, {
          headers: { authorization: `Bearer ${ticket.ticket}` },
        })
      ).status,
    ).toBe(401);
    // The bearer header works too (a client that can send it).
    const stream = await openStream(url, { authorization: `Bearer ${family.token}` });
    expect(stream.response.status).toBe(200);
    stream.close();
  });
});
