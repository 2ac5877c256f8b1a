import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';

describe("journal d'audit: /api/audit-entries", () => {
  const { app, database } = useTestApp();
  let admin: { accessToken: string; organizationId: string };
  let other: { accessToken: string; organizationId: string };
  const get = (token: string, url: string) =>
    app().inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    const a = await registerSchool(app(), { email: 'admin.a@exemple.tg', name: 'Admin A' });
    const b = await registerSchool(app(), { email: 'admin.b@exemple.tg', name: 'Admin B' });
    admin = {
      accessToken: (await logIn(app(), a.email, a.password)).accessToken,
      organizationId: a.organizationId,
    };
    other = {
      accessToken: (await logIn(app(), b.email, b.password)).accessToken,
      organizationId: b.organizationId,
    };
  });

  it('lists only the school’s own entries, newest first, with French labels', async () => {
    const response = await get(admin.accessToken, '/api/audit-entries');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(body.items.map((item: { action: string }) => item.action)).toEqual([
      'auth.logged_in',
      'member.added',
      'account.registered',
      'organization.created',
    ]);
    expect(body.items[0]).toMatchObject({
      actionLabel: 'Connexion',
      actorLabel: 'Admin A',
      category: 'user',
    });
    expect(JSON.stringify(body)).not.toContain('Admin B');
  });

  it('filters by category and search, and paginates on the server', async () => {
    const settings = (await get(admin.accessToken, '/api/audit-entries?category=settings')).json();
    expect(settings.items.map((item: { action: string }) => item.action)).toEqual([
      'organization.created',
    ]);
    const search = (await get(admin.accessToken, '/api/audit-entries?search=logged')).json();
    expect(search.total).toBe(1);
    const page = (await get(admin.accessToken, '/api/audit-entries?page=2&pageSize=3')).json();
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page.items).toHaveLength(1);
    const none = (await get(admin.accessToken, '/api/audit-entries?search=introuvable')).json();
    expect(none).toMatchObject({ total: 0, items: [] });
  });

  it('refuses bad filters in French', async () => {
    const response = await get(admin.accessToken, '/api/audit-entries?page=0&from=hier');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { message: string }) => issue.message)).toEqual(
      expect.arrayContaining(['La page commence à 1.', 'Date invalide (format ISO 8601 attendu).']),
    );
  });

  it('exports CSV with a BOM and semicolons, and journals the export', async () => {
    const response = await get(admin.accessToken, '/api/audit-entries/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="journal-audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFDate;Utilisateur;Action;Code action;Ressource;')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 5); // header + the 4 entries + the export itself
    expect(lines[1]).toContain(';École créée;organization.created;École;');
    expect(lines.at(-1)).toContain(';Journal d’audit exporté;audit.exported;Journal d’audit;');
    // Details in words, not JSON: « Formule : Découverte », « Photo : Non ».
    const details = lines.map((line) => line.split(';')[7]);
    expect(details.join('\n')).not.toMatch(/[{}]|"|formule|photo :|decouverte/);
    // (jsonb keeps its own key order)
    expect(details[1]!.split(' · ').sort()).toEqual([
      'Formule : Croissance',
      'Identifiant : college-sainte-rita-de-lome',
      'Nom : Collège Sainte-Rita de Lomé',
    ]);
    expect(details[2]).toBe('E-mail : admin.a@exemple.tg · Photo : Non');
  });

  it('counts actions, active members and exports over the period', async () => {
    const summary = (await get(admin.accessToken, '/api/audit-entries/summary')).json();
    expect(summary).toEqual({ actions: 5, activeMembers: 1, exports: 1, payments: 0 });
    const future = (
      await get(
        admin.accessToken,
        `/api/audit-entries/summary?from=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`,
      )
    ).json();
    expect(future).toMatchObject({ actions: 0, exports: 0 });
  });

  it('verifies the school’s chain', async () => {
    expect((await get(admin.accessToken, '/api/audit-entries/verify')).json()).toEqual({
      valid: true,
      entries: 5,
    });
  });

  it('lets a Lecteur read the journal but not export it', async () => {
    await database().db.execute(sql`
      update memberships m set role_id = r.id from roles r
      where r.organization_id = m.organization_id and r.key = 'reader'
        and m.organization_id = ${other.organizationId}`);
    expect((await get(other.accessToken, '/api/audit-entries')).statusCode).toBe(200);
    const exported = await get(other.accessToken, '/api/audit-entries/export');
    expect(exported.statusCode).toBe(403);
    expect(exported.json().code).toBe('FORBIDDEN');
  });

  it('answers 401 without a session', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/audit-entries' });
    expect(response.statusCode).toBe(401);
  });
});
