// The « Boîte mail » page, beside the téléphone: the e-mails Écolage sent through the sandbox's
// SMTP server, read as a person reads mail — the list (from, to, subject, date), then one message:
// its HTML part in a sandboxed frame (no scripts, no access to this page; links open in a new
// tab), its text part, its attachments to download.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { esc, linkify, page } from './html';
import type { MailStore, SandboxMail } from './mail-store';

/** What a message's HTML may do inside its frame: show itself, with its inline styles and images. */
const MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
/** This page's own policy: no scripts at all (the frame is an srcdoc, it inherits it). */
const PAGE_CSP = `${MAIL_CSP}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** Nav between the sandbox's two devices; the current one is not a link. */
export function devicesNav(current: 'telephone' | 'mail'): string {
  const item = (key: typeof current, href: string, label: string) =>
    key === current
      ? `<strong aria-current="page">${label}</strong>`
      : `<a href="${href}">${label}</a>`;
  return `<nav class="devices" aria-label="Appareils du bac à sable">${item('telephone', '/telephone', 'Téléphone')} · ${item('mail', '/boite-mail', 'Boîte mail')}</nav>`;
}

/** `26/11/2026 à 14:05 (UTC)`. */
function formatDateTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} à ${iso.slice(11, 16)} (UTC)`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} ko`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} Mo`;
}

function subjectOf(mail: SandboxMail): string {
  return mail.subject.trim() || '(sans objet)';
}

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('referrer-policy', 'no-referrer')
    .type('text/html')
    .send(html);
}

function renderList(store: MailStore, address: string): string {
  const mails = store.list(address);
  const form = `<form method="get" action="/boite-mail" class="card">
<label for="adresse">Adresse e-mail</label>
<input id="adresse" name="adresse" type="email" autocomplete="email" value="${esc(address)}" placeholder="Toutes les adresses">
<div class="actions"><button class="secondary">Afficher</button><a class="button secondary" href="${esc(`/boite-mail${address ? `?adresse=${encodeURIComponent(address)}` : ''}`)}">Actualiser</a></div>
</form>`;
  const items = mails.length
    ? `<ul class="plain">${mails
        .map(
          (
            mail,
          ) => `<li><a href="/boite-mail/${esc(mail.id)}"><strong>${esc(subjectOf(mail))}</strong></a><br>
<span class="muted">De : ${esc(mail.from)}<br>À : ${esc(mail.to.join(', '))}<br>${esc(formatDateTime(mail.receivedAt))}${mail.attachments.length ? ` · ${mail.attachments.length} pièce(s) jointe(s)` : ''}</span></li>`,
        )
        .join('')}</ul>`
    : `<p class="muted">Aucun e-mail${address ? ' pour cette adresse' : ''} pour l’instant.</p>`;
  return page(
    'Boîte mail',
    `${devicesNav('mail')}
<h1>Boîte mail</h1>
<p class="muted">Les e-mails qu'Écolage envoie au serveur SMTP du bac à sable.</p>
${form}
<h2>Messages reçus (${mails.length})</h2>
<section class="card">${items}</section>`,
  );
}

function renderMail(mail: SandboxMail): string {
  const frame = mail.html
    ? `<iframe class="mail" sandbox="allow-popups allow-popups-to-escape-sandbox" title="${esc(`Message : ${subjectOf(mail)}`)}" srcdoc="${esc(
        `<meta http-equiv="Content-Security-Policy" content="${MAIL_CSP}"><base target="_blank">${mail.html}`,
      )}"></iframe>`
    : '<p class="muted">Ce message n’a pas de partie HTML.</p>';
  const text = mail.text
    ? `<pre class="card mail-text">${linkify(mail.text, true)}</pre>`
    : '<p class="muted">Ce message n’a pas de partie texte.</p>';
  const attachments = mail.attachments.length
    ? `<ul class="plain card">${mail.attachments
        .map(
          (attachment, index) =>
            `<li><a href="/boite-mail/${esc(mail.id)}/pieces/${index}" download="${esc(attachment.filename)}">${esc(attachment.filename)}</a><br><span class="muted">${esc(attachment.contentType)} · ${esc(formatSize(attachment.size))}</span></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">Aucune pièce jointe.</p>';
  return page(
    subjectOf(mail),
    `${devicesNav('mail')}
<p><a href="/boite-mail">← Tous les messages</a></p>
<h1>${esc(subjectOf(mail))}</h1>
<dl class="card headers">
<dt>De</dt><dd>${esc(mail.from)}</dd>
<dt>À</dt><dd>${esc(mail.to.join(', '))}</dd>
<dt>Date</dt><dd>${esc(formatDateTime(mail.receivedAt))}</dd>
</dl>
<h2>Message</h2>
${frame}
<h2>Version texte</h2>
${text}
<h2>Pièces jointes</h2>
${attachments}`,
  );
}

/** A content type safe to send back as is; anything else is a plain download. */
function safeContentType(type: string): string {
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';
}

export function mailboxRoutes(store: MailStore): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { adresse?: string } }>('/boite-mail', async (request, reply) =>
      sendHtml(reply, renderList(store, (request.query.adresse ?? '').trim().slice(0, 320))),
    );

    app.get<{ Params: { id: string } }>('/boite-mail/:id', async (request, reply) => {
      const mail = store.byId(request.params.id);
      if (!mail) {
        return sendHtml(
          reply,
          page(
            'Message introuvable',
            `${devicesNav('mail')}\n<h1>Message introuvable</h1>\n<p><a href="/boite-mail">← Tous les messages</a></p>`,
          ),
          404,
        );
      }
      return sendHtml(reply, renderMail(mail));
    });

    app.get<{ Params: { id: string; index: string } }>(
      '/boite-mail/:id/pieces/:index',
      async (request, reply) => {
        const attachment = store.byId(request.params.id)?.attachments[Number(request.params.index)];
        if (!attachment) return reply.code(404).type('text/plain').send('Pièce jointe introuvable');
        const ascii = attachment.filename.normalize('NFD').replace(/[^\w.-]+/g, '_');
        return reply
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(attachment.filename)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .type(safeContentType(attachment.contentType))
          .send(Buffer.from(attachment.content, 'base64'));
      },
    );

    // The same for tests and scripts: the mails (newest first), without the attachments' bytes.
    app.get<{ Querystring: { to?: string } }>('/__sim/mails', async (request) => ({
      mails: store.list(request.query.to).map((mail) => ({
        ...mail,
        attachments: mail.attachments.map(({ content: _content, ...rest }) => rest),
      })),
    }));
  };
}
