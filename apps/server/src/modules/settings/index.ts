/**
 * « Paramètres »: the school's identity, bank details (password, every Super administration told),
 * KYC documents and their review by the platform operator, appearance (logo, colour, theme),
 * notices and plan. The school's own columns belong to organizations (written through its index).
 */
export { settingsRoutes } from './settings.routes';
export { settingsFileRoutes } from './settings-files.routes';
export { bankChangedNoticeHandler } from './bank/bank-changed-notice';
export {
  kycStatusOfSchools,
  listSchoolKyc,
  readKycDocumentFile,
  reviewKycDocument,
  type KycReview,
} from './kyc/kyc.service';
export {
  getNotificationSettings,
  schoolNoticeRecipient,
  type SchoolNotice,
} from './notifications/notification-settings.service';
export { getSchoolPlan } from './plan/school-plan.service';
export type { KycDocument as KycDocumentRow, NotificationSettings } from './settings.tables';
