import { ShortLinkMessages } from '@ecolage/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { createShortLink, shortLinkFor } from '..';
import { isLinkPreviewer, isShortLinkCode, newShortLinkCode } from './short-link-codes';
import { shortLinks } from './short-links.tables';

const { app, database } = useTestApp();
const db = () => database().db;
const DAY = 24 * 60 * 60 * 1000;

const BROWSER =
  'Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const PREVIEWERS = [
  'WhatsApp/2.23.20.0 A',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'TelegramBot (like TwitterBot)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];

async function rowOf(code: string) {
  const [row] = await db().select().from(shortLinks).where(eq(shortLinks.code, code));
  if (!row) throw new Error(`no short link ${code}`);
  return row;
}

function visit(code: string, options: { method?: 'GET' | 'HEAD'; userAgent?: string } = {}) {
  return app().inject({
    method: options.method ?? 'GET',
    url: `/s/${code}`,
    headers: { 'user-agent': options.userAgent ?? BROWSER },
  });
}

describe('short link codes', () => {
  it('are 10 base62 characters drawn at random, never twice in 20 000', () => {
    const codes = new Set(Array.from({ length: 20_000 }, newShortLinkCode));
    expect(codes.size).toBe(20_000);
    for (const code of [...codes].slice(0, 500)) expect(code).toMatch(/^[0-9A-Za-z]{10}$/);
    // Every character of the alphabet comes up (no letter left out by the sampling).
    expect(new Set([...codes].join('')).size).toBe(62);
  });

  it('refuses what our links never write', () => {
    for (const code of ['Ab3xY9Qk', 'Ab3xY9Qk12']) expect(isShortLinkCode(code)).toBe(true);
    for (const code of ['', 'Ab3xY9Q', 'Ab3xY9Qk123', 'Ab3xY9Q-', 'Ab3xY9Q\u0000', 'Àb3xY9Qk']) {
      expect(isShortLinkCode(code)).toBe(false);
    }
  });

  it('tells link previewers from people', () => {
    for (const agent of PREVIEWERS) expect(isLinkPreviewer(agent), agent).toBe(true);
    expect(isLinkPreviewer(undefined)).toBe(true);
    expect(isLinkPreviewer(BROWSER)).toBe(false);
    // A phone whose brand ends in « bot » is a person.
    expect(isLinkPreviewer('Mozilla/5.0 (Linux; Android 10; CUBOT X30) Chrome/119.0')).toBe(false);
  });
});

