import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, type SandboxSmtp } from './smtp';
import { harness, pageText, type Harness } from './sandbox.test-support';

let h: Harness;
let smtp: SandboxSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  await h.app.close();
});

const PDF = Buffer.from('%PDF-1.4\nreçu n° R-0001\n');

/** Écolage's side: nodemailer over SMTP, as the server's messaging.send-email job sends. */
async function sendInvitation(port: number, overrides: Record<string, unknown> = {}) {
  const transport = nodemailer.createTransport({ url: `smtp://127.0.0.1:${port}` });
  try {
    return await transport.sendMail({
      from: 'Écolage <no-reply@ecolage.local>',
      to: 'Komi@College.tg',
      subject: 'Afi Mensah vous invite sur Écolage (Collège Avenir)',
      text: 'Bonjour Komi,\n\nPour accepter, ouvrez ce lien :\nhttp://127.0.0.1:3000/invitation?token=abc.def\n',
      html: '<p style="color:#065f46">Bonjour <strong>Komi</strong>,</p><p><a href="http://127.0.0.1:3000/invitation?token=abc.def">Accepter</a></p><script>parent.document.body.remove()</script>',
      attachments: [{ filename: 'reçu-R-0001.pdf', contentType: 'application/pdf', content: PDF }],
      ...overrides,
    });
  } finally {
    transport.close();
  }
}

async function start(options: { dataDir?: string } = {}) {
  h = await harness(options);
  smtp = await startSmtpServer({ store: h.app.mailbox, port: 0, now: h.now });
  return smtp;
}

describe('the sandbox’s SMTP server and « Boîte mail » page', () => {
  it('receives an e-mail over SMTP and keeps its parts, its recipients and its attachments', async () => {
    const { port } = await start();
    const info = await sendInvitation(port);
    expect(info.accepted).toEqual(['Komi@college.tg']);

    const response = await h.app.inject({ method: 'GET', url: '/__sim/mails?to=komi@college.tg' });
    const [mail] = response.json().mails;
    expect(mail).toMatchObject({
      from: 'Écolage <no-reply@ecolage.local>',
      to: ['komi@college.tg'],
      subject: 'Afi Mensah vous invite sur Écolage (Collège Avenir)',
      messageId: info.messageId,
      attachments: [
        { filename: 'reçu-R-0001.pdf', contentType: 'application/pdf', size: PDF.length },
      ],
    });
    expect(mail.text).toContain('http://127.0.0.1:3000/invitation?token=abc.def');
    expect(mail.html).toContain('<strong>Komi</strong>');
    expect(
      (await h.app.inject({ method: 'GET', url: '/__sim/mails?to=autre@x.tg' })).json(),
    ).toEqual({
      mails: [],
    });
  });

  it('lists the mails, newest first, in French, beside the téléphone, without scripts', async () => {
    const { port } = await start();
    await sendInvitation(port);
    await sendInvitation(port, {
      to: 'parent@famille.tg',
      subject: 'Votre reçu R-0001 — Collège Avenir',
    });
    const response = await h.app.inject({ method: 'GET', url: '/boite-mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).not.toContain('<script');
    expect(response.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(response.body).toContain('<a href="/telephone">Téléphone</a>');
    expect(response.body).toContain('<strong aria-current="page">Boîte mail</strong>');
    expect(response.body).toContain('<label for="adresse">Adresse e-mail</label>');
    // No reload under the reader's fingers: « Actualiser » asks for the new ones.
    expect(response.body).not.toContain('http-equiv="refresh"');
    expect(response.body).toContain(
      '<a class="button secondary" href="/boite-mail">Actualiser</a>',
    );
    const text = pageText(response.body);
    expect(text).toContain('Messages reçus (2)');
    expect(text.indexOf('Votre reçu R-0001')).toBeLessThan(text.indexOf('Afi Mensah vous invite'));
    expect(text).toContain('De : Écolage &lt;no-reply@ecolage.local&gt;');
    expect(text).toContain('À : komi@college.tg');
    expect(text).toContain('02/03/2026 à 10:00 (UTC) · 1 pièce(s) jointe(s)');

    const filtered = pageText(
      (await h.app.inject({ method: 'GET', url: '/boite-mail?adresse=parent@famille.tg' })).body,
    );
    expect(filtered).toContain('Messages reçus (1)');
    expect(filtered).not.toContain('Afi Mensah vous invite');
    expect(
      pageText((await h.app.inject({ method: 'GET', url: '/boite-mail?adresse=x@y.tg' })).body),
    ).toContain('Aucun e-mail pour cette adresse');
  });

  it('shows one mail: its HTML in a sandboxed frame without scripts, its text, its attachments', async () => {
    const { port } = await start();
    await sendInvitation(port);
    const [mail] = h.app.mailbox.list();
    const response = await h.app.inject({ method: 'GET', url: `/boite-mail/${mail!.id}` });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    expect(body).toContain('<h1>Afi Mensah vous invite sur Écolage (Collège Avenir)</h1>');
    // The frame may open links in a new tab, never run scripts nor reach this page.
    const frame =
      /<iframe class="mail" sandbox="([^"]*)" title="([^"]*)" srcdoc="([^"]*)"><\/iframe>/.exec(
        body,
      );
    expect(frame?.[1]).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame?.[1]).not.toContain('allow-scripts');
    expect(frame?.[1]).not.toContain('allow-same-origin');
    expect(frame?.[2]).toBe('Message : Afi Mensah vous invite sur Écolage (Collège Avenir)');
    // The mail's HTML stays inside the attribute, escaped, under its own policy.
    expect(frame?.[3]).toContain('&lt;strong&gt;Komi&lt;/strong&gt;');
    expect(frame?.[3]).toContain('Content-Security-Policy');
    expect(body.match(/<script/g)).toBeNull();
    // The text part, its link clickable.
    expect(body).toContain(
      '<a href="http://127.0.0.1:3000/invitation?token=abc.def" target="_blank" rel="noopener noreferrer">',
    );
    expect(pageText(body)).toContain('reçu-R-0001.pdf application/pdf · 26 o');

    const download = await h.app.inject({ method: 'GET', url: `/boite-mail/${mail!.id}/pieces/0` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="rec_u-R-0001.pdf"; filename*=UTF-8''re%C3%A7u-R-0001.pdf`,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);

    expect(
      (await h.app.inject({ method: 'GET', url: `/boite-mail/${mail!.id}/pieces/3` })).statusCode,
    ).toBe(404);
    const missing = await h.app.inject({ method: 'GET', url: '/boite-mail/mail-9999' });
    expect(missing.statusCode).toBe(404);
    expect(pageText(missing.body)).toContain('Message introuvable');
  });

  it('keeps the mails across a restart when it has a data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-mails-'));
    try {
      const { port } = await start({ dataDir });
      await sendInvitation(port);
      await smtp!.close();
      smtp = undefined;
      await h.app.close();
      h = await harness({ dataDir });
      expect(h.app.mailbox.list().map((mail) => mail.subject)).toEqual([
        'Afi Mensah vous invite sur Écolage (Collège Avenir)',
      ]);
      expect(h.app.mailbox.list()[0]?.receivedAt).toBeInstanceOf(Date);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the téléphone page links to the Boîte mail', async () => {
    h = await harness();
    const response = await h.app.inject({ method: 'GET', url: '/telephone?numero=90123456' });
    expect(response.body).toContain('<a href="/boite-mail">Boîte mail</a>');
    expect(response.body).toContain('<strong aria-current="page">Téléphone</strong>');
  });
});
