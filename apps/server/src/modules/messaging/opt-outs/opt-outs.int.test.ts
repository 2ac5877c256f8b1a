import { ShortLinkMessages } from '@ecolage/contracts';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { auditEntries } from '../../audit/audit.tables';
import { isOptedOut, optedOutRecipients, optOutUrl, recordOptOut } from '..';
import { configureMessageLinks, optOutToken } from './opt-out-tokens';
import { messageOptOuts } from './opt-outs.tables';

const { app, database } = useTestApp();
const db = () => database().db;
const PHONE = '+22890123456';

/** The opt-out page's path behind the short link a reminder carries. */
async function optOutPath(organizationId: string, recipient = PHONE) {
  const url = await optOutUrl(db(), { organizationId, recipient, category: 'reminder' });
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/s\/[0-9A-Za-z]{10}$/);
  const redirect = await app().inject({ method: 'GET', url: new URL(url).pathname });
  expect(redirect.statusCode).toBe(302);
  const path = String(redirect.headers.location);
  expect(path).toMatch(/^\/desabonnement\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  return path;
}

const open = (path: string) => app().inject({ method: 'GET', url: path });
const post = (path: string) =>
  app().inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Navigateur' },
    payload: '',
  });

async function journal(organizationId: string) {
  return db()
    .select()
    .from(auditEntries)
    .where(
      and(eq(auditEntries.organizationId, organizationId), like(auditEntries.action, 'message.%')),
    )
    .orderBy(asc(auditEntries.id));
}

