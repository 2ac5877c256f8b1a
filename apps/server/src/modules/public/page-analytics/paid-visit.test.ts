import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dayIn } from '../../../platform/clock';
import { usePaymentsHarness } from '../../../test/payments-harness';
import {
  familyOfTwo,
  formKey,
  linkOf,
  openLinkPage,
} from '../../payer/links/payer-link.test-support';
import { channelsOfAttempts, trafficTotals } from './traffic.reads';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/121.0 Mobile Safari/537.36';

/** The link page's form posted from one browser (its address and user agent). */
function payFrom(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  browser: { ip: string; userAgent: string },
) {
  return app.inject({
    method: 'POST',
    url: `/payer/l/${token}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': browser.userAgent,
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: browser.ip,
  });
}

const attemptOf = (location: string | undefined) =>
  /^\/payer\/retour\/([0-9a-f-]{36})$/.exec(location ?? '')?.[1];

describe('a payment made from a visit of the link page', () => {
  const harness = usePaymentsHarness();

  it('keeps the visit’s channel for the attempt and converts the visit once the payment succeeds', async () => {
    const { app, context, sandbox, clock } = harness();
    const family = await familyOfTwo(app, context, '+22890556601');
    const link = await linkOf(context, family);
    const browser = { ip: '102.64.30.4', userAgent: PHONE_UA };
    const seen = await app.inject({
      method: 'POST',
      url: '/api/public/visits',
      headers: { 'content-type': 'text/plain', 'user-agent': PHONE_UA },
      payload: JSON.stringify({ s: family.slug, p: 'lien', r: 'https://wa.me/' }),
      remoteAddress: browser.ip,
    });
    expect(seen.statusCode).toBe(204);
    const page = await openLinkPage(app, link.token);
    expect(page).toContain(`data-school="${family.slug}" data-page="lien"`);

    const posted = await payFrom(
      app,
      link.token,
      {
        idempotencyKey: formKey(page),
        invoiceIds: family.kossiInvoices[0]!.id,
        wallet: 'YAS_TG',
        phone: '90 55 66 01',
      },
      browser,
    );
    expect(posted.statusCode, posted.body).toBe(303);
    const attemptId = attemptOf(posted.headers.location)!;
    expect(await channelsOfAttempts(context.db, family.organizationId, [attemptId])).toEqual(
      new Map([[attemptId, 'social']]),
    );
    // Another school never reads this school's attempts.
    expect(
      await channelsOfAttempts(context.db, '00000000-0000-4000-8000-000000000000', [attemptId]),
    ).toEqual(new Map());

    // The waiting screen continues the visit (its beacon is a page view of it): 2 minutes later
    // the visit has two pages and lasts 2 minutes, in the rollup too.
    const waiting = await app.inject({
      method: 'GET',
      url: posted.headers.location as string,
      headers: { 'user-agent': PHONE_UA },
      remoteAddress: browser.ip,
    });
    expect(waiting.body).toContain(`data-school="${family.slug}" data-page="lien"`);
    clock.advance(120);
    const again = await app.inject({
      method: 'POST',
      url: '/api/public/visits',
      headers: { 'content-type': 'text/plain', 'user-agent': PHONE_UA },
      payload: JSON.stringify({ s: family.slug, p: 'lien' }),
      remoteAddress: browser.ip,
    });
    expect(again.statusCode).toBe(204);
    const day = dayIn('Africa/Lome', context.now());
    const pagesOfVisit = await context.db.execute(sql`
      select pageviews, duration_s from page_visits where organization_id = ${family.organizationId}`);
    expect(pagesOfVisit.rows).toEqual([{ pageviews: 2, duration_s: 120 }]);
    expect(await trafficTotals(context.db, family.organizationId, day, day)).toMatchObject({
      visits: 1,
      pageviews: 2,
      durationSeconds: 120,
      bounces: 0,
    });

    const conversions = async () =>
      (await trafficTotals(context.db, family.organizationId, day, day)).conversions;
    expect(await conversions()).toBe(0);

    sandbox.sandbox.resolve(harness().simTransaction(attemptId), 'paid');
    await harness().settle();
    expect(await conversions()).toBe(1);
    const visit = await context.db.execute(sql`
      select channel, converted from page_visits where organization_id = ${family.organizationId}`);
    expect(visit.rows).toEqual([{ channel: 'social', converted: true }]);
    const delivered = await context.db.execute(sql`
      select count(*)::int as n from outbox_deliveries
       where handler = 'public.convert-paid-visit' and organization_id = ${family.organizationId}`);
    expect(delivered.rows).toEqual([{ n: 1 }]);
    await harness().settle();
    expect(await conversions()).toBe(1);

    // A payment from a browser without a visit (the beacon blocked): no channel, no conversion.
    const other = await openLinkPage(app, link.token);
    const unseen = await payFrom(
      app,
      link.token,
      {
        idempotencyKey: formKey(other),
        invoiceIds: family.amaInvoices[0]!.id,
        wallet: 'YAS_TG',
        phone: '90 55 66 01',
      },
      { ip: '102.64.30.5', userAgent: PHONE_UA },
    );
    expect(unseen.statusCode, unseen.body).toBe(303);
    const unseenId = attemptOf(unseen.headers.location)!;
    expect(
      await channelsOfAttempts(context.db, family.organizationId, [attemptId, unseenId]),
    ).toEqual(new Map([[attemptId, 'social']]));
    sandbox.sandbox.resolve(harness().simTransaction(unseenId), 'paid');
    await harness().settle();
    expect(await conversions()).toBe(1);
  });
});
