import {
  AdmissionMessages,
  SchoolPagesMessages,
  applicantCountryLabels,
  applicantCountryValues,
  applicantGenderLabels,
  applicantGenderValues,
} from '@ecolage/contracts';
import { html, type Html } from '../../platform/http/html';
import { schoolIntro } from '../payer';
import type {
  AdmissionErrors,
  AdmissionField,
  OfferedProgramme,
  TypedAdmission,
} from './admission-form.service';

/**
 * The pre-registration form as HTML: a plain form that posts without script, French, with the
 * payer pages' classes (`.card`, `.stack`, `.field`, `.hint`, `.error`, `.btn`, `.notice`,
 * `.alert`, `.muted`). Each field's error is under it and named by its `aria-describedby`.
 */

export function admissionFormAddress(slug: string): string {
  return `/inscription/${encodeURIComponent(slug)}`;
}

export function admissionTitle(schoolName: string): string {
  return `Demande d’inscription — ${schoolName}`;
}

export interface AdmissionFormView {
  slug: string;
  schoolName: string;
  yearLabel: string | null;
  /** The school accepts online requests (« Pages »); closed: the page says so, no form. */
  open: boolean;
  /** The school's introduction (« Pages »), plain text. */
  intro?: string | null;
  programmes: OfferedProgramme[];
  /** The school's calendar day: the birth date's picker stops there. */
  today?: string;
  values?: Partial<TypedAdmission>;
  errors?: AdmissionErrors;
  /** Why the whole form was refused (too many requests). */
  alert?: string;
  /**
   * The campaign touch of the link the page was opened through (marketing's signed token): in
   * the hidden field, and kept by the payer script for a later visit (last touch wins).
   */
  campaignTouch?: string | null;
}

interface Control {
  id: string;
  name: AdmissionField;
  label: string;
  hint?: string;
  error: string | undefined;
}