describe('opting out of reminders by a link', () => {
  it('asks on GET, records on POST (journaled as the recipient), says it is done, and reactivates', async () => {
    const school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    const path = await optOutPath(school.organizationId);
    // The same link again for the same person and category.
    expect(await optOutPath(school.organizationId)).toBe(path);

    const asked = await open(path);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toContain('text/html');
    expect(asked.body).toContain(
      'Ne plus recevoir les rappels de paiement de Lycée Les Cocotiers au 90 12 34 56\u00a0?',
    );
    expect(asked.body).toContain(`<form method="post" action="${path}"`);
    expect(asked.body).toContain('Confirmer le désabonnement');
    // Opening the link (a previewer does) changes nothing; nor does a GET of the reactivation.
    expect((await open(`${path}/reactiver`)).statusCode).toBe(404);
    expect(await isOptedOut(db(), school.organizationId, PHONE, 'reminder')).toBe(false);
    expect(await journal(school.organizationId)).toEqual([]);

    const confirmed = await post(path);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('C’est fait : vous ne recevrez plus');
    expect(confirmed.body).toContain(`action="${path}/reactiver"`);
    expect(confirmed.body).toContain('Recevoir à nouveau les rappels de paiement');
    expect(await isOptedOut(db(), school.organizationId, PHONE, 'reminder')).toBe(true);
    // Only reminders: notices and announcements still go.
    expect(await isOptedOut(db(), school.organizationId, PHONE, 'notice')).toBe(false);
    const [entry] = await journal(school.organizationId);
    expect(entry).toMatchObject({
      action: 'message.opted_out',
      actorType: 'anonymous',
      actorLabel: 'Le destinataire',
      resourceType: 'message_opt_out',
      category: 'public',
      userAgent: 'Navigateur',
      details: { destinataire: PHONE, 'type de messages': 'reminder', origine: 'link' },
    });

    // The link used again: already done, nothing written twice.
    const again = await post(path);
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('C’est déjà fait : vous ne recevrez plus');
    expect((await open(path)).body).toContain('C’est déjà fait');
    expect(await journal(school.organizationId)).toHaveLength(1);
    expect(await db().select().from(messageOptOuts)).toHaveLength(1);

    const reactivated = await post(`${path}/reactiver`);
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.body).toContain(
      'Vous recevrez à nouveau les rappels de paiement de Lycée Les Cocotiers au 90 12 34 56.',
    );
    expect(await isOptedOut(db(), school.organizationId, PHONE, 'reminder')).toBe(false);
    expect((await post(`${path}/reactiver`)).statusCode).toBe(200);
    const entries = await journal(school.organizationId);
    expect(entries.map((row) => row.action)).toEqual([
      'message.opted_out',
      'message.opt_out_cancelled',
    ]);

    // And out again: the row is renewed, the journal has the third step.
    expect((await post(path)).body).toContain('C’est fait');
    expect(await isOptedOut(db(), school.organizationId, PHONE, 'reminder')).toBe(true);
    expect(await journal(school.organizationId)).toHaveLength(3);
  });

  it('answers a forged or altered token with a French 404 page, and writes nothing', async () => {
    const school = await signUpSchool(app(), 'Collège Méfiant');
    const path = await optOutPath(school.organizationId);
    const token = path.slice('/desabonnement/'.length);
    const [payload = '', signature = ''] = token.split('.');
    const flipped = (text: string) => text.slice(0, -1) + (text.endsWith('A') ? 'B' : 'A');
    // Someone else's phone in the payload, with the old signature.
    const otherPayload = Buffer.concat([
      Buffer.from(payload, 'base64url').subarray(0, 17),
      Buffer.from('+22899999999', 'utf8'),
    ]).toString('base64url');
    const forged = [
      `${flipped(payload)}.${signature}`,
      `${payload}.${flipped(signature)}`,
      `${otherPayload}.${signature}`,
      `${payload}`,
      'nimportequoi',
      `${payload}.${signature}.en-trop`,
    ];
    // A token signed with another secret is refused too.
    configureMessageLinks('un-autre-secret-qui-fait-au-moins-32-caracteres');
    forged.push(
      optOutToken({
        organizationId: school.organizationId,
        recipient: PHONE,
        category: 'reminder',
      }),
    );
    configureMessageLinks('secret-de-test-qui-fait-au-moins-32-caracteres');
    for (const bad of forged) {
      for (const answer of [
        await open(`/desabonnement/${bad}`),
        await post(`/desabonnement/${bad}`),
        await post(`/desabonnement/${bad}/reactiver`),
      ]) {
        expect(answer.statusCode, bad).toBe(404);
        expect(answer.body).toContain(escapeHtml(ShortLinkMessages.optOutInvalid));
        expect(answer.body).not.toContain('<form');
      }
    }
    expect(await isOptedOut(db(), school.organizationId, '+22899999999', 'reminder')).toBe(false);
    expect(await journal(school.organizationId)).toEqual([]);
    // The genuine link still works.
    expect((await open(path)).statusCode).toBe(200);
  });

  it('records a provider’s or a keyword’s opt-out once, finds e-mails however written, per school', async () => {
    const school = await signUpSchool(app(), 'Institut Sans Rappels');
    const other = await signUpSchool(app(), 'Institut Voisin');
    const organizationId = school.organizationId;
    expect(
      await recordOptOut(db(), {
        organizationId,
        recipient: '+22891111111',
        category: 'reminder',
        source: 'provider',
      }),
    ).toBe('recorded');
    expect(
      await recordOptOut(db(), {
        organizationId,
        recipient: '+22891111111',
        category: 'reminder',
        source: 'keyword',
      }),
    ).toBe('already');
    expect(
      await recordOptOut(db(), {
        organizationId,
        recipient: '  Ama.Mensah@Exemple.TG ',
        category: 'reminder',
        source: 'keyword',
      }),
    ).toBe('recorded');

    const asked = [
      '+22891111111',
      'ama.mensah@exemple.tg',
      'AMA.MENSAH@exemple.tg',
      '+22892222222',
    ];
    expect(await optedOutRecipients(db(), organizationId, asked, 'reminder')).toEqual(
      new Set(['+22891111111', 'ama.mensah@exemple.tg', 'AMA.MENSAH@exemple.tg']),
    );
    expect(await optedOutRecipients(db(), organizationId, asked, 'marketing')).toEqual(new Set());
    expect(await optedOutRecipients(db(), organizationId, [], 'reminder')).toEqual(new Set());
    // Another school still reminds them.
    expect(await optedOutRecipients(db(), other.organizationId, asked, 'reminder')).toEqual(
      new Set(),
    );
    const entries = await journal(organizationId);
    expect(entries.map((row) => [row.actorLabel, row.details])).toEqual([
      [
        'Opérateur SMS',
        { destinataire: '+22891111111', 'type de messages': 'reminder', origine: 'provider' },
      ],
      [
        'Le destinataire (mot-clé STOP)',
        {
          destinataire: 'ama.mensah@exemple.tg',
          'type de messages': 'reminder',
          origine: 'keyword',
        },
      ],
    ]);

    // A big batch is asked in chunks.
    const many = Array.from({ length: 12_000 }, (_, i) => `+228900${String(i).padStart(5, '0')}`);
    const found = await optedOutRecipients(
      db(),
      organizationId,
      [...many, '+22891111111'],
      'reminder',
    );
    expect(found).toEqual(new Set(['+22891111111']));
  });

  it('shows an e-mail recipient as written and another school’s phone in full', async () => {
    const school = await signUpSchool(app(), 'École Internationale');
    const path = await optOutPath(school.organizationId, 'Parent@Exemple.tg');
    expect((await open(path)).body).toContain('au parent@exemple.tg');
    // A long address makes a token past a route parameter's 100 characters: still served.
    const long = 'responsable.de.la.famille.agbodjan-koffi@ecole-internationale-de-lome.tg';
    const longPath = await optOutPath(school.organizationId, long);
    expect(longPath.length).toBeGreaterThan(130);
    expect((await open(longPath)).body).toContain(`au ${long}`);
    expect((await post(longPath)).body).toContain('C’est fait');
    expect(await isOptedOut(db(), school.organizationId, long.toUpperCase(), 'reminder')).toBe(
      true,
    );
    const dakar = await optOutPath(school.organizationId, '+221771234567');
    expect((await open(dakar)).body).toContain('au +221 77 123 45 67');
  });
});
