import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveUpload } from '../../platform/storage';
import { registerSchool } from '../../test/auth-helpers';
import { testFileStorage, useTestApp } from '../../test/test-app';
import { LOGO_FOLDER } from '../organizations';
import { configureEmailTransport, createMessaging, queueEmail } from './index';
import { startTestSmtpServer } from './smtp-server.test-support';

const quiet = { info: () => {}, error: () => {} };

describe('a school’s e-mails carry its colour and its logo (inline), Écolage’s its own', () => {
  const { app, database } = useTestApp();
  const files = testFileStorage(path.join(tmpdir(), `ecolage-email-logos-${process.pid}`));
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    configureEmailTransport({ smtpUrl: smtp.url, from: 'Écolage <no-reply@ecolage.test>' });
  });
  afterAll(async () => {
    configureEmailTransport(null);
    await smtp.close();
  });

  const send = async (organizationId: string | null, to: string) => {
    const message = await queueEmail(database().db, {
      organizationId,
      to,
      subject: 'Reçu de paiement',
      text: 'Bonjour,\n\nVotre reçu : https://ecolage.tg/verifier/abc',
      template: 'test.email',
    });
    const job = createMessaging(database().db, files).jobs.find(
      (candidate) => candidate.name === 'messaging.send-email',
    )!;
    await job.run({ messageId: message.id }, { id: 'job-1', attempt: 1, logger: quiet });
    const mail = smtp.received.find(
      (received) => received.to && 'text' in received.to && received.to.text === to,
    );
    expect(mail).toBeDefined();
    return mail!;
  };

  it('heads a school’s e-mail with its band, readable name and 96 px logo as a cid: attachment', async () => {
    const school = await registerSchool(app(), { schoolName: 'Collège Soleil' });
    const logo = await sharp({
      create: { width: 600, height: 300, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const stored = await saveUpload(files, LOGO_FOLDER, logo, 'png');
    await database().db.execute(sql`update organizations
      set brand_color = '#F4D35E', logo_file = ${stored}, logo_version = 'v1'
      where id = ${school.organizationId}`);

    const mail = await send(school.organizationId, 'parent@exemple.tg');
    expect(mail.html).toContain('background:#F4D35E');
    // Near-black on a light yellow.
    expect(mail.html).toMatch(/color:#1F2430">Collège Soleil<\/td>/);
    // The test's mail parser turns the cid: into the attachment's data: address.
    expect(mail.html).toMatch(
      /<img src="(cid:logo-ecole@ecolage|data:image\/png;base64,[^"]+)" alt="Collège Soleil" width="48" height="48"/,
    );
    const inline = mail.attachments.find((attachment) => attachment.cid === 'logo-ecole@ecolage');
    expect(inline?.contentType).toBe('image/png');
    const size = await sharp(inline!.content).metadata();
    expect([size.width, size.height]).toEqual([96, 48]);
    // The text part is the text as written.
    expect(mail.text).toContain('Votre reçu : https://ecolage.tg/verifier/abc');
  });

  it('keeps a school without a logo to its colour and name, and account messages to Écolage', async () => {
    const school = await registerSchool(app(), { schoolName: 'École Sans Logo' });
    await database().db.execute(
      sql`update organizations set brand_color = '#1E3A8A' where id = ${school.organizationId}`,
    );
    const mail = await send(school.organizationId, 'famille@exemple.tg');
    expect(mail.html).toContain('background:#1E3A8A');
    expect(mail.html).toMatch(/color:#FFFFFF">École Sans Logo<\/td>/);
    expect(mail.html).not.toContain('<img');
    expect(mail.attachments).toHaveLength(0);

    const account = await send(null, 'compte@exemple.tg');
    expect(account.html).toContain('border-bottom:3px solid #047857');
    expect(account.html).not.toContain('border-radius:12px 12px 0 0');
  });
});
