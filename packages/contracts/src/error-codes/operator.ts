import { OperatorMessages } from '../operator';
import { defineError } from './define';

/** The platform operator's console (module `operator`, and the auth plugin's `operator` rule). */
export const operatorErrors = {
  /** 403 — a signed-in person who is not a platform operator calling an operator route. */
  OPERATOR_ONLY: defineError(403, OperatorMessages.operatorOnly),
  /** 403 — an operator's session without a school calling a school's route. */
  OPERATOR_NO_SCHOOL: defineError(403, OperatorMessages.noSchool),
  /** 404 — no school with that id. */
  OPERATOR_SCHOOL_NOT_FOUND: defineError(404, OperatorMessages.schoolNotFound),
  /** 404 — no KYC document with that id in that school. */
  OPERATOR_KYC_DOCUMENT_NOT_FOUND: defineError(404, OperatorMessages.kycDocumentNotFound),
  /** 404 — no contact message with that id. */
  CONTACT_MESSAGE_NOT_FOUND: defineError(404, OperatorMessages.contactMessageNotFound),
  /** 422 — a new provider fee rate starting before today (rates are appended, never backdated). */
  FEE_RATE_IN_PAST: defineError(422, OperatorMessages.feeRateInPast),
  /** 422 — a fee rate naming a wallet its provider does not carry. */
  FEE_WALLET_MISMATCH: defineError(422, OperatorMessages.feeWalletMismatch),
  /** 409 — a second rate for the same provider, wallet and day. */
  FEE_RATE_EXISTS: defineError(409, OperatorMessages.feeRateExists),
};
