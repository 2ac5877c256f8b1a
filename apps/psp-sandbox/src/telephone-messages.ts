// The téléphone page's messages: SMS bubbles (sender, time, « GSM-7 · 1 SMS » badge, the status
// the sandbox reported, links a parent can follow) and WhatsApp bubbles (template, rendered text,
// « Payer » button), visibly apart; and the table of scenario numbers.
import { esc, formatTime, linkify } from './html';
import {
  PROTOCOL_LABELS,
  SCENARIO_LABELS,
  SCENARIO_NUMBERS,
  STATUS_LABELS,
  scenarioOf,
  type SimMessage,
} from './messages';
import { smsBadge } from './sms-encoding';

const ERROR_LABELS: Record<number, string> = {
  30003: 'téléphone injoignable',
  131026: 'pas de WhatsApp sur ce numéro',
  131047: 'hors de la fenêtre de 24 h',
  131049: 'non distribué par Meta',
};

function deliveryLine(message: SimMessage): string {
  if (!message.status) {
    return '<p class="delivery none">Reçu (sans accusé de réception)</p>';
  }
  const bad = message.status === 'failed' || message.status === 'undelivered';
  const code = bad && message.errorCode !== undefined ? message.errorCode : undefined;
  const why =
    code === undefined
      ? ''
      : ` (erreur ${code}${ERROR_LABELS[code] ? ` : ${ERROR_LABELS[code]}` : ''})`;
  const reports = (message.reports ?? []).filter(
    (report) => report.httpStatus !== undefined,
  ).length;
  const sent = reports
    ? ` · ${reports} accusé${reports > 1 ? 's' : ''} envoyé${reports > 1 ? 's' : ''}`
    : '';
  return `<p class="delivery${bad ? ' bad' : ''}">${esc(STATUS_LABELS[message.status])}${esc(why)}<span class="muted">${esc(sent)}</span></p>`;
}

/** A message the network did not hand to the phone: shown, dashed, its button inert. */
function lost(message: SimMessage): boolean {
  return message.status === 'failed' || message.status === 'undelivered';
}

function smsBubble(message: SimMessage): string {
  const badge =
    message.encoding && message.segments !== undefined
      ? `<span class="badge${message.encoding === 'UCS-2' ? ' ucs2' : ''}">${esc(smsBadge({ encoding: message.encoding, segments: message.segments }))}</span>`
      : '';
  return `<li class="bubble sms${lost(message) ? ' lost' : ''}" data-message="${esc(message.id)}">
<p class="meta"><strong>${esc(message.from ?? 'Expéditeur inconnu')}</strong><span>${esc(formatTime(message.receivedAt))}</span>${badge}<span class="muted">${esc(PROTOCOL_LABELS[message.protocol])}</span></p>
<p class="text">${linkify(message.body)}</p>
${deliveryLine(message)}
</li>`;
}

function whatsappBubble(message: SimMessage): string {
  const template = message.template;
  const name = template
    ? `<span>modèle <code>${esc(template.name)}</code> (${esc(template.language)})</span>`
    : '<span>message libre</span>';
  const button = template?.button
    ? template.button.url && !lost(message)
      ? `<a class="wa-button" href="${esc(template.button.url)}" rel="noreferrer">${esc(template.button.text)}</a>`
      : `<p class="muted">Bouton « ${esc(template.button.text)} »${lost(message) ? ' (message non reçu)' : ' sans adresse (webhook WhatsApp non configuré)'}.</p>`
    : '';
  return `<li class="bubble wa${lost(message) ? ' lost' : ''}" data-message="${esc(message.id)}">
<p class="meta"><span class="badge wa">WhatsApp</span>${name}<span>${esc(formatTime(message.receivedAt))}</span></p>
<p class="text">${linkify(message.body)}</p>
${button}
${deliveryLine(message)}
</li>`;
}

export function smsList(messages: SimMessage[]): string {
  return messages.length
    ? `<ul class="bubbles" aria-label="SMS reçus">${messages.map(smsBubble).join('\n')}</ul>`
    : '<p class="muted">Aucun SMS.</p>';
}

export function whatsappList(messages: SimMessage[]): string {
  return messages.length
    ? `<ul class="bubbles" aria-label="Messages WhatsApp reçus">${messages.map(whatsappBubble).join('\n')}</ul>`
    : '<p class="muted">Aucun message WhatsApp.</p>';
}

/** What the number's scenario does, when it is one. */
export function scenarioNotice(number: string): string {
  const scenario = scenarioOf(number);
  if (scenario === 'delivered') return '';
  return `<p class="notice">Numéro de scénario : ${esc(SCENARIO_LABELS[scenario])}.</p>`;
}

/** The scenario numbers, for whoever tests the product's messages. */
export function scenarioTable(): string {
  const rows = Object.entries(SCENARIO_NUMBERS)
    .map(
      ([scenario, number]) =>
        `<tr><td><a href="/telephone?numero=${encodeURIComponent(number)}">${esc(number)}</a></td><td>${esc(SCENARIO_LABELS[scenario as keyof typeof SCENARIO_LABELS])}</td></tr>`,
    )
    .join('');
  return `<details class="card"><summary>Numéros de scénario (SMS et WhatsApp)</summary>
<p class="muted">Tout autre numéro reçoit ses messages et leurs accusés « envoyé » puis « distribué » (WhatsApp : « lu » ensuite).</p>
<table class="scenarios"><thead><tr><th scope="col">Numéro</th><th scope="col">Ce qui se passe</th></tr></thead><tbody>${rows}</tbody></table>
</details>`;
}
