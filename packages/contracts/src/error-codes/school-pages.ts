import { SchoolPagesMessages } from '../school-pages';
import { defineError } from './define';

/** The school's public pages: address, wallets offered, pre-registration (« Pages »). */
export const schoolPagesErrors = {
  /** 409 — a school address (slug) another school has, or had (its old address still redirects). */
  SCHOOL_SLUG_TAKEN: defineError(409, SchoolPagesMessages.slugTaken),
  /** 400 — a school address that is one of the site's reserved words (admin, api, payer…). */
  SCHOOL_SLUG_RESERVED: defineError(400, SchoolPagesMessages.slugReserved),
  /** 400 — offering a wallet the deployment has no provider for. */
  WALLET_NOT_IN_DEPLOYMENT: defineError(400, SchoolPagesMessages.walletNotInDeployment),
  /** 403 — a pre-registration posted while the school has closed its online form. */
  ADMISSIONS_CLOSED: defineError(403, SchoolPagesMessages.admissionsClosed),
  /** 400 — a pre-registration for a programme the school does not open to the online form. */
  ADMISSION_PROGRAMME_NOT_OFFERED: defineError(400, SchoolPagesMessages.programmeNotOffered),
};
