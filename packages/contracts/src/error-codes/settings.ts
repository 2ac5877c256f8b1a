import { SettingsMessages } from '../settings';
import { defineError } from './define';

const megabytes = (bytes: number) => `${bytes} Mo`;

/** « Paramètres »: details, bank, KYC, appearance, plan (module `settings`, auth's invitations). */
export const settingsErrors = {
  /** 400 — a RIB that is not 24 characters of the UEMOA shape (field `rib`). */
  BANK_RIB_INVALID: defineError(400, SettingsMessages.ribInvalid),
  /** 400 — a RIB of the right shape whose key (mod 97) is wrong (field `rib`). */
  BANK_RIB_KEY_INVALID: defineError(400, SettingsMessages.ribKeyInvalid),
  /** 400 — an IBAN whose check digits (mod 97) or length are wrong (field `iban`). */
  BANK_IBAN_INVALID: defineError(400, SettingsMessages.ibanInvalid),
  /** 400 — a BIC that is not 8 or 11 characters of the ISO 9362 shape (field `bic`). */
  BANK_BIC_INVALID: defineError(400, SettingsMessages.bicInvalid),
  /** 400 — bank details with neither RIB nor IBAN (field `rib`). */
  BANK_ACCOUNT_REQUIRED: defineError(400, SettingsMessages.accountRequired),
  /** 400 — the member's password, asked to change the bank details, is wrong (field `password`). */
  BANK_PASSWORD_INVALID: defineError(400, SettingsMessages.passwordInvalid),
  /** 400 — a KYC file that is no PDF, JPEG or PNG by its bytes (a renamed file). */
  KYC_FILE_TYPE_INVALID: defineError(400, SettingsMessages.kycFileTypeInvalid),
  /** 413 — a KYC file over the limit. */
  KYC_FILE_TOO_LARGE: defineError<{ maxMegabytes: number }>(
    413,
    ({ maxMegabytes }) =>
      `Ce fichier dépasse ${megabytes(maxMegabytes)} : réduisez-le ou scannez-le en plus basse résolution.`,
  ),
  /** 400 — a KYC upload without its file (or without its kind). */
  KYC_FILE_REQUIRED: defineError(400, SettingsMessages.kycFileRequired),
  /** 404 — no KYC document with that id in the school. */
  KYC_DOCUMENT_NOT_FOUND: defineError(404, SettingsMessages.kycDocumentNotFound),
  /** 400 — the operator refusing a KYC document without a reason. */
  KYC_REFUSAL_REASON_REQUIRED: defineError(400, SettingsMessages.kycRefusalReasonRequired),
  /** 400 — a logo that is no PNG, JPEG or WebP sharp can read (renamed file, bomb, too many pixels). */
  LOGO_NOT_AN_IMAGE: defineError(400, SettingsMessages.logoNotAnImage),
  /** 413 — a logo file over the limit. */
  LOGO_TOO_LARGE: defineError<{ maxMegabytes: number }>(
    413,
    ({ maxMegabytes }) => `Le logo ne doit pas dépasser ${megabytes(maxMegabytes)}.`,
  ),
  /** 400 — a logo upload without its file. */
  LOGO_REQUIRED: defineError(400, SettingsMessages.logoRequired),
  /** 404 — the public logo of a school that has none. */
  LOGO_NOT_FOUND: defineError(404, SettingsMessages.logoNotFound),
  /** 400 — a main colour that is not #RRGGBB (field `brandColor`). */
  APPEARANCE_COLOR_INVALID: defineError(400, SettingsMessages.colorInvalid),
  /** 409 — inviting (or reactivating) a member beyond the plan's users (Découverte: 5). */
  PLAN_MEMBER_LIMIT_REACHED: defineError<{ limit: number }>(
    409,
    ({ limit }) =>
      `Votre formule Découverte permet ${limit} utilisateurs : désactivez un membre ou passez à la formule Croissance.`,
  ),
  /** 409 — moving to a plan that allows fewer users than the school has (members + invitations). */
  PLAN_MEMBER_LIMIT_EXCEEDED: defineError<{ limit: number; members: number }>(
    409,
    ({ limit, members }) =>
      `Cette formule permet ${limit} utilisateurs et votre école en compte ${members} (invitations en attente comprises) : désactivez des membres d'abord.`,
  ),
};
