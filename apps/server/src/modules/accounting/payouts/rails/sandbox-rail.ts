import { z } from 'zod';
import { PayoutRailError, type PayoutRail } from './payout-rail';

const created = z.object({ id: z.string().min(1), status: z.string() });
const state = z.object({
  id: z.string(),
  status: z.enum(['processing', 'paid', 'failed']),
  reason: z.string().nullish(),
});

/**
 * The psp-sandbox's bank-transfer API (`POST /banque/v1/virements`, `GET …/:id`): the transfer
 * is `processing`, then `paid` after a few seconds (or `failed` when its fault switch says so).
 * `baseUrl` is PAYOUT_BANK_BASE_URL (…/banque/v1).
 */
export function sandboxPayoutRail(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 10_000,
): PayoutRail {
  const root = baseUrl.replace(/\/+$/, '');
  async function call(path: string, init?: RequestInit) {
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PayoutRailError(`virement : pas de réponse (${(error as Error).message})`);
    }
    if (!response.ok) throw new PayoutRailError(`virement : HTTP ${response.status}`);
    return (await response.json()) as unknown;
  }
  return {
    name: 'sandbox',
    needsTransferId: false,
    async send(order) {
      const body = await call('/virements', {
        method: 'POST',
        headers: { 'idempotency-key': order.payoutId },
        body: JSON.stringify({
          reference: order.reference,
          amount: order.amount,
          currency: 'XOF',
          beneficiary: {
            bank: order.bankName,
            holder: order.accountHolder,
            account: order.account,
          },
        }),
      });
      const parsed = created.safeParse(body);
      if (!parsed.success) throw new PayoutRailError('virement : réponse illisible');
      return { transferId: parsed.data.id };
    },
    async status(transferId) {
      const parsed = state.safeParse(await call(`/virements/${encodeURIComponent(transferId)}`));
      if (!parsed.success) throw new PayoutRailError('virement : réponse illisible');
      return { status: parsed.data.status, reason: parsed.data.reason ?? undefined };
    },
  };
}
