import { MAX_STATEMENT_ERRORS } from '../accounting-reconciliation';
import { defineError } from './define';

/** Reconciliation with the providers' statements (module `accounting/reconciliation`). */
export const reconciliationErrors = {
  /** 400 — the upload has no `file` part, or no `source` field. */
  STATEMENT_NO_FILE: defineError(400, 'Choisissez le fichier du relevé et son opérateur.'),
  /** 413 — the file is over 20 Mo. */
  STATEMENT_TOO_LARGE: defineError(413, 'Le relevé dépasse 20 Mo.'),
  /** 422 — a zip, an Excel workbook, a PDF or other binary bytes: statements are text files. */
  STATEMENT_BINARY: defineError(
    422,
    'Ce fichier n’est pas un relevé texte (CSV ou JSON) : fichier compressé, Excel, PDF ou binaire refusé.',
  ),
  /** 422 — no line in the file besides its header. */
  STATEMENT_EMPTY: defineError(422, 'Le relevé ne contient aucune ligne de transaction.'),
  /**
   * 422 — the file is not in the chosen provider's format: `count` row-level errors (the first
   * ones in `issues`, path `ligne <n>`).
   */
  STATEMENT_INVALID: defineError<{ count?: number; source?: string }>(
    422,
    ({ count, source }) =>
      `Relevé refusé${source ? ` (${source})` : ''} : ${count ?? 'des'} erreur${
        count === 1 ? '' : 's'
      } de format${
        (count ?? 0) > MAX_STATEMENT_ERRORS
          ? ` (les ${MAX_STATEMENT_ERRORS} premières sont listées)`
          : ''
      }. Rien n’a été enregistré.`,
  ),
  /** 409 — the same statement (same content, or the same provider transaction ids) was imported already. */
  STATEMENT_ALREADY_IMPORTED: defineError<{ fileName?: string }>(
    409,
    ({ fileName }) =>
      `Ce relevé a déjà été importé${fileName ? ` (${fileName})` : ''} : rien n’a été rapproché une seconde fois.`,
  ),
  /** 404 — no reconciliation item with that id in the school. */
  RECONCILIATION_ITEM_NOT_FOUND: defineError(404, 'Écart de rapprochement introuvable.'),
  /** 409 — resolving an item already resolved. */
  RECONCILIATION_ITEM_RESOLVED: defineError(409, 'Cet écart est déjà résolu.'),
  /** 400 — a resolution that does not fit the kind of difference (fee adjustment of a missing line…). */
  RECONCILIATION_RESOLUTION_UNFIT: defineError(
    400,
    'Cette résolution ne convient pas à ce type d’écart.',
  ),
};
