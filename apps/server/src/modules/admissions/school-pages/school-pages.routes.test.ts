import { SchoolPagesMessages } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import {
  admissionSchool,
  applicantOf,
  postAdmission,
  type AdmissionSchool,
} from '../admission.test-support';
import { pagesUpdate, useAppWithWallets } from './school-pages.test-support';

const ALL_WALLETS = ['YAS_TG', 'MOOV_TG', 'MTN', 'ORANGE', 'WAVE', 'CARD'];

describe('« Pages »: GET|PUT /api/settings/pages', () => {
  const { app, database } = useAppWithWallets();
  let school: AdmissionSchool;

  const pages = () => ok(school.call('GET', '/api/settings/pages'));
  const save = async (changes: Record<string, unknown>, who: { call: Call } = school) =>
    who.call(
      'PUT',
      '/api/settings/pages',
      pagesUpdate(await ok(who.call('GET', '/api/settings/pages')), changes),
    );
  const count = async (table: string, organizationId = school.organizationId) =>
    (
      await database().db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${organizationId}`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    school = await admissionSchool(app(), database().db, 'Collège Les Palmiers');
  });

  it('reads the defaults: the addresses, every deployment wallet offered, pre-registration open to all', async () => {
    const current = await pages();
    expect(current).toEqual({
      slug: school.slug,
      previousSlugs: [],
      publicIntro: null,
      addresses: {
        payPage: `https://ecolage.example/payer/${school.slug}`,
        registration: `https://ecolage.example/inscription/${school.slug}`,
        finder: 'https://ecolage.example/form',
      },
      wallets: ALL_WALLETS.map((wallet) => ({ wallet, offered: true })),
      admissions: {
        open: true,
        allProgrammes: true,
        programmes: [
          { id: school.licence.id, name: 'Licence Informatique', offered: true },
          { id: school.master.id, name: 'Master Droit', offered: true },
        ],
      },
    });
  });

  it('saves the address, the introduction, the wallets and the pre-registration, audited before/after', async () => {
    const response = await save({
      slug: 'palmiers-lome',
      publicIntro: '  Bienvenue au Collège !\r\nPayez en ligne <sans> frais.  ',
      offeredWallets: ['MOOV_TG', 'YAS_TG'],
      admissionsOpen: true,
      admissionProgrammeIds: [school.master.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved.slug).toBe('palmiers-lome');
    expect(saved.previousSlugs).toEqual([school.slug]);
    expect(saved.publicIntro).toBe('Bienvenue au Collège !\nPayez en ligne <sans> frais.');
    expect(saved.addresses.payPage).toBe('https://ecolage.example/payer/palmiers-lome');
    expect(saved.wallets.filter((wallet: { offered: boolean }) => wallet.offered)).toEqual([
      { wallet: 'YAS_TG', offered: true },
      { wallet: 'MOOV_TG', offered: true },
    ]);
    expect(saved.admissions).toMatchObject({ open: true, allProgrammes: false });
    expect(saved.admissions.programmes.map((p: { offered: boolean }) => p.offered)).toEqual([
      false,
      true,
    ]);
    expect(await pages()).toEqual(saved);

    const journal = await database().db.execute<{
      action: string;
      details: Record<string, unknown>;
    }>(
      sql`select action, details from audit_entries where organization_id = ${school.organizationId}
        and action = 'school_pages.updated'`,
    );
    expect(journal.rows).toHaveLength(1);
    expect(journal.rows[0]!.details).toEqual({
      avant: {
        'adresse des pages': school.slug,
        introduction: '',
        'moyens de paiement': 'tous',
        'programmes ouverts': 'tous',
      },
      après: {
        'adresse des pages': 'palmiers-lome',
        introduction: 'Bienvenue au Collège !\nPayez en ligne <sans> frais.',
        'moyens de paiement': 'Mixx by Yas, Moov Flooz',
        'programmes ouverts': 'Master Droit',
      },
    });
    school.slug = 'palmiers-lome';
  });

  it('keeps the former address leading to the pages: 301 for the pay page, its code page and the form', async () => {
    const [former] = (await pages()).previousSlugs;
    const pay = await app().inject({ method: 'GET', url: `/payer/${former}` });
    expect(pay.statusCode).toBe(301);
    expect(pay.headers.location).toBe('/payer/palmiers-lome');
    const code = await app().inject({
      method: 'GET',
      url: `/payer/${former}/code/6f1c8a52-27c1-4a1e-9d0e-5b2b1f7a9c11`,
    });
    expect(code.statusCode).toBe(301);
    expect(code.headers.location).toBe(
      '/payer/palmiers-lome/code/6f1c8a52-27c1-4a1e-9d0e-5b2b1f7a9c11',
    );
    const form = await app().inject({ method: 'GET', url: `/inscription/${former}` });
    expect(form.statusCode).toBe(301);
    expect(form.headers.location).toBe('/inscription/palmiers-lome');
    // A form posted to the former address is posted again at the new one.
    const posted = await postAdmission(app(), former!, applicantOf(school));
    expect(posted.statusCode).toBe(308);
    expect(posted.headers.location).toBe('/inscription/palmiers-lome');
    const now = await app().inject({ method: 'GET', url: '/payer/palmiers-lome' });
    expect(now.statusCode).toBe(200);
    // An address nobody had is still unknown.
    expect((await app().inject({ method: 'GET', url: '/payer/jamais-vue' })).statusCode).toBe(404);
  });

  it('shows the introduction escaped on the pay page and the pre-registration form', async () => {
    const intro = escapeHtml('Payez en ligne <sans> frais.');
    const pay = await app().inject({ method: 'GET', url: '/payer/palmiers-lome' });
    expect(pay.body).toMatch(/<div class="intro"><p>\s*Bienvenue au Collège !<br \/>Payez/);
    expect(pay.body).toContain(intro);
    expect(pay.body).not.toContain('<sans>');
    const form = await app().inject({ method: 'GET', url: '/inscription/palmiers-lome' });
    expect(form.body).toContain(intro);
  });

  it('offers only the chosen programmes; another is refused under its field, nothing written', async () => {
    const form = await app().inject({ method: 'GET', url: `/inscription/${school.slug}` });
    expect(form.body).toContain('>Master Droit</option>');
    expect(form.body).not.toContain('>Licence Informatique</option>');
    const before = await count('admissions');
    const refused = await postAdmission(app(), school.slug, applicantOf(school));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      `<p class="error" id="programme-erreur">${escapeHtml(SchoolPagesMessages.programmeNotOffered)}</p>`,
    );
    expect(await count('admissions')).toBe(before);
    const accepted = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, { programmeId: school.master.id, levelId: school.m1.id }),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await count('admissions')).toBe(before + 1);
  });

  it('closed: the form says so in French and a post is refused (ADMISSIONS_CLOSED), nothing written', async () => {
    expect((await save({ admissionsOpen: false })).statusCode).toBe(200);
    const page = await app().inject({ method: 'GET', url: `/inscription/${school.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(escapeHtml(SchoolPagesMessages.admissionsClosed));
    expect(page.body).not.toContain('<form');
    const before = { admissions: await count('admissions'), students: await count('students') };
    const posted = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, {
        email: 'ferme@exemple.tg',
        phone: '90998877',
        programmeId: school.master.id,
        levelId: school.m1.id,
      }),
    );
    expect(posted.statusCode).toBe(403);
    expect(posted.body).toContain(escapeHtml(SchoolPagesMessages.admissionsClosed));
    expect({ admissions: await count('admissions'), students: await count('students') }).toEqual(
      before,
    );
    expect((await save({ admissionsOpen: true, admissionProgrammeIds: null })).statusCode).toBe(
      200,
    );
    expect((await pages()).admissions.allProgrammes).toBe(true);
  });

  it('refuses a slug another school has or had (SCHOOL_SLUG_TAKEN), a reserved word, a bad shape', async () => {
    const other = await signUpSchool(app(), 'École Les Flamboyants');
    const otherPages = await ok(other.call('GET', '/api/settings/pages'));
    const taken = await save({ slug: otherPages.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'SCHOOL_SLUG_TAKEN',
      issues: [{ path: 'slug', message: SchoolPagesMessages.slugTaken }],
    });
    // The other school moves: its former address stays its own.
    expect((await save({ slug: 'flamboyants-2' }, other)).statusCode).toBe(200);
    const formerlyTheirs = await save({ slug: otherPages.slug });
    expect(formerlyTheirs.statusCode).toBe(409);
    expect(formerlyTheirs.json().code).toBe('SCHOOL_SLUG_TAKEN');

    for (const reserved of ['admin', 'payer', 'inscription', 'api', 'operateur', 'www']) {
      const refused = await save({ slug: reserved });
      expect(refused.statusCode, reserved).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'SCHOOL_SLUG_RESERVED',
        issues: [{ path: 'slug' }],
      });
    }
    for (const bad of ['A', 'École', 'a--b', '-ab', 'ab cd', 'x'.repeat(61)]) {
      const refused = await save({ slug: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().issues[0].path).toEqual('slug');
    }
    expect((await pages()).slug).toBe('palmiers-lome');
  });

  it('takes back its own former address: the redirect goes', async () => {
    const [former] = (await pages()).previousSlugs;
    const back = await save({ slug: former });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().previousSlugs).toEqual(['palmiers-lome']);
    expect((await app().inject({ method: 'GET', url: `/payer/${former}` })).statusCode).toBe(200);
    const moved = await app().inject({ method: 'GET', url: '/payer/palmiers-lome' });
    expect(moved.statusCode).toBe(301);
    expect((await save({ slug: 'palmiers-lome' })).statusCode).toBe(200);
    school.slug = 'palmiers-lome';
  });

  it('two schools asking for one address at once: one has it, the other gets 409', async () => {
    const first = await signUpSchool(app(), 'Institut Alpha');
    const second = await signUpSchool(app(), 'Institut Beta');
    const answers = await Promise.all([
      save({ slug: 'institut-commun' }, first),
      save({ slug: 'institut-commun' }, second),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe(
      'SCHOOL_SLUG_TAKEN',
    );
  });

  it('refuses an empty wallet list, an unknown programme, a long introduction, an empty programme choice', async () => {
    const before = await pages();
    const noWallet = await save({ offeredWallets: [] });
    expect(noWallet.statusCode).toBe(400);
    expect(noWallet.json().issues[0]).toMatchObject({
      path: 'offeredWallets',
      message: SchoolPagesMessages.walletsRequired,
    });
    const unknown = await save({ admissionProgrammeIds: ['6f1c8a52-27c1-4a1e-9d0e-5b2b1f7a9c11'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'PROGRAMME_NOT_FOUND',
      issues: [{ path: 'admissionProgrammeIds' }],
    });
    const long = await save({ publicIntro: 'é'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0]).toMatchObject({
      path: 'publicIntro',
      message: SchoolPagesMessages.introTooLong,
    });
    const none = await save({ admissionsOpen: true, admissionProgrammeIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues[0].path).toEqual('admissionProgrammeIds');
    const nul = await save({ publicIntro: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await pages()).toEqual(before);
  });

  it('gives the QR code of each page as SVG and PNG; a reader may not change the pages', async () => {
    const svg = await school.call('GET', '/api/settings/pages/payer/qr.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.headers['content-disposition']).toContain('qr-page-de-paiement-palmiers-lome.svg');
    expect(svg.body).toContain('<svg');
    const png = await school.call('GET', '/api/settings/pages/inscription/qr.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect((await school.call('GET', '/api/settings/pages/autre/qr.svg')).statusCode).toBe(404);

    const token = await memberWith(app(), database().db, school, ['read:settings']);
    const headers = { authorization: `Bearer ${token}` };
    const read = await app().inject({ method: 'GET', url: '/api/settings/pages', headers });
    expect(read.statusCode).toBe(200);
    const write = await app().inject({
      method: 'PUT',
      url: '/api/settings/pages',
      headers,
      payload: pagesUpdate(read.json(), { slug: 'pirate' }),
    });
    expect(write.statusCode).toBe(403);
    expect((await pages()).slug).toBe('palmiers-lome');
  });
});

describe('« Pages » on a deployment without providers', () => {
  const { app } = useTestApp();

  it('offers no wallet, and refuses one the deployment lacks (WALLET_NOT_IN_DEPLOYMENT)', async () => {
    const school = await signUpSchool(app(), 'École Sans Prestataire');
    const current = await ok(school.call('GET', '/api/settings/pages'));
    expect(current.wallets).toEqual([]);
    const refused = await school.call(
      'PUT',
      '/api/settings/pages',
      pagesUpdate(current, { offeredWallets: ['MTN'] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'WALLET_NOT_IN_DEPLOYMENT',
      issues: [{ path: 'offeredWallets' }],
    });
  });
});
