import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { verifyAuditChain } from '../audit';

const contact = {
  name: 'Kossi Agbéko',
  email: 'kossi.agbeko@exemple.tg',
  subject: 'Démonstration pour notre collège',
  message: 'Bonjour, nous aimerions voir Écolage pour nos 800 élèves de Lomé.',
};

describe('POST /api/newsletter-subscribe', () => {
  const { app, database } = useTestApp();
  const subscribe = (payload: object, remoteAddress = '10.1.0.1') =>
    app().inject({ method: 'POST', url: '/api/newsletter-subscribe', payload, remoteAddress });
  const subscribers = async () =>
    (
      await database().db.execute<{ email: string }>(
        sql`select email from newsletter_subscriptions order by created_at`,
      )
    ).rows;

  it('stores the address and answers with a French success message', async () => {
    const response = await subscribe({ email: '  Ama.Mensah@Exemple.tg ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Merci ! Votre abonnement à la newsletter est confirmé.',
    });
    expect(await subscribers()).toEqual([{ email: 'Ama.Mensah@Exemple.tg' }]);
  });

  it('succeeds again for the same address in another case, without a duplicate', async () => {
    const response = await subscribe({ email: 'ama.mensah@exemple.TG' });
    expect(response.statusCode).toBe(200);
    expect(await subscribers()).toHaveLength(1);
  });

  it('journals each new subscription in the platform chain, not the repeat', async () => {
    const entries = await database().db.execute<{ action: string; ip: string }>(
      sql`select action, ip from audit_entries where organization_id is null and action = 'newsletter.subscribed'`,
    );
    expect(entries.rows).toEqual([{ action: 'newsletter.subscribed', ip: '10.1.0.1' }]);
    expect(await verifyAuditChain(database().db, null)).toMatchObject({ valid: true });
  });

  it('drops a filled honeypot silently: same answer, nothing stored', async () => {
    const response = await subscribe({ email: 'bot@spam.example', website: 'http://spam' });
    expect(response.statusCode).toBe(200);
    expect((await subscribers()).map((row) => row.email)).not.toContain('bot@spam.example');
  });

  it('refuses an invalid address in French', async () => {
    const response = await subscribe({ email: 'pas-une-adresse' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("L'adresse e-mail n'est pas valide.");
  });
});

describe('POST /api/contact', () => {
  const { app, database } = useTestApp();
  const send = (payload: object) =>
    app().inject({
      method: 'POST',
      url: '/api/contact',
      payload,
      remoteAddress: '10.2.0.1',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10; itel A56)' },
    });

  it('keeps the message for the back-office and answers with the spec message', async () => {
    const response = await send(contact);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Votre message a été envoyé avec succès !' });
    const rows = await database().db.execute(
      sql`select name, email, subject, message, status, ip, user_agent from contact_messages`,
    );
    expect(rows.rows).toEqual([
      {
        ...contact,
        status: 'new',
        ip: '10.2.0.1',
        user_agent: 'Mozilla/5.0 (Linux; Android 10; itel A56)',
      },
    ]);
  });

  it('writes the audit entry with the message', async () => {
    const rows = await database().db.execute<{ resource_id: string; details: unknown }>(
      sql`select a.resource_id, a.details from audit_entries a join contact_messages c on c.id::text = a.resource_id
          where a.action = 'contact.message_received'`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.details).toEqual({ objet: contact.subject });
  });

  it('drops a filled honeypot silently', async () => {
    const response = await send({ ...contact, subject: 'Casino', website: 'x' });
    expect(response.statusCode).toBe(200);
    const rows = await database().db.execute(
      sql`select 1 from contact_messages where subject = 'Casino'`,
    );
    expect(rows.rows).toHaveLength(0);
  });
});

describe('spam resistance: per-IP budget of the public forms', () => {
  const { app, database } = useTestApp({ formRateLimit: { max: 3, timeWindow: '1 minute' } });

  it('answers 429 in French past the budget, and another IP is unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await app().inject({
        method: 'POST',
        url: '/api/newsletter-subscribe',
        payload: { email: `parent${i}@exemple.tg` },
        remoteAddress: '10.3.0.1',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          code: 'RATE_LIMITED',
          message: 'Trop de requêtes. Veuillez patienter un instant avant de réessayer.',
        });
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = await app().inject({
      method: 'POST',
      url: '/api/newsletter-subscribe',
      payload: { email: 'autre@exemple.tg' },
      remoteAddress: '10.3.0.2',
    });
    expect(other.statusCode).toBe(200);
    const rows = await database().db.execute(sql`select 1 from newsletter_subscriptions`);
    expect(rows.rows).toHaveLength(4);
  });
});
