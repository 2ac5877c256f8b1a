import { SCHOOL_SEARCH_MAX_LENGTH, SchoolFinderMessages } from '@ecolage/contracts';
import { html, type Html } from '../../../platform/http/html';
import type { FoundSchool } from '../../organizations';
import { schoolInitials } from '../../receipts';
import { alertOf, field, payPageAddress } from '../pay-page/pay-page-view';
import { brandStyle } from '../payer-page';

/**
 * `/form` as HTML: the search by name or city (a GET form: the results have an address, the back
 * button works, nothing is posted) and the schools found, each with « Payer » and « Pré-inscrire ».
 */

export const FINDER_ADDRESS = '/form';
export const FINDER_TITLE = 'Trouver l’école de votre enfant';

export interface SchoolFinderView {
  /** The term as typed, kept in the field. */
  term?: string;
  /** What is wrong with the term (the spec's form-builder rules). */
  error?: string;
  /** Why the search was refused as a whole (too many searches). */
  alert?: string;
  /** The search's answer, when one was made. */
  found?: { schools: FoundSchool[]; more: boolean };
}

function registrationAddress(slug: string): string {
  return `/inscription/${encodeURIComponent(slug)}`;
}

function schoolCard(school: FoundSchool, index: number): Html {
  const nameId = `ecole-${index + 1}`;
  return html`<li class="card finder-school" style="${brandStyle(school.brandColor)}">
    <div class="finder-name">
      <span class="finder-badge" aria-hidden="true">${schoolInitials(school.name)}</span>
      <div>
        <h3 id="${nameId}">${school.name}</h3>
        ${school.city ? html`<p class="muted">${school.city}</p>` : ''}
      </div>
    </div>
    <div class="finder-actions">
      <a class="btn btn-primary" href="${payPageAddress(school.slug)}" aria-describedby="${nameId}"
        >Payer</a
      >
      <a
        class="btn btn-secondary"
        href="${registrationAddress(school.slug)}"
        aria-describedby="${nameId}"
        >Pré-inscrire</a
      >
    </div>
  </li>`;
}

function resultsOf(term: string, found: NonNullable<SchoolFinderView['found']>): Html {
  const count = found.schools.length;
  if (count === 0) {
    return html`<section class="stack" aria-labelledby="resultats">
      <h2 id="resultats">Aucune école trouvée pour «&nbsp;${term}&nbsp;»</h2>
      <p class="muted">${SchoolFinderMessages.noMatch}</p>
    </section>`;
  }
  return html`<section class="stack" aria-labelledby="resultats">
    <h2 id="resultats">${count} école${count > 1 ? 's' : ''} trouvée${count > 1 ? 's' : ''}</h2>
    ${found.more ? html`<p class="notice">${SchoolFinderMessages.moreMatches}</p>` : ''}
    <ul class="list finder-list">
      ${found.schools.map(schoolCard)}
    </ul>
  </section>`;
}

/** The search card, then what it found. */
export function schoolFinderBody(view: SchoolFinderView): Html {
  return html`<section class="card stack" aria-labelledby="titre">
      <h1 id="titre">${FINDER_TITLE}</h1>
      <p class="muted">
        Pour payer les frais de scolarité ou pré-inscrire un élève sans le lien envoyé par l’école :
        cherchez l’école par son nom ou par sa ville.
      </p>
      ${alertOf(view.alert)}
      <form class="stack" method="get" action="${FINDER_ADDRESS}" role="search" novalidate>
        ${field({
          id: 'recherche',
          name: 'q',
          label: 'Nom ou ville de l’école',
          hint: 'Au moins 2 lettres, par exemple «\u00a0École Démo\u00a0» ou «\u00a0Lomé\u00a0».',
          value: view.term ?? '',
          error: view.error,
          attributes: html`type="search" autocomplete="off" spellcheck="false" enterkeyhint="search"
          maxlength="${SCHOOL_SEARCH_MAX_LENGTH}"`,
        })}
        <button class="btn btn-primary" type="submit">Rechercher</button>
      </form>
    </section>
    ${view.found && view.term ? resultsOf(view.term, view.found) : ''}`;
}
