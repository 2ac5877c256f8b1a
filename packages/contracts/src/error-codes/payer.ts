import { PayerMessages } from '../payer';
import { ReceiptMessages } from '../receipts';
import { defineError } from './define';

/** Payment links, QR codes, the payer's pages (module `payer`) and schools (module `organizations`). */
export const payerErrors = {
  /** 404 — no school at that address (pay page, QR poster). */
  SCHOOL_NOT_FOUND: defineError(404, PayerMessages.schoolNotFound),
  /** 404 — no school with that slug (public school page). */
  SCHOOL_ADDRESS_NOT_FOUND: defineError(404, 'Aucune école ne correspond à cette adresse.'),
  /** 409 — two schools of the same name created at once took every free address. */
  SCHOOL_SLUG_BUSY: defineError(
    409,
    'Plusieurs écoles de ce nom sont créées en ce moment : réessayez dans un instant.',
  ),
  /** 409 — a payment link for a student without a paying guardian. */
  NO_MAIN_PAYER: defineError(409, 'Cet étudiant n’a pas de responsable payeur : ajoutez-en un.'),
  /** 409 — a class QR sheet for a level nobody is enrolled in this year. */
  NOBODY_ENROLLED: defineError(
    409,
    'Aucun étudiant n’est inscrit dans ce niveau pour l’année scolaire en cours.',
  ),
  /** 422 — a payer's link form naming an invoice the link does not cover. */
  INVOICE_NOT_IN_LINK: defineError(422, PayerMessages.invoiceNotInLink),
  /** 422 — a payer's link form with a wallet the school does not offer. */
  WALLET_NOT_OFFERED: defineError(422, PayerMessages.walletNotOffered),
  /** 422 — a payer's link form sent again after its payment, changed (its key is used). */
  PAYER_FORM_EXPIRED: defineError(422, PayerMessages.formExpired),
};

/** Receipts and their public verification (module `receipts`). */
export const receiptErrors = {
  /** 404 — no receipt with that id in the school. */
  RECEIPT_NOT_FOUND: defineError(404, ReceiptMessages.receiptNotFound),
  /** 404 — a verification code that matches no receipt. */
  RECEIPT_VERIFICATION_NOT_FOUND: defineError(404, ReceiptMessages.verificationNotFound),
  /** 422 — an archive of more than 5 000 receipts. */
  RECEIPT_ARCHIVE_TOO_LARGE: defineError(422, ReceiptMessages.archiveTooLarge),
  /** 404 — an archive of a period without receipts. */
  RECEIPT_ARCHIVE_EMPTY: defineError(404, ReceiptMessages.archiveEmpty),
};
