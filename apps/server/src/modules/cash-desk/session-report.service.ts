import type { DbOrTx } from '../../platform/db/database';
import { DEFAULT_SCHOOL_TIME_ZONE, dayIn } from '../../platform/clock';
import { findOrganizationsByIds } from '../organizations';
import { findSessionPayments, sumDeskPaymentsBySession } from '../payments';
import { findReceiptsOfPayments } from '../receipts';
import { findVisibleSession, toCashSession, type DeskMember } from './cash-desk.service';
import { renderSessionReport } from './session-report-pdf';

/**
 * The « brouillard de caisse » of a session the member may see: every payment taken (time,
 * receipt, student, method, reference, amount), the totals by method and the closing count.
 * Provisional while the session is open.
 */
export async function sessionReport(
  db: DbOrTx,
  member: DeskMember,
  sessionId: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const { organizationId } = member;
  const row = await findVisibleSession(db, member, sessionId);
  const [school] = await findOrganizationsByIds(db, [organizationId]);
  const timeZone = school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
  const payments = await findSessionPayments(db, organizationId, row.id);
  const receipts = await findReceiptsOfPayments(
    db,
    organizationId,
    payments.map((payment) => payment.id),
  );
  const totals = (await sumDeskPaymentsBySession(db, organizationId, [row.id])).get(row.id) ?? [];
  const pdf = await renderSessionReport({
    school: {
      name: school?.name ?? '',
      addressLines: [school?.address, school?.city].filter((line): line is string => Boolean(line)),
      phone: school?.supportPhone ?? null,
    },
    timeZone,
    session: toCashSession(row, totals),
    payments: payments.map((payment) => ({
      paidAt: payment.paidAt,
      receiptNumber: receipts.get(payment.id)?.number ?? null,
      student: payment.studentNames.join(', ') || payment.guardianName,
      method: payment.method,
      reference: payment.reference,
      amount: payment.amount,
    })),
    printedAt: new Date(),
  });
  const slug = row.cashierName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return {
    filename: `brouillard-caisse-${dayIn(timeZone, row.openedAt)}-${slug || 'caissier'}.pdf`,
    pdf,
  };
}
