import { deName, formatPhoneNational } from '@ecolage/contracts';
import { html, type Html } from '../../../platform/http/html';
import type { OptOutLinkView } from './opt-outs.service';

/**
 * The opt-out page's states: asked (a confirm button: never act on GET, link previewers open
 * links), done (with the way back), and back on. Plain forms: they work without script.
 */

/** French typography: a no-break space before « ? ». */
const NBSP = '\u00a0';

export type OptOutPageState = 'ask' | 'done' | 'already_done' | 'reactivated';

/** The recipient as the person reads it: `90 12 34 56` for a local phone, the e-mail as is. */
function recipientText(view: OptOutLinkView): string {
  const { recipient } = view.subject;
  return recipient.startsWith('+')
    ? formatPhoneNational(recipient, view.school.country)
    : recipient;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function optOutPageTitle(view: OptOutLinkView, state: OptOutPageState): string {
  return state === 'ask' || state === 'reactivated'
    ? `Ne plus recevoir ${view.what} · ${view.school.name}`
    : `Désabonnement enregistré · ${view.school.name}`;
}

export function optOutPageBody(view: OptOutLinkView, state: OptOutPageState, token: string): Html {
  const to = recipientText(view);
  const from = deName(view.school.name);
  const stop = html`<form method="post" action="/desabonnement/${token}" class="stack">
    <button type="submit" class="btn btn-primary">Confirmer le désabonnement</button>
  </form>`;
  const back = html`<form method="post" action="/desabonnement/${token}/reactiver" class="stack">
    <button type="submit" class="btn btn-secondary">Recevoir à nouveau ${view.what}</button>
  </form>`;
  const untouched = html`<p class="muted">
    Les reçus de paiement et les codes de connexion ne sont pas concernés : ils continuent
    d’arriver.
  </p>`;
  switch (state) {
    case 'ask':
      return html`<section class="card stack" aria-labelledby="titre">
        <h1 id="titre">${capitalized(view.what)}</h1>
        <p>Ne plus recevoir ${view.what} ${from} au ${to}${NBSP}?</p>
        ${untouched} ${stop}
      </section>`;
    case 'reactivated':
      return html`<section class="card stack" aria-labelledby="titre">
        <h1 id="titre">${capitalized(view.what)} réactivés</h1>
        <p role="status">Vous recevrez à nouveau ${view.what} ${from} au ${to}.</p>
        <p>Ne plus recevoir ${view.what} ${from} au ${to}${NBSP}?</p>
        ${stop}
      </section>`;
    default:
      return html`<section class="card stack" aria-labelledby="titre">
        <h1 id="titre">Désabonnement enregistré</h1>
        <p role="status">
          ${state === 'already_done' ? 'C’est déjà fait : ' : 'C’est fait : '}vous ne recevrez plus
          ${view.what} ${from} au ${to}.
        </p>
        ${untouched} ${back}
      </section>`;
  }
}
