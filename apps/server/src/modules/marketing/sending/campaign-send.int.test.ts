import { randomUUID } from 'node:crypto';
import { addDays } from '@ecolage/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn, startOfSchoolDay } from '../../../platform/clock';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { twilioSignature } from '../../messaging/channels/twilio';
import { emailSender } from '../../messaging/email-sender';
import { startMessagePump } from '../../messaging/message-pump';
import { outboundMessages } from '../../messaging/messaging.tables';
import { recordOptOut } from '../../messaging';
import { startProviderServer } from '../../messaging/provider-server.test-support';
import { smsSender, whatsappSender } from '../../messaging/sms-sender';
import { configureSmsGateway } from '../../messaging/transports';
import { guardians, studentGuardians, students } from '../../students/students.tables';
import { systemActor } from '../../../platform/http/acting-member';
import { campaignQuietUntil, sendCampaign } from './campaign-send.service';
import { campaignSendingOf } from './campaign-sending-figures';
import { subscribeToSchoolNews } from './subscribers.service';

type School = Awaited<ReturnType<typeof signUpSchool>>;

const today = () => dayIn('Africa/Lome');
const TWILIO = { accountSid: 'AC0000000000000000000000000000000a', authToken: 'twilio-token' };
const CALLBACK = 'https://ecolage.example';
const quiet = { info: () => {}, error: () => {} };
const atSchoolTime = (day: string, hour: number) =>
  new Date(startOfSchoolDay(day, 'Africa/Lome').getTime() + hour * 3_600_000);

const campaign = (more: Record<string, unknown> = {}) => ({
  name: 'Portes ouvertes',
  channel: 'sms',
  budget: 50_000,
  startsOn: addDays(today(), -2),
  endsOn: addDays(today(), 20),
  body: 'Portes ouvertes samedi 9 h ! Pré-inscription : {lien}',
  audience: 'guardians',
  ...more,
});

