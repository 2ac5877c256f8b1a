import { admin } from './fr/admin';
import { auth } from './fr/auth';
import { errors } from './fr/errors';
import { forms } from './fr/forms';
import { legal } from './fr/legal';
import { marketing } from './fr/marketing';
import { pages } from './fr/pages';
import { shell } from './fr/shell';
import type { admissions } from './fr/admissions';
import type { automations } from './fr/automations';
import type { campaigns } from './fr/campaigns';
import type { coupons } from './fr/coupons';
import type { scholarshipsTab } from './fr/scholarships-tab';
import type { marketingPage } from './fr/marketing-page';
import type { accounting } from './fr/accounting';
import type { accountingPayouts } from './fr/accounting-payouts';
import type { accountingReports } from './fr/accounting-reports';
import type { accountingJournal } from './fr/accounting-journal';
import type { accountingSettlements } from './fr/accounting-settlements';
import type { accountingReconciliation } from './fr/accounting-reconciliation';
import type { incomingCredits } from './fr/incoming-credits';
import type { audit } from './fr/audit';
import type { dashboard } from './fr/dashboard';
import type { statistics } from './fr/statistics';
import type { cashDesk } from './fr/cash-desk';
import type { invitation } from './fr/invitation';
import type { passwordReset } from './fr/password-reset';
import type { payments } from './fr/payments';
import type { paymentLinks } from './fr/payment-links';
import type { profile } from './fr/profile';
import type { programmes } from './fr/programmes';
import type { receipts } from './fr/receipts';
import type { settings } from './fr/settings';
import type { schoolPages } from './fr/school-pages';
import type { studentDetail } from './fr/student-detail';
import type { studentImport } from './fr/student-import';
import type { students } from './fr/students';
import type { team } from './fr/team';
import type { operator } from './fr/operator';
import type { search } from './fr/search';
import type { ui } from './fr/ui';

/** French, the default language: bundled with the app. Keys are grouped by feature. */
export const fr = {
  ...shell,
  ...marketing,
  ...pages,
  ...legal,
  ...auth,
  ...admin,
  ...forms,
  ...errors,
} as const;

/**
 * French strings of the admin screens (`./fr/ui`, `./fr/team`, `./fr/audit`, `./fr/profile`,
 * `./fr/programmes`, `./fr/students`, `./fr/student-detail`, `./fr/student-import`,
 * `./fr/admissions`, `./fr/payments`, `./fr/payment-links`, `./fr/dashboard`, `./fr/receipts`,
 * `./fr/cash-desk`)
 * and of the public pages reached from an e-mail or a receipt's QR code (`./fr/invitation`, `./fr/password-reset`, `./fr/receipts`).
 * The other pages never need them, so they are not bundled with the app: each screen's chunk
 * adds the ones it uses when it loads (`addFrenchStrings`). They are typed all the same.
 */
export type ScreenStrings = typeof ui &
  typeof team &
  typeof operator &
  typeof search &
  typeof audit &
  typeof profile &
  typeof programmes &
  typeof students &
  typeof studentDetail &
  typeof studentImport &
  typeof admissions &
  typeof automations &
  typeof marketingPage &
  typeof campaigns &
  typeof coupons &
  typeof scholarshipsTab &
  typeof accounting &
  typeof accountingPayouts &
  typeof accountingReports &
  typeof accountingJournal &
  typeof accountingSettlements &
  typeof accountingReconciliation &
  typeof incomingCredits &
  typeof payments &
  typeof paymentLinks &
  typeof dashboard &
  typeof statistics &
  typeof receipts &
  typeof cashDesk &
  typeof settings &
  typeof schoolPages &
  typeof invitation &
  typeof passwordReset;

/** Every French key: the bundled ones and those the admin screens add. */
export type FrenchStrings = typeof fr & ScreenStrings;

type Widen<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? readonly Widen<Item>[]
    : { readonly [Key in keyof T]: Widen<T[Key]> };

/** The shape every other language must provide, key for key. */
export type Translation = Widen<FrenchStrings>;
