import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';
import {
  admissionSchool,
  applicantOf,
  type AdmissionSchool,
} from '../../admissions/admission.test-support';
import { trafficTotals } from './traffic.reads';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; itel A665L) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';

describe('POST /api/public/visits (the public pages’ beacon)', () => {
  const { app, database } = useTestApp();
  let school: AdmissionSchool;
  let address = 0;

  beforeAll(async () => {
    school = await admissionSchool(app(), database().db, 'Collège Mono');
  });

  /** A beacon as sendBeacon posts it (text/plain), from its own address unless told. */
  const beacon = (body: unknown, options: { headers?: Record<string, string>; ip?: string } = {}) =>
    app().inject({
      method: 'POST',
      url: '/api/public/visits',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': PHONE_UA,
        ...options.headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      remoteAddress: options.ip ?? `102.64.9.${++address}`,
    });

  const visits = async () =>
    (
      await database().db.execute(sql`
        select entry_page, channel, referrer_host, utm_source, utm_medium, utm_campaign, pageviews,
               is_bounce
          from page_visits where organization_id = ${school.organizationId} order by id`)
    ).rows;

  it('counts a page view: 204, the channel and the referrer’s host, nothing personal stored', async () => {
    const answer = await beacon(
      {
        s: school.slug,
        p: 'inscription',
        r: 'https://www.google.com/search?q=college+mono+lome',
        q: '?foo=1&utm_campaign=rentree',
      },
      { ip: '102.64.9.200' },
    );
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(await visits()).toEqual([
      {
        entry_page: 'inscription',
        channel: 'referral',
        referrer_host: 'google.com',
        utm_source: null,
        utm_medium: null,
        utm_campaign: 'rentree',
        pageviews: 1,
        is_bounce: true,
      },
    ]);
    const stored = JSON.stringify(
      (await database().db.execute(sql`select * from page_visits`)).rows,
    );
    expect(stored).not.toContain('102.64.9.200');
    expect(stored).not.toContain('itel');
    expect(stored).not.toContain('college+mono');
    // The same browser and address: the engagement makes the same visit no bounce.
    await beacon({ s: school.slug, p: 'inscription', e: 'engagement' }, { ip: '102.64.9.200' });
    expect(await visits()).toEqual([expect.objectContaining({ pageviews: 1, is_bounce: false })]);
  });

  it('stores nothing, and still answers 204, for « do not track », robots, malformed beacons and unknown schools', async () => {
    const before = await visits();
    const page = { s: school.slug, p: 'paiement' };
    const answers = await Promise.all([
      beacon(page, { headers: { dnt: '1' } }),
      beacon(page, { headers: { 'sec-gpc': '1' } }),
      beacon(page, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } }),
      beacon(page, {
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0 Safari/537.36',
        },
      }),
      beacon(page, { headers: { 'user-agent': 'facebookexternalhit/1.1' } }),
      beacon(page, { headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } }),
      beacon(page, { headers: { 'user-agent': 'Mozilla/5.0 Chrome-Lighthouse' } }),
      beacon(page, { headers: { 'user-agent': '' } }),
      beacon('{"s": "'),
      beacon(''),
      beacon({ s: school.slug, p: 'accueil' }),
      beacon({ ...page, extra: 'x' }),
      beacon({ ...page, r: 'x'.repeat(501) }),
      beacon({ s: 'ecole-inconnue', p: 'paiement' }),
      beacon(JSON.stringify(page), { headers: { 'content-type': 'application/json' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(answers.length).fill(204));
    // The last one (JSON, as fetch may send it) is a person's: counted.
    expect(await visits()).toHaveLength(before.length + 1);
  });

  it('refuses a body over 2 KiB (413) in the platform’s French shape', async () => {
    const answer = await beacon({ s: school.slug, p: 'paiement', q: 'x'.repeat(3000) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ message: 'La requête est trop volumineuse.' });
  });

  it('limits one address to 600 beacons a minute (a carrier’s shared address), then 429 in French', async () => {
    // An unknown school's beacon: the limit is the same, and it costs one read.
    const page = { s: 'ecole-inconnue', p: 'lien', e: 'engagement' };
    const statuses: number[] = [];
    for (let index = 0; index < 601; index += 1) {
      statuses.push((await beacon(page, { ip: '102.64.10.1' })).statusCode);
    }
    expect(statuses.slice(0, 600)).toEqual(Array(600).fill(204));
    expect(statuses[600]).toBe(429);
    const refused = await beacon(page, { ip: '102.64.10.1' });
    expect(refused.json()).toMatchObject({
      message: 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
    });
    // Another address is not held back.
    expect((await beacon(page, { ip: '102.64.10.2' })).statusCode).toBe(204);
  });

  it('the school’s pages carry its slug and their name for the beacon; the finder none', async () => {
    const attributes = async (url: string) => {
      const page = await app().inject({ method: 'GET', url });
      return /<body[^>]*?(data-school="[^"]*"\s+data-page="[^"]*")?\s*>/.exec(page.body)?.[1];
    };
    expect(await attributes(`/payer/${school.slug}`)).toBe(
      `data-school="${school.slug}" data-page="paiement"`,
    );
    expect(await attributes(`/inscription/${school.slug}`)).toBe(
      `data-school="${school.slug}" data-page="inscription"`,
    );
    expect(await attributes('/payer/ecole-inconnue')).toBeUndefined();
    expect(await attributes('/form')).toBeUndefined();
  });

  it('a pre-registration sent from the visit converts it (once), not from another browser', async () => {
    const ip = '102.64.11.7';
    const day = (
      await database().db.execute<{ day: string }>(
        sql`select to_char(now() at time zone 'Africa/Lome', 'YYYY-MM-DD') as day`,
      )
    ).rows[0]!.day;
    const before = await trafficTotals(database().db, school.organizationId, day, day);
    await beacon({ s: school.slug, p: 'inscription', r: 'https://l.facebook.com/' }, { ip });
    // Another phone behind the same address sends a form: not this visit's.
    const other = await app().inject({
      method: 'POST',
      url: `/inscription/${school.slug}`,
      payload: new URLSearchParams(
        applicantOf(school, { email: 'autre@exemple.tg', phone: '90112233' }),
      ).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1',
      },
      remoteAddress: ip,
    });
    expect(other.statusCode).toBe(200);
    expect((await trafficTotals(database().db, school.organizationId, day, day)).conversions).toBe(
      before.conversions,
    );
    const sent = await app().inject({
      method: 'POST',
      url: `/inscription/${school.slug}`,
      payload: new URLSearchParams(
        applicantOf(school, { email: 'ama@exemple.tg', phone: '90445566' }),
      ).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': PHONE_UA },
      remoteAddress: ip,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('data-page="inscription"');
    const after = await trafficTotals(database().db, school.organizationId, day, day);
    expect(after.conversions).toBe(before.conversions + 1);
    const converted = await database().db.execute(sql`
      select channel, converted from page_visits
       where organization_id = ${school.organizationId} and converted`);
    expect(converted.rows).toEqual([{ channel: 'social', converted: true }]);
    // A form sent with « do not track » converts nothing (and is filed all the same).
    const quiet = '102.64.11.8';
    await beacon({ s: school.slug, p: 'inscription' }, { ip: quiet });
    const untracked = await app().inject({
      method: 'POST',
      url: `/inscription/${school.slug}`,
      payload: new URLSearchParams(
        applicantOf(school, { email: 'kafui@exemple.tg', phone: '90778899' }),
      ).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': PHONE_UA,
        dnt: '1',
      },
      remoteAddress: quiet,
    });
    expect(untracked.statusCode).toBe(200);
    expect((await trafficTotals(database().db, school.organizationId, day, day)).conversions).toBe(
      after.conversions,
    );
  });
});