describe('GET /s/:code', () => {
  it('creates a link to a path of ours, redirects to it (relative Location) and counts the click', async () => {
    const school = await signUpSchool(app(), 'Lycée du Lien Court');
    const link = await createShortLink(db(), {
      organizationId: school.organizationId,
      targetPath: '/payer/l/AbCdEfGhJkLm.abcdefghijkl',
      purpose: 'payment',
      expiresAt: new Date(Date.now() + 30 * DAY),
    });
    expect(link.code).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(link.url).toBe(`http://127.0.0.1:3000/s/${link.code}`);

    const answer = await visit(link.code);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/payer/l/AbCdEfGhJkLm.abcdefghijkl');
    expect(answer.headers['cache-control']).toBe('no-store');
    const row = await rowOf(link.code);
    expect(row.clicks).toBe(1);
    expect(row.lastClickedAt).toBeInstanceOf(Date);

    await visit(link.code);
    expect((await rowOf(link.code)).clicks).toBe(2);
  });

  it('redirects a HEAD and a link previewer without counting them', async () => {
    const school = await signUpSchool(app(), 'Collège des Aperçus');
    const { code } = await createShortLink(db(), {
      organizationId: school.organizationId,
      targetPath: '/payer/l/ZyXwVuTsRqPn.abcdefghijkl',
      purpose: 'payment',
    });
    const head = await visit(code, { method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe('/payer/l/ZyXwVuTsRqPn.abcdefghijkl');
    for (const userAgent of PREVIEWERS) {
      const previewed = await visit(code, { userAgent });
      expect(previewed.statusCode).toBe(302);
      expect(previewed.headers.location).toBe('/payer/l/ZyXwVuTsRqPn.abcdefghijkl');
    }
    const row = await rowOf(code);
    expect(row.clicks).toBe(0);
    expect(row.lastClickedAt).toBeNull();
  });

  it('answers an expired link 410 in the school’s page, an unknown one 404, never counting', async () => {
    const school = await signUpSchool(app(), 'École Expirée');
    const { code } = await createShortLink(db(), {
      organizationId: school.organizationId,
      targetPath: '/payer/l/AAAAAAAAAAAA.abcdefghijkl',
      purpose: 'payment',
      expiresAt: new Date(Date.now() - 1000),
    });
    const expired = await visit(code);
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toContain('text/html');
    expect(expired.headers.location).toBeUndefined();
    expect(expired.body).toContain(escapeHtml(ShortLinkMessages.expired));
    expect(expired.body).toContain('École Expirée');
    expect(expired.body).toContain('<html lang="fr">');
    expect((await rowOf(code)).clicks).toBe(0);

    const unknown = await visit(code.split('').reverse().join(''));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(escapeHtml(ShortLinkMessages.unknown));
  });

  it('answers a malformed code with a French page, never a 5xx', async () => {
    const malformed = [
      'court',
      'beaucoup-trop-long-pour-un-code',
      'Ab3xY9Q%2F',
      'Ab3xY9Q%00k',
      'Ab3xY9Q%C3%A9',
      '%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80',
      'Ab3xY9Q%ED%A0%80',
      'A'.repeat(5000),
      "Ab3x'%3B--",
    ];
    for (const code of malformed) {
      const answer = await app().inject({ method: 'GET', url: `/s/${code}` });
      const what = code.slice(0, 40);
      // Not a code of ours: 404; NUL or half a surrogate: the edge's 400; too long: 414.
      expect([400, 404, 414], what).toContain(answer.statusCode);
      expect(answer.headers['content-type'], what).toContain('text/html');
      expect(answer.headers.location, what).toBeUndefined();
    }
  });

  it('gives the same link again for the same target (a parent reminded 4 times gets one link)', async () => {
    const school = await signUpSchool(app(), 'Institut des Rappels');
    const other = await signUpSchool(app(), 'Institut Voisin');
    const target = '/payer/l/BBBBBBBBBBBB.abcdefghijkl';
    const now = Date.now();
    const links = [];
    for (let reminder = 0; reminder < 4; reminder += 1) {
      links.push(
        await shortLinkFor(db(), {
          organizationId: school.organizationId,
          targetPath: target,
          purpose: 'payment',
          expiresAt: new Date(now + (10 + reminder) * DAY),
        }),
      );
    }
    expect(new Set(links.map((link) => link.code)).size).toBe(1);
    const [first] = links;
    // Its expiry follows the latest one asked for.
    expect((await rowOf(first!.code)).expiresAt?.getTime()).toBe(now + 13 * DAY);

    // Another school, or another purpose, gets a link of its own.
    const theirs = await shortLinkFor(db(), {
      organizationId: other.organizationId,
      targetPath: target,
      purpose: 'payment',
    });
    expect(theirs.code).not.toBe(first!.code);
    const page = await shortLinkFor(db(), {
      organizationId: school.organizationId,
      targetPath: target,
      purpose: 'page',
    });
    expect(page.code).not.toBe(first!.code);

    // Once expired, a new link is made.
    await db()
      .update(shortLinks)
      .set({ expiresAt: new Date(now - 1000) })
      .where(
        and(eq(shortLinks.organizationId, school.organizationId), eq(shortLinks.code, first!.code)),
      );
    const fresh = await shortLinkFor(db(), {
      organizationId: school.organizationId,
      targetPath: target,
      purpose: 'payment',
      expiresAt: new Date(now + 30 * DAY),
    });
    expect(fresh.code).not.toBe(first!.code);
  });

  it('has a per-address budget (a guessing machine is slowed down)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 125; attempt += 1) {
      const answer = await app().inject({
        method: 'GET',
        url: '/s/Zz9Zz9Zz9Z',
        remoteAddress: '10.9.8.7',
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    const other = await app().inject({
      method: 'GET',
      url: '/s/Zz9Zz9Zz9Z',
      remoteAddress: '10.9.8.6',
    });
    expect(other.statusCode).toBe(404);
  });

  it('never leads to another site', async () => {
    const school = await signUpSchool(app(), 'École Prudente');
    for (const targetPath of [
      'https://exemple.com/payer',
      '//exemple.com/payer',
      '/\\exemple.com',
      'payer/l/x',
      '/payer/l/x y',
      '/payer\n/l',
    ]) {
      await expect(
        createShortLink(db(), {
          organizationId: school.organizationId,
          targetPath,
          purpose: 'page',
        }),
        targetPath,
      ).rejects.toThrow(/path of this server/);
    }
    // The database refuses it too, whoever writes.
    await expect(
      db().insert(shortLinks).values({
        code: 'AbCdEfGh12',
        organizationId: school.organizationId,
        purpose: 'page',
        targetPath: '//exemple.com',
      }),
    ).rejects.toThrow();
  });
});
