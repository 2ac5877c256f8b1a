import { addDays } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../../platform/clock';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';

type School = Awaited<ReturnType<typeof signUpSchool>>;

const today = () => dayIn('Africa/Lome');
const facebook = (more: Record<string, unknown> = {}) => ({
  name: 'Rentrée 2026 — Facebook',
  channel: 'facebook',
  budget: 300_000,
  spend: 120_000,
  startsOn: addDays(today(), -10),
  endsOn: addDays(today(), 20),
  ...more,
});

describe('« Marketing › Campagnes »: /api/marketing/campaigns', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  let school: School;
  let other: School;

  const count = async (table: 'campaigns' | 'campaign_links' | 'short_links', of = school) =>
    (
      await database().db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)}
             where organization_id = ${of.organizationId}`,
      )
    ).rows[0]!.n;
  const journal = async () =>
    (
      await database().db.execute<{ action: string; details: Record<string, unknown> }>(
        sql`select action, details from audit_entries where organization_id = ${school.organizationId}
            and resource_type in ('campaign', 'campaign_link') order by id`,
      )
    ).rows;
  const slugOf = async (of: School) =>
    (
      await database().db.execute<{ slug: string }>(
        sql`select slug from organizations where id = ${of.organizationId}`,
      )
    ).rows[0]!.slug;

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Collège Les Manguiers');
    other = await signUpSchool(app(), 'Lycée Les Flamboyants');
  });

  it('creates a campaign with its code and its first tracking link, audited', async () => {
    const created = await ok(school.call('POST', '/api/marketing/campaigns', facebook()), 201);
    expect(created).toMatchObject({
      name: 'Rentrée 2026 — Facebook',
      channel: 'facebook',
      status: 'active',
      paused: false,
      archived: false,
      budget: 300_000,
      spend: 120_000,
      destination: 'pre_registration',
      subject: '',
      body: '',
      audience: null,
      results: { reach: 0, clicks: 0, registrations: 0, enrolments: 0, revenue: 0, roi: 0 },
      sending: null,
    });
    expect(created.code).toMatch(/^rentree-2026-facebook-[a-z2-9]{4}$/);
    const links = await ok(school.call('GET', `/api/marketing/campaigns/${created.id}/links`));
    const slug = await slugOf(school);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ label: 'Lien principal', destination: 'pre_registration' });
    expect(links[0].shortUrl).toMatch(/\/s\/[0-9A-Za-z]{10}$/);
    expect(links[0].targetUrl).toMatch(
      new RegExp(
        `/inscription/${slug}\\?utm_source=facebook&utm_medium=social&utm_campaign=${created.code}&utm_content=${links[0].id}$`,
      ),
    );
    expect((await journal()).map((entry) => entry.action)).toEqual([
      'campaign.created',
      'campaign.link_created',
    ]);
    expect((await journal())[0]!.details).toMatchObject({
      nom: 'Rentrée 2026 — Facebook',
      canal: 'Facebook',
      budget: 300_000,
    });
  });

  it('leads a tracking link through /s/<code> to the page with its UTM tags and counts the click', async () => {
    const campaign = await ok(
      school.call('POST', '/api/marketing/campaigns', facebook({ name: 'Affiche marché' })),
      201,
    );
    const link = await ok(
      school.call('POST', `/api/marketing/campaigns/${campaign.id}/links`, {
        label: 'Affiche du marché',
        destination: 'pay_page',
      }),
      201,
    );
    const slug = await slugOf(school);
    const code = link.shortUrl.split('/s/')[1];
    const followed = await app().inject({ method: 'GET', url: `/s/${code}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(
      `/payer/${slug}?utm_source=facebook&utm_medium=social&utm_campaign=${campaign.code}&utm_content=${link.id}`,
    );
    const links = await ok(school.call('GET', `/api/marketing/campaigns/${campaign.id}/links`));
    expect(
      links.map((item: { label: string; clicks: number }) => [item.label, item.clicks]),
    ).toEqual([
      ['Lien principal', 0],
      ['Affiche du marché', 1],
    ]);
    const detail = await ok(school.call('GET', `/api/marketing/campaigns/${campaign.id}`));
    expect(detail.results.clicks).toBe(1);
  });

  it('draws a poster QR code of the short address, SVG and PNG, downloadable', async () => {
    const campaign = await ok(
      school.call('POST', '/api/marketing/campaigns', facebook({ channel: 'poster' })),
      201,
    );
    const [link] = await ok(school.call('GET', `/api/marketing/campaigns/${campaign.id}/links`));
    const svg = await school.call(
      'GET',
      `/api/marketing/campaigns/${campaign.id}/links/${link.id}/qr.svg`,
    );
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['content-disposition']).toMatch(/^attachment; filename="qr-.+\.svg"$/);
    expect(svg.body).toContain('<svg');
    const png = await school.call(
      'GET',
      `/api/marketing/campaigns/${campaign.id}/links/${link.id}/qr.png`,
    );
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(link.targetUrl).toContain('utm_source=affiche&utm_medium=qr');
  });

  it('refuses bad input in French with nothing written', async () => {
    const before = [await count('campaigns'), await count('campaign_links')];
    for (const body of [
      facebook({ startsOn: '2026-09-10', endsOn: '2026-09-01' }),
      facebook({ budget: -1 }),
      facebook({ spend: -5 }),
      facebook({ channel: 'tiktok' }),
      facebook({ name: 'Rentrée\u0000' }),
      facebook({ name: '' }),
      facebook({ channel: 'sms', body: '' }),
    ]) {
      const answer = await school.call('POST', '/api/marketing/campaigns', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const campaign = await ok(school.call('POST', '/api/marketing/campaigns', facebook()), 201);
    const edit = await school.call(
      'PUT',
      `/api/marketing/campaigns/${campaign.id}`,
      facebook({ endsOn: addDays(today(), -20) }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().code).toBe('VALIDATION_FAILED');
    const link = await school.call('POST', `/api/marketing/campaigns/${campaign.id}/links`, {
      label: '',
    });
    expect(link.statusCode).toBe(400);
    expect([await count('campaigns'), await count('campaign_links')]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
    ]);
  });

  it('edits, pauses, resumes, duplicates and archives, each audited', async () => {
    const campaign = await ok(
      school.call('POST', '/api/marketing/campaigns', facebook({ name: 'Portes ouvertes' })),
      201,
    );
    const edited = await ok(
      school.call(
        'PUT',
        `/api/marketing/campaigns/${campaign.id}`,
        facebook({ name: 'Portes ouvertes 2026', budget: 400_000 }),
      ),
    );
    expect(edited).toMatchObject({ name: 'Portes ouvertes 2026', budget: 400_000 });
    expect(edited.code).toBe(campaign.code);
    const act = (action: string, id = campaign.id) =>
      school.call('POST', `/api/marketing/campaigns/${id}/actions`, { action });
    expect(await ok(act('pause'))).toMatchObject({ status: 'paused', paused: true });
    expect(await ok(act('resume'))).toMatchObject({ status: 'active', paused: false });
    await ok(act('pause'));
    const copy = await ok(act('duplicate'), 201);
    expect(copy).toMatchObject({
      name: 'Portes ouvertes 2026 (copie)',
      status: 'active',
      paused: false,
      budget: 400_000,
      spend: 0,
      startsOn: campaign.startsOn,
      endsOn: campaign.endsOn,
    });
    expect(copy.code).not.toBe(campaign.code);
    const copyLinks = await ok(school.call('GET', `/api/marketing/campaigns/${copy.id}/links`));
    expect(copyLinks.map((link: { label: string }) => link.label)).toEqual(['Lien principal']);
    expect(await ok(act('archive'))).toMatchObject({ archived: true });
    const refused = await act('resume');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CAMPAIGN_ARCHIVED');
    const noLink = await school.call('POST', `/api/marketing/campaigns/${campaign.id}/links`, {
      label: 'Trop tard',
    });
    expect(noLink.json().code).toBe('CAMPAIGN_ARCHIVED');
    expect(await ok(act('duplicate'), 201)).toMatchObject({ archived: false });
    const actions = (await journal()).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'campaign.updated',
        'campaign.paused',
        'campaign.resumed',
        'campaign.duplicated',
        'campaign.archived',
      ]),
    );
    const archived = await ok(school.call('GET', '/api/marketing/campaigns?archived=true'));
    expect(archived.items.map((item: { id: string }) => item.id)).toEqual([campaign.id]);
  });

  it('derives the status from dates, budget and pause, filtered and paginated by the server', async () => {
    const fresh = await signUpSchool(app(), 'Institut Les Palmiers');
    const create = (more: Record<string, unknown>) =>
      ok(fresh.call('POST', '/api/marketing/campaigns', facebook(more)), 201);
    const ended = await create({
      name: 'Terminée',
      startsOn: addDays(today(), -30),
      endsOn: addDays(today(), -1),
    });
    const lastDay = await create({ name: 'Dernier jour', endsOn: today() });
    const completed = await create({ name: 'Budget atteint', budget: 50_000, spend: 50_000 });
    const overAndEnded = await create({
      name: 'Budget atteint et terminée',
      budget: 1000,
      spend: 2000,
      startsOn: addDays(today(), -5),
      endsOn: addDays(today(), -2),
    });
    const paused = await create({ name: 'En pause' });
    await ok(
      fresh.call('POST', `/api/marketing/campaigns/${paused.id}/actions`, { action: 'pause' }),
    );
    const noBudget = await create({ name: 'Sans budget', budget: 0, spend: 10_000 });
    const upcoming = await create({
      name: 'À venir',
      startsOn: addDays(today(), 5),
      endsOn: addDays(today(), 30),
    });
    expect([ended.status, lastDay.status, completed.status, overAndEnded.status]).toEqual([
      'ended',
      'active',
      'completed',
      'ended',
    ]);
    expect([noBudget.status, upcoming.status]).toEqual(['active', 'active']);
    for (let index = 1; index <= 9; index += 1) await create({ name: `Vague ${index}` });

    const list = (query: string) => ok(fresh.call('GET', `/api/marketing/campaigns?${query}`));
    const names = (page: { items: { name: string }[] }) => page.items.map((item) => item.name);
    const actives = await list('status=active');
    expect(actives.total).toBe(12);
    expect(actives.items).toHaveLength(10);
    expect(actives.items.every((item: { status: string }) => item.status === 'active')).toBe(true);
    const second = await list('status=active&page=2');
    expect(names(second)).toEqual(['Sans budget', 'Dernier jour']);
    expect(names(await list('status=ended'))).toEqual(['Budget atteint et terminée', 'Terminée']);
    expect(names(await list('status=completed'))).toEqual(['Budget atteint']);
    expect(names(await list('status=paused'))).toEqual(['En pause']);
    expect((await list('')).total).toBe(16);
    expect(names(await list('q=vague 3'))).toEqual(['Vague 3']);
    expect(names(await list('q=TERMINEE'))).toEqual(['Budget atteint et terminée', 'Terminée']);
    await create({
      name: 'SMS parents',
      channel: 'sms',
      body: 'Inscrivez-vous : {lien}',
      audience: 'guardians',
    });
    expect(names(await list('channel=sms'))).toEqual(['SMS parents']);
    const bad = await fresh.call('GET', '/api/marketing/campaigns?status=draft');
    expect(bad.statusCode).toBe(400);
  });

  it('answers « Campagne introuvable » for another school’s campaign or link', async () => {
    const mine = await ok(school.call('POST', '/api/marketing/campaigns', facebook()), 201);
    const [link] = await ok(school.call('GET', `/api/marketing/campaigns/${mine.id}/links`));
    const theirs = await ok(other.call('POST', '/api/marketing/campaigns', facebook()), 201);
    const before = [await count('campaigns'), await count('campaign_links')];
    for (const [method, url, body] of [
      ['GET', `/api/marketing/campaigns/${mine.id}`, undefined],
      ['PUT', `/api/marketing/campaigns/${mine.id}`, facebook()],
      ['POST', `/api/marketing/campaigns/${mine.id}/actions`, { action: 'archive' }],
      ['POST', `/api/marketing/campaigns/${mine.id}/actions`, { action: 'duplicate' }],
      ['GET', `/api/marketing/campaigns/${mine.id}/links`, undefined],
      ['POST', `/api/marketing/campaigns/${mine.id}/links`, { label: 'Intrus' }],
      ['GET', `/api/marketing/campaigns/${mine.id}/links/${link.id}/qr.svg`, undefined],
    ] as const) {
      const answer = await other.call(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().code).toBe('CAMPAIGN_NOT_FOUND');
    }
    // My link asked for under their campaign: not theirs either.
    const crossed = await other.call(
      'GET',
      `/api/marketing/campaigns/${theirs.id}/links/${link.id}/qr.png`,
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe('CAMPAIGN_LINK_NOT_FOUND');
    expect([await count('campaigns'), await count('campaign_links')]).toEqual(before);
    const theirList = await ok(other.call('GET', '/api/marketing/campaigns'));
    expect(theirList.items.map((item: { id: string }) => item.id)).toEqual([theirs.id]);
  });
});