function described(control: Control): Html {
  const ids = [
    control.hint ? `${control.id}-aide` : null,
    control.error ? `${control.id}-erreur` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return html`${ids ? html`aria-describedby="${ids}"` : ''}
  ${control.error ? html`aria-invalid="true"` : ''}`;
}

function field(control: Control, input: Html): Html {
  return html`<div class="field">
    <label for="${control.id}">${control.label}</label>
    ${input}
    ${control.hint ? html`<p class="hint" id="${control.id}-aide">${control.hint}</p>` : ''}
    ${control.error ? html`<p class="error" id="${control.id}-erreur">${control.error}</p>` : ''}
  </div>`;
}

function textField(control: Control, value: string, attributes: Html): Html {
  return field(
    control,
    html`<input
      id="${control.id}"
      name="${control.name}"
      value="${value}"
      required
      ${described(control)}
      ${attributes}
    />`,
  );
}

/** « Date de naissance »: optional, a date picker up to today (typed JJ/MM/AAAA also accepted). */
function birthDateField(control: Control, value: string, today: string | undefined): Html {
  return field(
    control,
    html`<input
      id="${control.id}"
      name="${control.name}"
      type="date"
      value="${value}"
      min="1900-01-01"
      ${today ? html`max="${today}"` : ''}
      autocomplete="bday"
      ${described(control)}
    />`,
  );
}

/** « Code promo (facultatif) »: the school's coupon, checked when the request is sent. */
function couponField(control: Control, value: string): Html {
  return field(
    control,
    html`<input
      id="${control.id}"
      name="${control.name}"
      value="${value}"
      type="text"
      maxlength="30"
      autocomplete="off"
      autocapitalize="characters"
      spellcheck="false"
      ${described(control)}
    />`,
  );
}

/** « Recevoir les nouvelles de l'école… »: unticked unless the applicant ticked it. */
function newsField(checked: boolean): Html {
  return html`<div class="choice">
    <input id="nouvelles" name="news" type="checkbox" value="1" ${checked ? html`checked` : ''} />
    <label for="nouvelles">Recevoir les nouvelles de l’école par e-mail ou SMS</label>
  </div>`;
}

function option(value: string, label: string, chosen: string): Html {
  const selected = value === chosen ? html`selected` : '';
  return html`<option value="${value}" ${selected}>${label}</option>`;
}

function selectField(control: Control, options: Html): Html {
  return field(
    control,
    html`<select id="${control.id}" name="${control.name}" required ${described(control)}>
      ${options}
    </select>`,
  );
}

/** « Demande d'inscription — <école> »: the spec's fields, programme and level, « Envoyer la demande ». */
export function admissionFormBody(view: AdmissionFormView): Html {
  return html`<section class="card stack" aria-labelledby="titre">
    <h1 id="titre">${admissionTitle(view.schoolName)}</h1>
    ${schoolIntro({ publicIntro: view.intro ?? null })}
    ${view.open ? formPart(view) : html`<p class="notice">${SchoolPagesMessages.admissionsClosed}</p>`}
  </section>`;
}

/** The introduction of the form, its alerts and the form itself (the school accepts requests). */
function formPart(view: AdmissionFormView): Html {
  const values = view.values ?? {};
  const errors = view.errors ?? {};
  const value = (name: AdmissionField) => values[name] ?? '';
  const control = (id: string, name: AdmissionField, label: string, hint?: string): Control => ({
    id,
    name,
    label,
    hint,
    error: errors[name],
  });
  const hasErrors = Object.values(errors).some(Boolean);
  const country = value('country') || 'TG';
  return html`<p class="muted">
      ${view.yearLabel ? `Année scolaire ${view.yearLabel}. ` : ''}Remplissez ce formulaire :
      l’école examine votre demande et vous répond par SMS et par e-mail. Une fois la demande
      acceptée, vous recevez un lien pour payer les frais d’inscription en ligne.
    </p>
    ${view.alert ? html`<p class="alert" role="alert">${view.alert}</p>` : ''}
    ${
      hasErrors
        ? html`<p class="alert" role="alert">Corrigez les champs signalés ci-dessous.</p>`
        : ''
    }
    ${
      view.programmes.length === 0
        ? html`<p class="notice">
            L’école ne propose pas encore d’inscription en ligne. Contactez-la directement.
          </p>`
        : html`<form
            class="stack"
            method="post"
            action="${admissionFormAddress(view.slug)}"
            novalidate
            data-admission-form
          >
            ${textField(
              control('nom', 'name', 'Nom', 'Votre nom et vos prénoms, comme sur vos papiers.'),
              value('name'),
              html`type="text" autocomplete="name" maxlength="120"`,
            )}
            ${textField(
              control('email', 'email', 'E-mail'),
              value('email'),
              html`type="email" autocomplete="email" maxlength="254" spellcheck="false"`,
            )}
            ${textField(
              control(
                'telephone',
                'phone',
                'Téléphone',
                'Chiffres uniquement, par exemple 90123456.',
              ),
              value('phone'),
              html`type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="tel-national"
              maxlength="15"`,
            )}
            ${selectField(
              control('genre', 'gender', 'Genre'),
              html`${option('', 'Choisissez…', value('gender'))}
              ${applicantGenderValues.map((gender) =>
                option(gender, applicantGenderLabels[gender], value('gender')),
              )}`,
            )}
            ${birthDateField(
              control(
                'naissance',
                'birthDate',
                'Date de naissance (facultatif)',
                'Celle de l’élève ou de l’étudiant, par exemple 14/03/2012.',
              ),
              value('birthDate'),
              view.today,
            )}
            ${selectField(
              control('pays', 'country', 'Pays'),
              html`${applicantCountryValues.map((code) =>
                option(code, applicantCountryLabels[code], country),
              )}`,
            )}
            ${selectField(
              control('programme', 'programmeId', 'Programme'),
              html`${option('', 'Choisissez un programme…', value('programmeId'))}
              ${view.programmes.map((programme) =>
                option(programme.id, programme.name, value('programmeId')),
              )}`,
            )}
            ${selectField(
              control(
                'niveau',
                'levelId',
                'Niveau',
                'Le niveau doit appartenir au programme choisi.',
              ),
              // Each programme's levels in a group: the script keeps only the chosen one's.
              html`${option('', 'Choisissez un niveau…', value('levelId'))}
              ${view.programmes.map(
                (programme) =>
                  html`<optgroup label="${programme.name}" data-programme="${programme.id}">
                    ${programme.levels.map((level) => option(level.id, level.name, value('levelId')))}
                  </optgroup>`,
              )}`,
            )}
            ${couponField(
              control(
                'code-promo',
                'couponCode',
                'Code promo (facultatif)',
                'Si l’école vous a donné un code, par exemple RENTREE-2026.',
              ),
              value('couponCode'),
            )}
            ${newsField(value('news') !== '')}
            <input
              type="hidden"
              name="campaignTouch"
              value="${view.campaignTouch ?? value('campaignTouch')}"
              data-campaign-touch
            />
            <div
              aria-hidden="true"
              style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden"
            >
              <label for="site-web">Ne pas remplir ce champ</label>
              <input id="site-web" type="text" name="website" tabindex="-1" autocomplete="off" />
            </div>
            <button class="btn btn-primary" type="submit">Envoyer la demande</button>
          </form>`
    }`;
}

/** After a request: what happens next. */
export function admissionReceivedBody(schoolName: string): Html {
  return html`<section class="card stack" aria-labelledby="titre">
    <h1 id="titre">${admissionTitle(schoolName)}</h1>
    <div class="status" data-outcome="success" role="status">
      <p class="status-title">Demande envoyée</p>
      <p>${AdmissionMessages.received}</p>
    </div>
    <p class="muted">Vous pouvez fermer cette page.</p>
  </section>`;
}
