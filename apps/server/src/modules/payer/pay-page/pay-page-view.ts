import { PayerMessages } from '@ecolage/contracts';
import { html, type Html } from '../../../platform/http/html';
import { schoolIntro } from '../payer-page';

/**
 * The school's pay page and its one-time code page, as HTML: plain forms that post without
 * script, French, with the shared payer classes (`.card`, `.stack`, `.field`, `.btn`, `.notice`,
 * `.alert`, `.muted`).
 */

export const PAY_PAGE_TITLE = 'Payer les frais de scolarité';
export const CODE_PAGE_TITLE = 'Saisissez le code reçu par SMS';

export function payPageAddress(slug: string): string {
  return `/payer/${encodeURIComponent(slug)}`;
}

export function codePageAddress(slug: string, codeId: string): string {
  return `${payPageAddress(slug)}/code/${encodeURIComponent(codeId)}`;
}

/** Why a form was refused as a whole, read out when the page opens. */
export function alertOf(message: string | undefined): Html | '' {
  return message ? html`<p class="alert" role="alert">${message}</p>` : '';
}

export interface FieldView {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  /** The input's own attributes (type, autocomplete…), written by the code. */
  attributes: Html;
}

/** A required input with its label, hint and error, tied together for screen readers. */
export function field(view: FieldView): Html {
  const described = [`${view.id}-aide`, view.error ? `${view.id}-erreur` : null]
    .filter(Boolean)
    .join(' ');
  return html`<div class="field">
    <label for="${view.id}">${view.label}</label>
    <input
      id="${view.id}"
      name="${view.name}"
      value="${view.value}"
      required
      aria-describedby="${described}"
      ${view.error ? html`aria-invalid="true"` : ''}
      ${view.attributes}
    />
    <p class="hint" id="${view.id}-aide">${view.hint}</p>
    ${view.error ? html`<p class="error" id="${view.id}-erreur">${view.error}</p>` : ''}
  </div>`;
}

export interface PayFormView {
  slug: string;
  /** The school's introduction (« Pages »), plain text. */
  intro?: string | null;
  matricule?: string;
  phone?: string;
  errors?: { matricule?: string; phone?: string };
  /** Why the request was refused as a whole (too many codes). */
  alert?: string;
}

/** « Payer les frais de scolarité »: the matricule, the phone, « Recevoir un code par SMS ». */
export function payFormBody(view: PayFormView): Html {
  return html`<section class="card stack" aria-labelledby="titre">
    <h1 id="titre">${PAY_PAGE_TITLE}</h1>
    ${schoolIntro({ publicIntro: view.intro ?? null })}
    <p class="muted">
      Saisissez le matricule de l’élève et votre numéro de téléphone. Si ce numéro est enregistré à
      l’école pour cet élève, vous recevez par SMS un code pour voir ses factures et les payer par
      mobile money ou par carte, sans créer de compte.
    </p>
    ${alertOf(view.alert)}
    <form class="stack" method="post" action="${payPageAddress(view.slug)}/code">
      ${field({
        id: 'matricule',
        name: 'matricule',
        label: 'Matricule de l’élève',
        hint: 'Par exemple STU-015 : il figure sur les factures et les reçus de l’école.',
        value: view.matricule ?? '',
        error: view.errors?.matricule,
        attributes: html`type="text" autocomplete="off" autocapitalize="characters"
        spellcheck="false" maxlength="64"`,
      })}
      ${field({
        id: 'telephone',
        name: 'phone',
        label: 'Votre numéro de téléphone',
        hint: 'Le numéro donné à l’école, par exemple 90 12 34 56 ou +228 90 12 34 56.',
        value: view.phone ?? '',
        error: view.errors?.phone,
        attributes: html`type="tel" autocomplete="tel" inputmode="tel" maxlength="30"`,
      })}
      <button class="btn btn-primary" type="submit">Recevoir un code par SMS</button>
    </form>
  </section>`;
}

export interface CodeFormView {
  slug: string;
  codeId: string;
  /** The first view: the code may be on its way. */
  justSent?: boolean;
  /** The code cannot be used any more: only « Demander un nouveau code » is left. */
  closed?: boolean;
  alert?: string;
  /** What is wrong with what was typed (not six digits). */
  error?: string;
}

/** « Saisissez le code reçu par SMS »: six digits, « Valider », « Renvoyer un code ». */
export function codeFormBody(view: CodeFormView): Html {
  const back = payPageAddress(view.slug);
  return html`<section class="card stack" aria-labelledby="titre">
    <h1 id="titre">${CODE_PAGE_TITLE}</h1>
    ${view.justSent ? html`<p class="notice" role="status">${PayerMessages.codeSent}</p>` : ''}
    ${alertOf(view.alert)}
    ${
      view.closed
        ? html`<a class="btn btn-primary" href="${back}">Demander un nouveau code</a>`
        : html`<form
              class="stack"
              method="post"
              action="${codePageAddress(view.slug, view.codeId)}"
            >
              ${field({
                id: 'code',
                name: 'code',
                label: 'Code à 6 chiffres',
                hint: 'Le code du SMS, sans espace.',
                value: '',
                error: view.error,
                attributes: html`type="text" inputmode="numeric" autocomplete="one-time-code"
                pattern="[0-9]{6}" maxlength="6" autofocus`,
              })}
              <button class="btn btn-primary" type="submit">Valider</button>
            </form>
            <p><a class="btn btn-link" href="${back}">Renvoyer un code</a></p>`
    }
  </section>`;
}

/** An unknown or archived school. */
export function schoolNotFoundBody(): Html {
  return html`<section class="card stack" aria-labelledby="titre">
    <h1 id="titre">${PayerMessages.schoolNotFound}</h1>
    <p class="muted">
      Vérifiez l’adresse de la page de paiement : elle figure sur les factures, les reçus et les
      affiches de l’école.
    </p>
  </section>`;
}
