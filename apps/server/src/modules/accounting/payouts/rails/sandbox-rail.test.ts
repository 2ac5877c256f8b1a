import { describe, expect, it } from 'vitest';
import { buildSandbox } from '../../../../../../psp-sandbox/src/app';
import { sandboxPayoutRail } from './sandbox-rail';
import { PayoutRailError } from './payout-rail';

describe('the sandbox payout rail', () => {
  it('sends a transfer, reads it processing then paid, and says when the bank is unreachable', async () => {
    let now = new Date('2026-11-23T09:00:00Z');
    const sandbox = await buildSandbox({ now: () => now });
    const viaSandbox: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const answer = await sandbox.inject({
        method: (init?.method ?? 'GET') as 'GET' | 'POST',
        url: url.pathname,
        payload: init?.body as string | undefined,
        headers: init?.headers as Record<string, string>,
      });
      return new Response(answer.body, { status: answer.statusCode });
    };
    const rail = sandboxPayoutRail('http://127.0.0.1:3201/banque/v1', viaSandbox);
    const order = {
      payoutId: '4c5d6e7f-8a9b-4c0d-8e1f-2a3b4c5d6e01',
      reference: 'VIR-2026-000001',
      amount: 133_200,
      bankName: 'Orabank Togo',
      accountHolder: 'Collège Sainte-Rita',
      account: 'TG0090604310346500400070',
    };
    const { transferId } = await rail.send(order);
    expect((await rail.send(order)).transferId).toBe(transferId);
    expect(await rail.status(transferId)).toMatchObject({ status: 'processing' });
    now = new Date(now.getTime() + 10_000);
    expect(await rail.status(transferId)).toMatchObject({ status: 'paid' });
    await sandbox.close();

    const down = sandboxPayoutRail('http://127.0.0.1:1/banque/v1', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(down.send(order)).rejects.toBeInstanceOf(PayoutRailError);
  });
});
