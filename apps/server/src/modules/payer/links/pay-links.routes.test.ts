import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboundMessages } from '../../messaging/messaging.tables';
import { ok, signUpSchool, type Call } from '../../../test/school-fixture';
import { testAppOptions, useTestApp } from '../../../test/test-app';
import { createLinkSigner, resolvePaymentLink } from './payment-links';

const tokenOf = (url: string) => url.split('/payer/l/')[1] ?? '';

describe('POST /api/students/:studentId/payment-link', () => {
  const { app, database } = useTestApp();
  let school: { call: Call; organizationId: string };
  let abla: { id: string };
  let koffi: { id: string };
  let mother: { id: string };

  beforeAll(async () => {
    school = await signUpSchool(app(), 'École Démo');
    abla = await ok(school.call('POST', '/api/students', { fullName: 'Abla Kuassi' }), 201);
    mother = await ok(
      school.call('POST', `/api/students/${abla.id}/guardians`, {
        fullName: 'Afiwa Kuassi',
        phone: '+22879016081',
        email: 'afiwa@exemple.tg',
        relation: 'mother',
      }),
      201,
    );
    koffi = await ok(school.call('POST', '/api/students', { fullName: 'Koffi Kuassi' }), 201);
    await ok(
      school.call('POST', `/api/students/${koffi.id}/guardians`, {
        guardianId: mother.id,
        relation: 'mother',
      }),
      201,
    );
  });

  const resolve = (url: string) =>
    resolvePaymentLink(
      database().db,
      createLinkSigner(testAppOptions(database()).jwtSecret),
      tokenOf(url),
      new Date(),
    );

  const journal = async (organizationId: string, action: string) =>
    (
      await database().db.execute<{
        resource_type: string;
        resource_id: string;
        category: string;
        details: Record<string, unknown>;
      }>(sql`select resource_type, resource_id, category, details from audit_entries
        where organization_id = ${organizationId} and action = ${action} order by id`)
    ).rows;

  const messagesOf = (organizationId: string) =>
    database()
      .db.select()
      .from(outboundMessages)
      .where(eq(outboundMessages.organizationId, organizationId));

  it('makes a link to the main payer’s family, without sending it', async () => {
    const link = await ok(
      school.call('POST', `/api/students/${abla.id}/payment-link`, { send: false }),
    );
    expect(link).toMatchObject({
      guardianName: 'Afiwa Kuassi',
      guardianPhone: '+22879016081',
      sent: false,
    });
    expect(link.url).toMatch(/\/payer\/l\/[A-Za-z0-9]{12}\.[A-Za-z0-9_-]{12}$/);
    const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const resolved = await resolve(link.url);
    expect(resolved.ok).toBe(true);
    if (!resolved.ok) return;
    expect(resolved.link).toMatchObject({
      organizationId: school.organizationId,
      guardianId: mother.id,
      studentId: null,
      purpose: 'staff',
      createdBy: 'Afi Mensah',
    });
    expect(await messagesOf(school.organizationId)).toEqual([]);

    const [entry] = await journal(school.organizationId, 'payment_link.created');
    expect(entry).toMatchObject({
      resource_type: 'payment_link',
      resource_id: resolved.link.id,
      category: 'payment',
      details: { etudiant: 'Abla Kuassi', responsable: 'Afiwa Kuassi' },
    });
  });

  it('sends it by SMS (GSM-7) and by e-mail, and journals the sending', async () => {
    const link = await ok(
      school.call('POST', `/api/students/${koffi.id}/payment-link`, { send: true }),
    );
    expect(link.sent).toBe(true);
    const messages = await messagesOf(school.organizationId);
    const sms = messages.find((message) => message.channel === 'sms');
    expect(sms).toMatchObject({
      recipient: '+22879016081',
      template: 'payer.link',
      body: expect.stringMatching(
        /^École Démo : payez les frais de scolarité de Koffi Kuassi en ligne : http:\/\/127\.0\.0\.1:3000\/s\/[0-9A-Za-z]{10}$/,
      ),
    });
    // The SMS carries our short link: it leads to the payment link.
    const short = new URL(sms!.body.split(' en ligne : ')[1]!);
    const followed = await app().inject({ method: 'GET', url: short.pathname });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(new URL(link.url).pathname);
    const email = messages.find((message) => message.channel === 'email');
    expect(email).toMatchObject({ recipient: 'afiwa@exemple.tg', template: 'payer.link' });
    expect(email?.body).toContain(link.url);
    expect(email?.body).toContain('Bonjour Afiwa Kuassi,');

    // Both children are the same family: the link opens the guardian's, not one student's.
    const resolved = await resolve(link.url);
    expect(resolved.ok && resolved.link.guardianId).toBe(mother.id);
    expect(resolved.ok && resolved.link.studentId).toBeNull();

    const sent = await journal(school.organizationId, 'payment_link.sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.details).toMatchObject({ etudiant: 'Koffi Kuassi', envoi: 'sms, email' });
  });

  it('sends no e-mail to a payer without an address', async () => {
    const other = await signUpSchool(app(), 'Collège Sans Courriel');
    const ama = await ok(other.call('POST', '/api/students', { fullName: 'Ama Dosseh' }), 201);
    await ok(
      other.call('POST', `/api/students/${ama.id}/guardians`, {
        fullName: 'Kodjo Dosseh',
        phone: '+22890000011',
        relation: 'father',
      }),
      201,
    );
    await ok(other.call('POST', `/api/students/${ama.id}/payment-link`, { send: true }));
    const messages = await messagesOf(other.organizationId);
    expect(messages.map((message) => message.channel)).toEqual(['sms']);
  });

  it('answers 409 in French for a student without a payer, 404 for another school’s', async () => {
    const alone = await ok(school.call('POST', '/api/students', { fullName: 'Yao Seul' }), 201);
    const conflict = await school.call('POST', `/api/students/${alone.id}/payment-link`, {
      send: true,
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(
      'Cet étudiant n’a pas de responsable payeur : ajoutez-en un.',
    );

    const stranger = await signUpSchool(app(), 'Autre École');
    const foreign = await stranger.call('POST', `/api/students/${abla.id}/payment-link`, {
      send: true,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Étudiant introuvable.');
    expect(await messagesOf(stranger.organizationId)).toEqual([]);

    const unknownField = await school.call('POST', `/api/students/${abla.id}/payment-link`, {
      send: true,
      phone: '+22890000000',
    });
    expect(unknownField.statusCode).toBe(400);
  });
});
