import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { testAppOptions, useTestApp } from '../../../test/test-app';
import { getSchoolBranding, readSchoolLogoPng } from '../../organizations';
import { pngClaiming, pngOf, SMALL_PDF, upload } from '../settings.test-support';

describe('Apparence: colour, theme, logo; the shell’s branding', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let slug = '';
  const sendLogo = (bytes: Buffer, name = 'logo.png', type = 'image/png', token = school.token) =>
    upload(app(), token, '/api/settings/logo', {}, { name, type, bytes });

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Flamboyants');
    const { rows } = await database().db.execute<{ slug: string }>(
      sql`select slug from organizations where id = ${school.organizationId}`,
    );
    slug = rows[0]!.slug;
  });

  it('starts with the default colour, the dark theme and no logo', async () => {
    expect(await ok(school.call('GET', '/api/settings/appearance'))).toEqual({
      brandColor: '#484D9B',
      defaultTheme: 'dark',
      logoUrl: null,
    });
  });

  it('saves a #RRGGBB colour (upper case) and the theme; refuses « rouge »', async () => {
    const saved = await ok(
      school.call('PUT', '/api/settings/appearance', {
        brandColor: '#0a7a3d',
        defaultTheme: 'light',
      }),
    );
    expect(saved).toMatchObject({ brandColor: '#0A7A3D', defaultTheme: 'light' });
    for (const brandColor of ['rouge', '#12345', '#GGGGGG', 'red']) {
      const refused = await school.call('PUT', '/api/settings/appearance', {
        brandColor,
        defaultTheme: 'dark',
      });
      expect(refused.statusCode, brandColor).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'APPEARANCE_COLOR_INVALID',
        issues: [{ path: 'brandColor' }],
      });
    }
    const badTheme = await school.call('PUT', '/api/settings/appearance', {
      brandColor: '#000000',
      defaultTheme: 'rose',
    });
    expect(badTheme.statusCode).toBe(400);
    expect((await ok(school.call('GET', '/api/settings/appearance'))).brandColor).toBe('#0A7A3D');
  });

  it('stores a logo fitted into 512 px as PNG, served publicly with a versioned, immutable URL', async () => {
    const jpeg = await sharp({
      create: { width: 1600, height: 800, channels: 3, background: '#CC2200' },
    })
      .jpeg()
      .toBuffer();
    const saved = await ok(sendLogo(jpeg, 'logo.jpg', 'image/jpeg'));
    expect(saved.logoUrl).toMatch(
      new RegExp(`^/api/public/schools/${slug}/logo\\?v=[0-9a-f]{12}$`),
    );
    const served = await app().inject({ method: 'GET', url: saved.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 512, height: 256 });
    const files = testAppOptions(database()).storage;
    const stored = await readSchoolLogoPng(database().db, files, school.organizationId);
    expect(stored?.equals(served.rawPayload)).toBe(true);
    const unversioned = await app().inject({
      method: 'GET',
      url: `/api/public/schools/${slug}/logo`,
    });
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300');
    // The payer pages' small logo: 96 px wide, the same cache rule, an unknown size refused.
    const small = await app().inject({ method: 'GET', url: `${saved.logoUrl}&w=96` });
    expect(small.statusCode).toBe(200);
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 96,
      height: 48,
    });
    expect(small.rawPayload.length).toBeLessThan(served.rawPayload.length);
    const unknownSize = await app().inject({ method: 'GET', url: `${saved.logoUrl}&w=4000` });
    expect(unknownSize.statusCode).toBe(400);
    const profile = await ok(app().inject({ method: 'GET', url: `/api/public/schools/${slug}` }));
    expect(profile.logoUrl).toBe(saved.logoUrl);
    const branding = await getSchoolBranding(database().db, school.organizationId);
    expect(branding).toMatchObject({ slug, brandColor: '#0A7A3D', logoUrl: saved.logoUrl });
  });

  it('refuses a renamed PDF, a pixel bomb, an oversized file; keeps the logo it had', async () => {
    const before = await ok(school.call('GET', '/api/settings/appearance'));
    const renamed = await sendLogo(SMALL_PDF, 'logo.png');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().code).toBe('LOGO_NOT_AN_IMAGE');
    const bomb = await sendLogo(await pngClaiming(20_000, 20_000));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().code).toBe('LOGO_NOT_AN_IMAGE');
    const big = Buffer.concat([await pngOf(10, 10), Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const tooLarge = await sendLogo(big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'LOGO_TOO_LARGE', params: { maxMegabytes: 2 } });
    const huge = await sendLogo(Buffer.alloc(6 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    const none = await upload(app(), school.token, '/api/settings/logo', {}, null);
    expect(none.json().code).toBe('LOGO_REQUIRED');
    expect(await ok(school.call('GET', '/api/settings/appearance'))).toEqual(before);
  });

  it('is not changed by a member without manage:settings; every member reads the branding', async () => {
    const reader = await memberWith(app(), database().db, school, ['read:students']);
    expect((await sendLogo(await pngOf(10, 10), 'l.png', 'image/png', reader)).statusCode).toBe(
      403,
    );
    const branding = await app().inject({
      method: 'GET',
      url: '/api/school/branding',
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(branding.statusCode).toBe(200);
    expect(branding.json()).toMatchObject({
      name: 'Lycée Les Flamboyants',
      brandColor: '#0A7A3D',
      defaultTheme: 'light',
      memberTheme: null,
      plan: 'croissance',
    });
  });

  it('keeps each member’s own theme', async () => {
    const chosen = await ok(school.call('PUT', '/api/profile/theme', { theme: 'dark' }));
    expect(chosen).toEqual({ theme: 'dark' });
    expect((await ok(school.call('GET', '/api/school/branding'))).memberTheme).toBe('dark');
    expect((await school.call('PUT', '/api/profile/theme', { theme: 'bleu' })).statusCode).toBe(
      400,
    );
    await ok(school.call('PUT', '/api/profile/theme', { theme: null }));
    expect((await ok(school.call('GET', '/api/school/branding'))).memberTheme).toBeNull();
  });

  it('removes the logo: no URL, the public route answers 404', async () => {
    const removed = await ok(school.call('DELETE', '/api/settings/logo'));
    expect(removed.logoUrl).toBeNull();
    const gone = await app().inject({ method: 'GET', url: `/api/public/schools/${slug}/logo` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('LOGO_NOT_FOUND');
    const { rows } = await database().db.execute<{ action: string }>(sql`
      select action from audit_entries
       where organization_id = ${school.organizationId} and category = 'settings'
       order by created_at`);
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'organization.appearance_updated',
        'organization.logo_changed',
        'organization.logo_removed',
      ]),
    );
  });
});
