import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startJobs, type JobDefinition } from '../../platform/jobs/jobs';
import { logIn, registerSchool } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import {
  configureEmailTransport,
  createMessaging,
  queueEmail,
  type OutboundMessage,
} from './index';
import { outboundMessages } from './messaging.tables';
import { startTestSmtpServer } from './smtp-server.test-support';

const quiet = { info: () => {}, error: () => {} };
const FROM = 'Écolage <no-reply@ecolage.test>';

describe('E-mails over SMTP', () => {
  const { app, database } = useTestApp({ publicUrl: 'https://ecolage.tg' });
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ refuse: (to) => to.startsWith('inconnu@') });
  });
  afterAll(async () => {
    configureEmailTransport(null);
    await smtp.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
    configureEmailTransport({ smtpUrl: smtp.url, from: FROM });
  });

  const rowOf = async (id: string): Promise<OutboundMessage> => {
    const [row] = await database()
      .db.select()
      .from(outboundMessages)
      .where(eq(outboundMessages.id, id));
    return row!;
  };
  /** Its backoff over: due now. */
  const makeDue = (id: string) =>
    database()
      .db.update(outboundMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(outboundMessages.id, id));
  const sendJob = (): JobDefinition<{ messageId: string }> =>
    createMessaging(database().db).jobs.find((job) => job.name === 'messaging.send-email')!;
  const run = (job: JobDefinition<{ messageId: string }>, messageId: string, attempt = 1) =>
    job.run({ messageId }, { id: `job-${attempt}`, attempt, logger: quiet });
  const queue = (to: string, extra: Partial<Parameters<typeof queueEmail>[1]> = {}) =>
    queueEmail(database().db, {
      organizationId: null,
      to,
      subject: 'Réinitialisation de votre mot de passe',
      text: 'Bonjour,\n\nOuvrez ce lien : https://ecolage.tg/reinitialiser?token=abc.def\n\nÉcolage',
      template: 'test.email',
      ...extra,
    });

  it('sends an invitation after its transaction commits: its job, over SMTP, HTML and text', async () => {
    configureEmailTransport({ smtpUrl: smtp.url, from: FROM });
    const messaging = createMessaging(database().db);
    const jobs = await startJobs(database().pool, messaging.jobs, quiet, {
      pollingIntervalSeconds: 5,
    });
    const dispatch = await messaging.startDispatch({
      queue: jobs,
      databaseUrl: database().directUrl,
      logger: quiet,
    });
    try {
      const school = await registerSchool(app(), {
        email: 'direction@college.tg',
        name: 'Afi Mensah',
        schoolName: 'Collège Avenir',
      });
      const { accessToken } = await logIn(app(), school.email, school.password);
      const roles = await database().db.execute<{ id: string }>(
        sql`select id from roles where organization_id = ${school.organizationId} and key = 'cashier'`,
      );
      const started = performance.now();
      const response = await app().inject({
        method: 'POST',
        url: '/api/members/invitations',
        payload: { name: 'Komi Amegah', email: 'komi@college.tg', roleId: roles.rows[0]!.id },
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(response.statusCode, response.body).toBe(201);

      const invitationTo = () =>
        smtp.received.find(
          (mail) => mail.to && 'text' in mail.to && mail.to.text === 'komi@college.tg',
        );
      // Workers poll every 5 s here: only the enqueue at commit explains an arrival within 2 s.
      await expect.poll(() => invitationTo(), { timeout: 2_000, interval: 25 }).toBeDefined();
      expect(performance.now() - started).toBeLessThan(2_000);
      const mail = invitationTo()!;
      expect(mail.subject).toBe('Afi Mensah vous invite sur Écolage (Collège Avenir)');
      expect(mail.from?.text).toBe('"Écolage" <no-reply@ecolage.test>');
      expect(mail.text).toContain('avec le rôle « Caissier »');
      expect(mail.text).toMatch(/https:\/\/ecolage\.tg\/invitation\?token=[\w.-]+/);
      const link = /https:\/\/ecolage\.tg\/invitation\?token=[\w.-]+/.exec(mail.text ?? '')![0];
      expect(mail.html).toContain('Collège Avenir');
      expect(mail.html).toContain(`<a href="${link}"`);
      // French spacing: no line break inside the quotes.
      expect(mail.html).toContain('avec le rôle «\u00A0Caissier\u00A0»');

      const invitation = async () =>
        (
          await database()
            .db.select()
            .from(outboundMessages)
            .where(eq(outboundMessages.template, 'member_invitation'))
        )[0];
      // Recorded once the server has accepted it.
      await expect.poll(async () => (await invitation())?.status).toBe('sent');
      const row = await invitation();
      expect(row).toMatchObject({ status: 'sent', recipient: 'komi@college.tg' });
      expect(row).toMatchObject({
        attempts: 1,
        sentAt: expect.any(Date),
        provider: 'smtp',
        providerMessageId: `<${row!.id}@ecolage.test>`,
      });
      expect(mail.messageId).toBe(`<${row!.id}@ecolage.test>`);
    } finally {
      await dispatch.stop();
      await jobs.stop();
    }
  }, 30_000);

  it('keeps e-mails captured and sends nothing without SMTP', async () => {
    configureEmailTransport(null);
    const email = await queue('parent@famille.tg');
    expect(email.status).toBe('captured');
    await run(sendJob(), email.id);
    expect(smtp.received).toEqual([]);
    expect((await rowOf(email.id)).status).toBe('captured');
  });

  it('retries while the SMTP server is down, then marks the e-mail dead after its last try', async () => {
    const down = await startTestSmtpServer();
    await down.close();
    configureEmailTransport({ smtpUrl: down.url, from: FROM });
    const email = await queue('parent@famille.tg');
    expect(email.status).toBe('queued');
    const job = sendJob();
    expect(job).toMatchObject({ retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await expect(run(job, email.id, attempt)).rejects.toThrow(/envoi à réessayer.*ECONNREFUSED/);
      const row = await rowOf(email.id);
      expect(row.status).toBe('queued');
      expect(row).toMatchObject({
        attempts: attempt,
        lastError: expect.stringMatching(/ECONNREFUSED/),
      });
      // Not tried again before its backoff: 30 s, then twice as long each time.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 29_000 * 2 ** (attempt - 1));
      await run(job, email.id, attempt);
      expect((await rowOf(email.id)).attempts).toBe(attempt);
      await makeDue(email.id);
    }
    await run(job, email.id, 6);
    const dead = await rowOf(email.id);
    expect(dead).toMatchObject({
      status: 'dead',
      attempts: 6,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });

    // Given up: the server back, a late run sends nothing.
    configureEmailTransport({ smtpUrl: smtp.url, from: FROM });
    await run(job, email.id, 7);
    expect(smtp.received).toEqual([]);
    expect((await rowOf(email.id)).status).toBe('dead');
  });

  it('sends an e-mail once when its job runs twice, or twice at once', async () => {
    const email = await queue('tuteur@famille.tg');
    const job = sendJob();
    await Promise.all([run(job, email.id), run(job, email.id), run(job, email.id)]);
    await run(job, email.id, 2);
    expect(smtp.received).toHaveLength(1);
    expect((await rowOf(email.id)).attempts).toBe(1);
  });

  it('attaches files, and gives up at once on a mailbox the server refuses (5xx)', async () => {
    const pdf = Buffer.from('%PDF-1.4 reçu');
    const email = await queue('parent@famille.tg', {
      attachments: [{ filename: 'reçu-R-0001.pdf', contentType: 'application/pdf', content: pdf }],
    });
    await run(sendJob(), email.id);
    expect(smtp.received[0]?.attachments).toMatchObject([
      { filename: 'reçu-R-0001.pdf', contentType: 'application/pdf' },
    ]);
    expect(smtp.received[0]?.attachments[0]?.content.equals(pdf)).toBe(true);

    const refused = await queue('inconnu@famille.tg');
    await run(sendJob(), refused.id);
    expect(await rowOf(refused.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: expect.stringMatching(/550/),
    });
  });

  it('never sends what a rolled-back transaction queued', async () => {
    let id = '';
    await expect(
      database().db.transaction(async (tx) => {
        id = (
          await queueEmail(tx, {
            organizationId: null,
            to: 'annule@famille.tg',
            subject: 'Annulé',
            text: 'Rien',
            template: 'test.email',
          })
        ).id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await run(sendJob(), id);
    expect(smtp.received).toEqual([]);
  });
});
