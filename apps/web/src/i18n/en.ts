import { admin } from './en/admin';
import { auth } from './en/auth';
import { errors } from './en/errors';
import { forms } from './en/forms';
import { legal } from './en/legal';
import { marketing } from './en/marketing';
import { pages } from './en/pages';
import { shell } from './en/shell';
import { team } from './en/team';
import { operator } from './en/operator';
import { search } from './en/search';
import { ui } from './en/ui';
import { admissions } from './en/admissions';
import { automations } from './en/automations';
import { campaigns } from './en/campaigns';
import { coupons } from './en/coupons';
import { scholarshipsTab } from './en/scholarships-tab';
import { marketingPage } from './en/marketing-page';
import { accounting } from './en/accounting';
import { accountingPayouts } from './en/accounting-payouts';
import { accountingReports } from './en/accounting-reports';
import { accountingJournal } from './en/accounting-journal';
import { accountingSettlements } from './en/accounting-settlements';
import { accountingReconciliation } from './en/accounting-reconciliation';
import { incomingCredits } from './en/incoming-credits';
import { audit } from './en/audit';
import { dashboard } from './en/dashboard';
import { statistics } from './en/statistics';
import { invitation } from './en/invitation';
import { passwordReset } from './en/password-reset';
import { payments } from './en/payments';
import { paymentLinks } from './en/payment-links';
import { receipts } from './en/receipts';
import { cashDesk } from './en/cash-desk';
import { profile } from './en/profile';
import { programmes } from './en/programmes';
import { studentDetail } from './en/student-detail';
import { studentImport } from './en/student-import';
import { students } from './en/students';
import { settings } from './en/settings';
import { schoolPages } from './en/school-pages';
import type { Translation } from './fr';

/** English: loaded on demand, as its own chunk, when a reader switches language. */
export const en: Translation = {
  ...shell,
  ...marketing,
  ...pages,
  ...legal,
  ...auth,
  ...admin,
  ...forms,
  ...errors,
  ...ui,
  ...team,
  ...operator,
  ...search,
  ...audit,
  ...profile,
  ...programmes,
  ...students,
  ...studentDetail,
  ...studentImport,
  ...admissions,
  ...automations,
  ...marketingPage,
  ...campaigns,
  ...coupons,
  ...scholarshipsTab,
  ...accounting,
  ...accountingPayouts,
  ...accountingReports,
  ...accountingJournal,
  ...accountingSettlements,
  ...accountingReconciliation,
  ...incomingCredits,
  ...payments,
  ...paymentLinks,
  ...dashboard,
  ...statistics,
  ...receipts,
  ...cashDesk,
  ...invitation,
  ...passwordReset,
  ...settings,
  ...schoolPages,
};
