import { PayerMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { usePaymentsHarness } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import {
  familyOfTwo,
  formKey,
  linkOf,
  openLinkPage,
  postLinkForm,
} from '../../payer/links/payer-link.test-support';
import { pagesUpdate } from './school-pages.test-support';

describe('the wallets a school offers its parents (« Pages »), where they choose one', () => {
  const harness = usePaymentsHarness();

  it('the link page lists only those; another posted anyway is refused (WALLET_NOT_OFFERED), nothing started', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890445521');
    const current = await ok(family.call('GET', '/api/settings/pages'));
    expect(current.wallets.length).toBeGreaterThan(2);
    const saved = await family.call(
      'PUT',
      '/api/settings/pages',
      pagesUpdate(current, { offeredWallets: ['MOOV_TG', 'CARD'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const link = await linkOf(context, family);
    const page = await openLinkPage(app, link.token);
    const shown = [...page.matchAll(/name="wallet"\s+value="([A-Z_]+)"/g)].map((match) => match[1]);
    expect(shown).toEqual(['MOOV_TG', 'CARD']);

    const refused = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(page),
      invoiceIds: family.kossiInvoices[0]!.id,
      wallet: 'YAS_TG',
      phone: '90 44 55 21',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain(escapeHtml(PayerMessages.walletNotOffered));
    const attempts = await context.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payment_attempts where organization_id = ${family.organizationId}`,
    );
    expect(attempts.rows[0]!.n).toBe(0);

    const paid = await postLinkForm(app, link.token, {
      idempotencyKey: formKey(refused.body),
      invoiceIds: family.kossiInvoices[0]!.id,
      wallet: 'MOOV_TG',
      phone: '90 44 55 21',
    });
    expect(paid.statusCode, paid.body).toBe(303);

    // Every wallet ticked again: stored as « all », so the page offers the deployment's list.
    const all = current.wallets.map((wallet: { wallet: string }) => wallet.wallet);
    const back = await family.call(
      'PUT',
      '/api/settings/pages',
      pagesUpdate(current, { offeredWallets: all }),
    );
    expect(back.statusCode).toBe(200);
    const stored = await context.db.execute<{ offered: string[] | null }>(
      sql`select offered_wallets as offered from organizations where id = ${family.organizationId}`,
    );
    expect(stored.rows[0]!.offered).toBeNull();
    const again = await openLinkPage(app, link.token);
    expect([...again.matchAll(/name="wallet"\s+value="([A-Z_]+)"/g)]).toHaveLength(all.length);
  });
});
