import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { notificationPreferenceDefaults } from '@ecolage/contracts';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { auditEntries } from '../audit/audit.tables';
import { addStaff, schoolWithAdmin, type StaffMember } from './notifications.test-support';
import { notifyStaff } from './notify-staff.service';

/** An event stream read over real HTTP (inject would never end). */
async function openStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: { accept: 'text/event-stream' },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const messages = () =>
    [...text.matchAll(/^data: (.*)$/gm)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
  const until = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (messages().length < count) {
      if (Date.now() > deadline) throw new Error(`heard so far: ${JSON.stringify(messages())}`);
      const chunk = await reader.read();
      if (chunk.done) break;
      text += chunk.value;
    }
    return messages();
  };
  return { response, until, close: () => controller.abort() };
}

describe('The bell’s API: the member’s own items, read marks, settings, live stream', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof schoolWithAdmin>>;
  let other: Awaited<ReturnType<typeof schoolWithAdmin>>;
  let cashier: StaffMember;
  let base = '';

  const notify = (organizationId: string, key: string, title = 'Paiement reçu') =>
    database().db.transaction((tx) =>
      notifyStaff(tx, {
        organizationId,
        kind: 'payment_received',
        title,
        body: `Paiement ${key}`,
        link: `/admin/paiements?paiement=${randomUUID()}`,
        dedupeKey: key,
      }),
    );

  beforeAll(async () => {
    const db = database().db;
    school = await schoolWithAdmin(app(), db, 'École Les Palmiers');
    other = await schoolWithAdmin(app(), db, 'École Voisine');
    cashier = await addStaff(app(), db, school, 'Ama Caisse', { roleKey: 'cashier' });
    await app().listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app().server.address() as AddressInfo).port}`;
  });

  it('lists the member’s items newest first, with the unread count, and marks them read', async () => {
    await notify(school.organizationId, 'a');
    await notify(school.organizationId, 'b');
    await notify(school.organizationId, 'c');
    await notify(other.organizationId, 'a');

    const page = await ok(school.call('GET', '/api/notifications?pageSize=2'));
    expect(page).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
    expect(page.items.map((item: { body: string }) => item.body)).toEqual([
      'Paiement c',
      'Paiement b',
    ]);
    const read = await ok(school.call('POST', `/api/notifications/${page.items[0].id}/read`));
    expect(read.readAt).not.toBeNull();
    // Reading again keeps the first time.
    const again = await ok(school.call('POST', `/api/notifications/${page.items[0].id}/read`));
    expect(again.readAt).toBe(read.readAt);
    const unread = await ok(school.call('GET', '/api/notifications?unread=true'));
    expect(unread).toMatchObject({ total: 2, unread: 2 });

    // The cashier's own items are theirs: the admin's reads changed nothing for them.
    expect(await ok(cashier.call('GET', '/api/notifications'))).toMatchObject({ unread: 3 });
    expect(await ok(cashier.call('POST', '/api/notifications/read-all'))).toEqual({ marked: 3 });
    expect(await ok(cashier.call('GET', '/api/notifications'))).toMatchObject({ unread: 0 });
    expect(await ok(school.call('GET', '/api/notifications'))).toMatchObject({ unread: 2 });
  });

  it('answers 404 for another member’s or another school’s item, 400 for a bad id or query', async () => {
    const mine = await ok(school.call('GET', '/api/notifications'));
    const theirs = await ok(other.call('GET', '/api/notifications'));
    const otherSchool = await other.call('POST', `/api/notifications/${mine.items[0].id}/read`);
    expect(otherSchool.statusCode).toBe(404);
    expect(otherSchool.json()).toMatchObject({
      code: 'NOTIFICATION_NOT_FOUND',
      message: 'Cette notification est introuvable.',
    });
    const cashierItems = await ok(cashier.call('GET', '/api/notifications'));
    expect(
      (await school.call('POST', `/api/notifications/${cashierItems.items[0].id}/read`)).statusCode,
    ).toBe(404);
    expect(
      (await school.call('POST', `/api/notifications/${theirs.items[0].id}/read`)).statusCode,
    ).toBe(404);
    expect((await school.call('POST', '/api/notifications/pas-un-id/read')).statusCode).toBe(400);
    expect((await school.call('GET', '/api/notifications?unread=peut-etre')).statusCode).toBe(400);
    expect((await app().inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('keeps each member’s settings, validated, journaled; the defaults are the spec’s', async () => {
    expect(await ok(cashier.call('GET', '/api/profile/notifications'))).toEqual({
      settings: {
        'nouvelle-vente': true,
        'nouvelle-inscription': true,
        'paiement-recu': true,
        'paiement-echoue': false,
        'resume-hebdomadaire': false,
      },
      notificationEmail: null,
      loginEmail: cashier.email,
    });
    const bad = await cashier.call('PUT', '/api/profile/notifications', {
      settings: notificationPreferenceDefaults,
      notificationEmail: 'pas-une-adresse',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      expect.objectContaining({ path: 'notificationEmail', message: 'Adresse e-mail invalide.' }),
    ]);
    const missing = await cashier.call('PUT', '/api/profile/notifications', {
      settings: { 'paiement-recu': true },
      notificationEmail: '',
    });
    expect(missing.statusCode).toBe(400);
    const unknown = await cashier.call('PUT', '/api/profile/notifications', {
      settings: { ...notificationPreferenceDefaults, 'tout-et-rien': true },
      notificationEmail: '',
    });
    expect(unknown.statusCode).toBe(400);

    const saved = await ok(
      cashier.call('PUT', '/api/profile/notifications', {
        settings: { ...notificationPreferenceDefaults, 'paiement-echoue': true },
        notificationEmail: ' Caisse@Palmiers.TG ',
      }),
    );
    expect(saved).toMatchObject({
      settings: { 'paiement-echoue': true, 'paiement-recu': true },
      notificationEmail: 'caisse@palmiers.tg',
    });
    expect(await ok(cashier.call('GET', '/api/profile/notifications'))).toEqual(saved);
    // The admin's settings are their own.
    expect(
      (await ok(school.call('GET', '/api/profile/notifications'))).settings['paiement-echoue'],
    ).toBe(false);
    const [entry] = await database()
      .db.select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, school.organizationId))
      .orderBy(desc(auditEntries.createdAt))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'profile.notifications_updated',
      resourceId: cashier.userId,
      details: {
        avant: { 'paiement-echoue': false, 'e-mail des notifications': null },
        après: { 'paiement-echoue': true, 'e-mail des notifications': 'caisse@palmiers.tg' },
      },
    });
  });

  it('streams the unread count, then each new item of this school, to its member only', async () => {
    const ticket = await ok(cashier.call('POST', '/api/live/ticket', {}));
    const stream = await openStream(`${base}/api/notifications/stream?ticket=${ticket.ticket}`);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(await stream.until(1)).toEqual([{ unread: 0, item: null }]);

    await notify(other.organizationId, 'elsewhere');
    await notify(school.organizationId, 'live', 'Paiement reçu en direct');
    const heard = await stream.until(2);
    expect(heard).toHaveLength(2);
    expect(heard[1]).toMatchObject({
      unread: 1,
      item: { title: 'Paiement reçu en direct', body: 'Paiement live', readAt: null },
    });
    stream.close();

    expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    expect((await fetch(`${base}/api/notifications/stream?ticket=a.b.c`)).status).toBe(401);
  });
});
