import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/school-fixture';
import { providerFeeRateAt } from '.';
import { useOperatorConsole } from './operator.test-support';

describe("the platform operator console (/api/operator): the public site's inbox, provider fees", () => {
  const { app, db, asOperator } = useOperatorConsole();

  it('reads, searches, marks handled and exports the contact messages', async () => {
    for (const [name, subject] of [
      ['Kodjo Amégah', 'Tarifs pour un lycée'],
      ['Ama Lawson', 'Démonstration ; « urgent »'],
    ]) {
      const sent = await app().inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name,
          email: `${name?.split(' ')[0]}@exemple.tg`,
          subject,
          message: 'Bonjour, pouvez-vous me rappeler ?',
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const page = await ok(asOperator('GET', '/api/operator/contact-messages'));
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ name: 'Ama Lawson', handledAt: null });
    const found = await ok(asOperator('GET', '/api/operator/contact-messages?q=amegah'));
    expect(found.items.map((item: { name: string }) => item.name)).toEqual(['Kodjo Amégah']);

    const handled = await ok(
      asOperator('POST', `/api/operator/contact-messages/${page.items[0].id}/handled`),
    );
    expect(handled.handledAt).not.toBeNull();
    await ok(asOperator('POST', `/api/operator/contact-messages/${page.items[0].id}/handled`));
    const { rows } = await db().execute<{ count: number }>(sql`
      select count(*)::int as count from audit_entries
      where organization_id is null and action = 'contact.message_handled'`);
    expect(rows[0]?.count).toBe(1);
    const unknown = await asOperator(
      'POST',
      `/api/operator/contact-messages/${randomUUID()}/handled`,
    );
    expect(unknown.statusCode).toBe(404);

    const file = await asOperator('GET', '/api/operator/contact-messages/export.csv');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(
      /attachment; filename="messages-du-site-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    const lines = file.body.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('Reçu le;Nom;E-mail;Objet;Message;Traité le');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Ama Lawson;');
    expect(lines[1]).toContain('"Démonstration ; « urgent »"');
    const filtered = await asOperator('GET', '/api/operator/contact-messages/export.csv?q=tarifs');
    expect(filtered.body.trim().split(/\r?\n/)).toHaveLength(2);
  });

  it('reads and exports the newsletter subscribers', async () => {
    for (const email of ['parent@exemple.tg', 'directeur@college.tg']) {
      const sent = await app().inject({
        method: 'POST',
        url: '/api/newsletter-subscribe',
        payload: { email },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const page = await ok(asOperator('GET', '/api/operator/newsletter-subscribers?pageSize=1'));
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items[0].email).toBe('directeur@college.tg');
    const file = await asOperator(
      'GET',
      '/api/operator/newsletter-subscribers/export.csv?q=parent',
    );
    const lines = file.body.slice(1).trim().split(/\r?\n/);
    expect(lines).toEqual([
      'E-mail;Inscrit le;Source;Désabonné le',
      expect.stringMatching(/^parent@exemple\.tg;\d{2}\/\d{2}\/\d{4};site;$/),
    ]);
    const { rows } = await db().execute<{ action: string }>(sql`
      select action from audit_entries where organization_id is null and category = 'export'`);
    expect(rows.map((row) => row.action).sort()).toEqual([
      'operator.contact_messages_exported',
      'operator.contact_messages_exported',
      'operator.newsletter_subscribers_exported',
    ]);
  });

  it('appends provider fee rates from a day, never in the past, and finds the rate in force at a date', async () => {
    const initial = await ok(asOperator('GET', '/api/operator/provider-fees'));
    expect(
      initial.current.map((rate: { provider: string; wallet: string; percentBp: number }) => [
        rate.provider,
        rate.wallet,
        rate.percentBp,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['paygate', 'MOOV_TG', 250],
        ['paygate', 'YAS_TG', 300],
      ]),
    );
    const today = new Date().toISOString().slice(0, 10);
    const added = await asOperator('POST', '/api/operator/provider-fees', {
      provider: 'wave',
      wallet: null,
      percentBp: 100,
      fixedXof: 0,
      effectiveFrom: today,
      note: 'Contrat Wave',
    });
    expect(added.statusCode, added.body).toBe(201);
    const again = await asOperator('POST', '/api/operator/provider-fees', {
      provider: 'wave',
      wallet: null,
      percentBp: 90,
      fixedXof: 0,
      effectiveFrom: today,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FEE_RATE_EXISTS');
    const past = await asOperator('POST', '/api/operator/provider-fees', {
      provider: 'wave',
      wallet: null,
      percentBp: 90,
      fixedXof: 0,
      effectiveFrom: '2024-01-01',
    });
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({
      code: 'FEE_RATE_IN_PAST',
      issues: [{ path: 'effectiveFrom' }],
    });
    const mismatch = await asOperator('POST', '/api/operator/provider-fees', {
      provider: 'mtn',
      wallet: 'WAVE',
      percentBp: 90,
      fixedXof: 0,
      effectiveFrom: today,
    });
    expect(mismatch.json().code).toBe('FEE_WALLET_MISMATCH');
    for (const bad of [{ percentBp: 10_001 }, { percentBp: 1.5 }, { fixedXof: -1 }]) {
      const refused = await asOperator('POST', '/api/operator/provider-fees', {
        provider: 'mtn',
        wallet: null,
        percentBp: 100,
        fixedXof: 0,
        effectiveFrom: today,
        ...bad,
      });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const after = await ok(asOperator('GET', '/api/operator/provider-fees'));
    expect(after.current).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'wave', wallet: null, percentBp: 100 }),
      ]),
    );

    // A wallet's own rate wins over the provider-wide one; each date finds the rate then.
    await db()
      .execute(sql`insert into provider_fee_rates (provider, wallet, percent_bp, fixed_xof, effective_from) values
      ('fedapay', null, 200, 0, '2025-01-01T00:00:00Z'),
      ('fedapay', null, 180, 25, '2025-06-01T00:00:00Z'),
      ('fedapay', 'CARD', 350, 0, '2025-03-01T00:00:00Z')`);
    const at = (wallet: 'CARD' | 'YAS_TG' | null, day: string) =>
      providerFeeRateAt(db(), 'fedapay', wallet, new Date(`${day}T12:00:00Z`));
    expect(await at('YAS_TG', '2024-12-31')).toBeNull();
    expect(await at('YAS_TG', '2025-02-01')).toMatchObject({ percentBp: 200, fixedXof: 0 });
    expect(await at('YAS_TG', '2025-07-01')).toMatchObject({ percentBp: 180, fixedXof: 25 });
    expect(await at('CARD', '2025-02-01')).toMatchObject({ percentBp: 200 });
    expect(await at('CARD', '2025-07-01')).toMatchObject({ percentBp: 350 });
    expect(await at(null, '2025-07-01')).toMatchObject({ percentBp: 180 });
    expect(await providerFeeRateAt(db(), 'orange', 'ORANGE', new Date())).toBeNull();
    const { rows } = await db().execute<{ count: number }>(sql`
      select count(*)::int as count from audit_entries
      where organization_id is null and action = 'provider_fee.rate_added'`);
    expect(rows[0]?.count).toBe(1);
  });
});