describe('« Envoyer » an e-mail or SMS campaign: POST /api/marketing/campaigns/:id/send', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });
  const db = () => database().db;
  let school: School;
  let other: School;
  let matricule = 0;

  /** A student of the school with these guardians (phone, e-mail). */
  const family = async (
    of: School,
    status: 'active' | 'suspended',
    people: { phone: string; email?: string }[],
  ) => {
    matricule += 1;
    const studentId = randomUUID();
    await db()
      .insert(students)
      .values({
        id: studentId,
        organizationId: of.organizationId,
        matricule: `T-${matricule}`,
        fullName: `Élève ${matricule}`,
        searchKey: `eleve ${matricule}`,
        status,
      });
    for (const person of people) {
      const [existing] = await db()
        .select()
        .from(guardians)
        .where(
          and(eq(guardians.organizationId, of.organizationId), eq(guardians.phone, person.phone)),
        );
      const guardianId = existing?.id ?? randomUUID();
      if (!existing) {
        await db()
          .insert(guardians)
          .values({
            id: guardianId,
            organizationId: of.organizationId,
            fullName: `Parent ${person.phone}`,
            phone: person.phone,
            email: person.email ?? null,
            searchKey: person.phone,
          });
      }
      await db().insert(studentGuardians).values({
        organizationId: of.organizationId,
        studentId,
        guardianId,
        relation: 'mother',
      });
    }
  };
  const messagesOf = async (campaignId: string) =>
    db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.batchKey, `campaign:${campaignId}`))
      .orderBy(asc(outboundMessages.recipient));
  const create = async (of: School, more: Record<string, unknown> = {}) =>
    ok(of.call('POST', '/api/marketing/campaigns', campaign(more)), 201);
  const send = (of: School, campaignId: string) =>
    of.call('POST', `/api/marketing/campaigns/${campaignId}/send`);
  const firstLink = async (of: School, campaignId: string) =>
    (await ok(of.call('GET', `/api/marketing/campaigns/${campaignId}/links`)))[0]
      .shortUrl as string;

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Collège Les Manguiers');
    other = await signUpSchool(app(), 'Lycée Les Flamboyants');
    // A family of two children is one recipient; a suspended student's guardian is not written to.
    await family(school, 'active', [{ phone: '+22890000001', email: 'Awa.Mensah@example.tg' }]);
    await family(school, 'active', [{ phone: '+22890000001' }, { phone: '+22890000002' }]);
    await family(school, 'active', [{ phone: '+22890000003', email: 'kofi@example.tg' }]);
    await family(school, 'active', [{ phone: '+22890000004' }]);
    await family(school, 'suspended', [{ phone: '+22890000009', email: 'loin@example.tg' }]);
    await family(other, 'active', [{ phone: '+22890000005' }]);
    // Stopped the school's announcements; stopped its reminders only (still gets announcements).
    await recordOptOut(db(), {
      organizationId: school.organizationId,
      recipient: '+22890000004',
      category: 'marketing',
      source: 'link',
    });
    await recordOptOut(db(), {
      organizationId: school.organizationId,
      recipient: '+22890000003',
      category: 'reminder',
      source: 'link',
    });
  });

  it('sends an SMS to each distinct guardian phone of active students, skipping the opted-out, with the link and « STOP »', async () => {
    const created = await create(school);
    const answer = await ok(send(school, created.id));
    expect(answer.sending).toMatchObject({
      recipients: 3,
      optedOut: 1,
      queued: 3,
      sent: 0,
      delivered: 0,
      failed: 0,
    });
    const link = await firstLink(school, created.id);
    const messages = await messagesOf(created.id);
    expect(messages.map((message) => message.recipient)).toEqual([
      '+22890000001',
      '+22890000002',
      '+22890000003',
    ]);
    for (const message of messages) {
      expect(message).toMatchObject({
        organizationId: school.organizationId,
        channel: 'sms',
        category: 'marketing',
        status: 'captured',
        dedupeKey: `campaign:${created.id}:${message.recipient}`,
      });
      expect(message.body).toMatch(
        new RegExp(
          `^Portes ouvertes samedi 9 h ! Pré-inscription : ${link} STOP annonces : \\S+/s/[0-9A-Za-z]{10}$`,
        ),
      );
    }
    // Each recipient's own opt-out link, to the announcements' category.
    const stops = messages.map((message) => message.body.split('STOP annonces : ')[1]!);
    expect(new Set(stops).size).toBe(3);
    const code = stops[0]!.split('/s/')[1];
    const followed = await app().inject({ method: 'GET', url: `/s/${code}` });
    expect(followed.headers.location).toMatch(/^\/desabonnement\//);
    const page = await app().inject({ method: 'GET', url: followed.headers.location as string });
    expect(page.body).toContain('les annonces de l’école');

    const journal = await db().execute<{ action: string; details: Record<string, unknown> }>(
      sql`select action, details from audit_entries where organization_id = ${school.organizationId}
          and action = 'campaign.sent'`,
    );
    expect(journal.rows).toEqual([
      {
        action: 'campaign.sent',
        details: expect.objectContaining({
          campagne: 'Portes ouvertes',
          messages: 3,
          désabonnés: 1,
        }),
      },
    ]);

    // The campaign's list and detail carry the sending's figures.
    const detail = await ok(school.call('GET', `/api/marketing/campaigns/${created.id}`));
    expect(detail.sending).toMatchObject({ recipients: 3, optedOut: 1, queued: 3 });
    const campaignPage = await ok(
      school.call('GET', '/api/marketing/campaigns?channel=sms&pageSize=100'),
    );
    const item = campaignPage.items.find((campaign: { id: string }) => campaign.id === created.id);
    expect(item.sending).toEqual(detail.sending);

    // Never twice.
    const again = await send(school, created.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CAMPAIGN_ALREADY_SENT');
    expect(await messagesOf(created.id)).toHaveLength(3);
  });

  it('sends an e-mail to the guardians who have one, lower-cased, the subject kept', async () => {
    const created = await create(school, {
      name: 'Lettre de rentrée',
      channel: 'email',
      subject: 'La rentrée approche',
      body: 'Chers parents,\n\nVoici le programme : {lien}',
    });
    const answer = await ok(send(school, created.id));
    expect(answer.sending).toMatchObject({ recipients: 2, optedOut: 0 });
    const link = await firstLink(school, created.id);
    const messages = await messagesOf(created.id);
    expect(messages.map((message) => [message.recipient, message.subject])).toEqual([
      ['awa.mensah@example.tg', 'La rentrée approche'],
      ['kofi@example.tg', 'La rentrée approche'],
    ]);
    expect(messages[0]!.body).toMatch(
      new RegExp(
        `^Chers parents,\\n\\nVoici le programme : ${link}\\n\\nPour ne plus recevoir les annonces de l’école : \\S+/s/[0-9A-Za-z]{10}$`,
      ),
    );
  });

  it('sends to the subscribers not removed, skipping one who opted out; subscribing is idempotent', async () => {
    const subscribe = (input: Parameters<typeof subscribeToSchoolNews>[2]) =>
      database().db.transaction((tx) => subscribeToSchoolNews(tx, school.organizationId, input));
    await subscribe({ email: 'Ama@Example.tg', name: 'Ama', source: 'pre_registration' });
    await subscribe({ email: 'ama@example.tg', phone: '90 00 00 21', source: 'form' });
    await subscribe({ email: 'yao@example.tg', source: 'form' });
    await subscribe({ email: 'parti@example.tg', source: 'form' });
    await subscribe({ phone: '+228 90 00 00 22', source: 'form' });
    await subscribe({ email: 'stop@example.tg', source: 'form' });
    await subscribe({ email: 'pas-une-adresse', phone: 'n/a', source: 'form' });
    const list = await ok(school.call('GET', '/api/marketing/subscribers?pageSize=100'));
    expect(list.total).toBe(5);
    const ama = list.items.find((item: { email: string }) => item.email === 'ama@example.tg');
    expect(ama).toMatchObject({ name: 'Ama', phone: '+22890000021', source: 'pre_registration' });
    const parti = list.items.find((item: { email: string }) => item.email === 'parti@example.tg');
    const removed = await ok(school.call('DELETE', `/api/marketing/subscribers/${parti.id}`));
    expect(removed.unsubscribedAt).not.toBeNull();
    // Another school's subscriber is not found.
    const foreign = await other.call('DELETE', `/api/marketing/subscribers/${parti.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('SCHOOL_SUBSCRIBER_NOT_FOUND');
    await recordOptOut(db(), {
      organizationId: school.organizationId,
      recipient: 'STOP@example.tg',
      category: 'marketing',
      source: 'link',
    });

    const created = await create(school, {
      name: 'Nouvelles de mai',
      channel: 'email',
      subject: 'Nouvelles de l’école',
      body: 'La kermesse a lieu le 14 mai.',
      audience: 'subscribers',
    });
    const answer = await ok(send(school, created.id));
    expect(answer.sending).toMatchObject({ recipients: 2, optedOut: 1 });
    const messages = await messagesOf(created.id);
    expect(messages.map((message) => message.recipient)).toEqual([
      'ama@example.tg',
      'yao@example.tg',
    ]);
    expect(messages[0]!.body).toMatch(/^La kermesse a lieu le 14 mai\.\n\nPour ne plus recevoir/);

    // Subscribing again after being removed: back in the list as subscribed, one row.
    await subscribe({ email: 'PARTI@example.tg', source: 'form' });
    const after = await ok(school.call('GET', '/api/marketing/subscribers?q=parti'));
    expect(after.items).toHaveLength(1);
    expect(after.items[0]).toMatchObject({ id: parti.id, unsubscribedAt: null });
    const sms = await create(school, {
      name: 'SMS abonnés',
      audience: 'subscribers',
      body: 'Kermesse le 14 mai.',
    });
    await ok(send(school, sms.id));
    expect((await messagesOf(sms.id)).map((message) => message.recipient)).toEqual([
      '+22890000021',
      '+22890000022',
    ]);
  });

  it('refuses a campaign that is not e-mail or SMS, not active, without recipients, or another school’s', async () => {
    const facebook = await create(school, { channel: 'facebook', body: '', audience: null });
    const notSendable = await send(school, facebook.id);
    expect([notSendable.statusCode, notSendable.json().code]).toEqual([
      422,
      'CAMPAIGN_NOT_SENDABLE',
    ]);
    const paused = await create(school, { name: 'En pause' });
    await ok(
      school.call('POST', `/api/marketing/campaigns/${paused.id}/actions`, { action: 'pause' }),
    );
    const notActive = await send(school, paused.id);
    expect([notActive.statusCode, notActive.json().code]).toEqual([409, 'CAMPAIGN_NOT_ACTIVE']);
    const full = await create(school, { name: 'Budget atteint', spend: 50_000 });
    expect((await send(school, full.id)).json().code).toBe('CAMPAIGN_NOT_ACTIVE');

    const foreign = await send(other, paused.id);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);

    const lonely = await create(other, { channel: 'email', subject: 'Bonjour' });
    const none = await send(other, lonely.id);
    expect([none.statusCode, none.json().code]).toEqual([409, 'CAMPAIGN_NO_RECIPIENTS']);
    expect(await messagesOf(lonely.id)).toHaveLength(0);
    expect((await campaignSendingOf(db(), other.organizationId, [lonely.id])).size).toBe(0);
  });

  it('keeps an SMS sent at night for 08:00 school time; an e-mail leaves at once', async () => {
    const day = today();
    expect(campaignQuietUntil(atSchoolTime(day, 10), 'Africa/Lome')).toBeNull();
    expect(campaignQuietUntil(atSchoolTime(day, 19.9), 'Africa/Lome')).toBeNull();
    expect(campaignQuietUntil(atSchoolTime(day, 22), 'Africa/Lome')).toEqual(
      atSchoolTime(addDays(day, 1), 8),
    );
    expect(campaignQuietUntil(atSchoolTime(day, 5), 'Africa/Lome')).toEqual(atSchoolTime(day, 8));
    const night = () => atSchoolTime(day, 22);
    const sms = await create(school, { name: 'SMS du soir' });
    await sendCampaign(
      { db: db(), now: night },
      systemActor(school.organizationId, 'Test'),
      sms.id,
    );
    for (const message of await messagesOf(sms.id)) {
      expect(message.nextAttemptAt).toEqual(atSchoolTime(addDays(day, 1), 8));
    }
    const email = await create(school, {
      name: 'E-mail du soir',
      channel: 'email',
      subject: 'Soir',
    });
    await sendCampaign(
      { db: db(), now: night },
      systemActor(school.organizationId, 'Test'),
      email.id,
    );
    for (const message of await messagesOf(email.id)) {
      expect(message.nextAttemptAt.getTime()).toBeLessThan(
        atSchoolTime(addDays(day, 1), 8).getTime(),
      );
    }
  });

  it('sends once when « Envoyer » is pressed twice at the same time', async () => {
    const created = await create(school, { name: 'Double clic' });
    const answers = await Promise.all([send(school, created.id), send(school, created.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe(
      'CAMPAIGN_ALREADY_SENT',
    );
    expect(await messagesOf(created.id)).toHaveLength(3);
  });

  describe('delivery figures, once the sending loop sent them through the provider', () => {
    let provider: Awaited<ReturnType<typeof startProviderServer>>;
    beforeAll(async () => {
      provider = await startProviderServer();
      configureSmsGateway({
        provider: 'twilio',
        baseUrl: provider.url,
        ...TWILIO,
        senderId: 'ECOLAGE',
        callbackBaseUrl: CALLBACK,
      });
    });
    afterAll(async () => {
      configureSmsGateway(null);
      await provider.close();
    });

    it('counts queued, sent, delivered and failed from the messages’ statuses', async () => {
      provider.answerWith((call) => {
        const to = new URLSearchParams(call.body).get('To');
        return to === '+22890000003'
          ? { status: 400, body: { code: 21211, message: 'Invalid To number' } }
          : { status: 201, body: { sid: `SM-${to}`, status: 'queued' } };
      });
      const created = await create(school, { name: 'Figures' });
      // Sent at 10:00 school time: within the hours an SMS leaves at once.
      const sending = await sendCampaign(
        { db: db(), now: () => atSchoolTime(today(), 10) },
        systemActor(school.organizationId, 'Test'),
        created.id,
      );
      expect(sending).toMatchObject({ recipients: 3, queued: 3, sent: 0 });
      expect(
        (await campaignSendingOf(db(), school.organizationId, [created.id])).get(created.id),
      ).toMatchObject({ recipients: 3, optedOut: 1, queued: 3, sent: 0, delivered: 0, failed: 0 });

      const pump = startMessagePump(
        db(),
        { email: emailSender(db()), sms: smsSender, whatsapp: whatsappSender },
        quiet,
        { pollMs: 50 },
      );
      try {
        await expect
          .poll(
            async () =>
              (await messagesOf(created.id)).filter((message) =>
                ['sent', 'failed', 'dead'].includes(message.status),
              ).length,
            { timeout: 20_000, interval: 100 },
          )
          .toBe(3);
      } finally {
        await pump.stop();
      }
      const first = (await messagesOf(created.id))[0]!;
      const url = `/api/webhooks/messages/twilio?m=${first.id}`;
      const body = new URLSearchParams({
        MessageSid: 'SM-+22890000001',
        MessageStatus: 'delivered',
      });
      const report = await app().inject({
        method: 'POST',
        url,
        payload: body.toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(TWILIO.authToken, `${CALLBACK}${url}`, body),
        },
      });
      expect(report.statusCode).toBe(200);

      const figures = await campaignSendingOf(db(), school.organizationId, [
        created.id,
        randomUUID(),
      ]);
      expect([...figures.keys()]).toEqual([created.id]);
      expect(figures.get(created.id)).toEqual({
        sentAt: expect.any(String),
        recipients: 3,
        optedOut: 1,
        queued: 0,
        sent: 2,
        delivered: 1,
        failed: 1,
      });
      // Another school reads nothing of it.
      expect((await campaignSendingOf(db(), other.organizationId, [created.id])).size).toBe(0);
    });
  });
});
