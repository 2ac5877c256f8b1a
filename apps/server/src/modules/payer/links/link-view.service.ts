import type { OnlinePaymentSettings, WalletValue } from '@ecolage/contracts';
import { addDays, dayIn } from '../../../platform/clock';
import {
  findCouponLines,
  getBillingSettings,
  listPayableInvoices,
  type PayableInvoice,
} from '../../billing';
import { findOrganizationsByIds, type Organization } from '../../organizations';
import type { PaymentsContext } from '../../payments';
import { findGuardian, findStudentCards, type StudentCard } from '../../students';
import { offeredWalletsOf } from '../offered-wallets';
import { pageSchool, type PageSchool } from '../payer-page';
import type { PaymentLinkRow } from '../payer.tables';
import { resolvePaymentLink, type LinkSigner } from './payment-links';

export interface LinkInvoice extends PayableInvoice {
  /** Due before today, in the school's calendar. */
  late: boolean;
  /** Due within the next 30 days (or late): ticked and shown at first; the rest is folded. */
  dueSoon: boolean;
  /** Its coupon lines (negative), shown under it: the balance already counts them. */
  coupons: { label: string; amount: number }[];
}

const SOON_DAYS = 30;

export interface LinkChild {
  student: StudentCard;
  invoices: LinkInvoice[];
}

/** Everything the link's page shows and its form is checked against. */
export interface LinkView {
  link: PaymentLinkRow;
  token: string;
  school: Organization;
  page: PageSchool;
  guardian: { id: string; fullName: string; phone: string };
  /** The children with something to pay, by name; only the link's student on a student's link. */
  children: LinkChild[];
  online: OnlinePaymentSettings;
  wallets: WalletValue[];
}

export type LinkLookup =
  | { ok: true; view: LinkView }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; school: Organization };

/**
 * What a payment link opens, read afresh on every visit: the school, the guardian, the open
 * invoices of their children (or of the link's student), the school's rules for paying online
 * and the wallets it can collect with.
 */
export async function loadLinkView(
  context: PaymentsContext,
  signer: LinkSigner,
  token: string,
): Promise<LinkLookup> {
  const { db } = context;
  const resolved = await resolvePaymentLink(db, signer, token, context.now());
  const link = resolved.link;
  if (!link) return { ok: false, reason: 'invalid' };
  const [school] = await findOrganizationsByIds(db, [link.organizationId]);
  if (!school || school.archivedAt) return { ok: false, reason: 'invalid' };
  if (!resolved.ok) return { ok: false, reason: 'expired', school };

  const guardian = await findGuardian(db, school.id, link.guardianId);
  if (!guardian) return { ok: false, reason: 'invalid' };
  const payable = (await listPayableInvoices(db, school.id, guardian.id, [])).filter(
    (invoice) => link.studentId === null || invoice.studentId === link.studentId,
  );
  const couponLines = await findCouponLines(
    db,
    school.id,
    payable.map((invoice) => invoice.id),
  );
  const today = dayIn(school.timeZone, context.now());
  const soon = addDays(today, SOON_DAYS);
  const cards = await findStudentCards(db, school.id, [
    ...new Set(payable.map((invoice) => invoice.studentId)),
  ]);
  const children = cards
    .map((student) => ({
      student,
      invoices: payable
        .filter((invoice) => invoice.studentId === student.id)
        .map((invoice) => ({
          ...invoice,
          late: invoice.dueOn < today,
          dueSoon: invoice.dueOn <= soon,
          coupons: couponLines
            .filter((line) => line.invoiceId === invoice.id)
            .map(({ label, amount }) => ({ label, amount })),
        })),
    }))
    .sort((a, b) => a.student.fullName.localeCompare(b.student.fullName, 'fr'));
  const settings = await getBillingSettings(db, school.id);
  return {
    ok: true,
    view: {
      link,
      token,
      school,
      page: pageSchool(school),
      guardian: { id: guardian.id, fullName: guardian.fullName, phone: guardian.phone },
      children,
      online: settings.onlinePayment,
      // Only what the school offers its parents: the form refuses any other (WALLET_NOT_OFFERED).
      wallets: offeredWalletsOf(school, context.providers.wallets()),
    },
  };
}

/** The invoices the link lets the payer pay, by id. */
export function linkInvoices(view: LinkView): Map<string, LinkInvoice> {
  return new Map(
    view.children.flatMap((child) => child.invoices.map((invoice) => [invoice.id, invoice])),
  );
}
