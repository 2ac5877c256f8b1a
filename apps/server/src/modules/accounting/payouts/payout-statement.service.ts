import type { Database } from '../../../platform/db/database';
import { notFound } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/storage';
import { findOrganizationById, readSchoolLogoPng } from '../../organizations';
import { payoutStatementPdf } from './payout-statement.pdf';
import { findPayout, findPayoutLines } from './payouts.repository';

/** The payout's statement PDF and its file name (`releve-VIR-2026-000001.pdf`). */
export async function payoutStatement(
  db: Database,
  files: FileStorage,
  organizationId: string,
  payoutId: string,
) {
  const payout = await findPayout(db, organizationId, payoutId);
  if (!payout) throw notFound('PAYOUT_NOT_FOUND');
  const [school, lines, logoPng] = await Promise.all([
    findOrganizationById(db, organizationId),
    findPayoutLines(db, organizationId, payoutId),
    readSchoolLogoPng(db, files, organizationId).catch(() => null),
  ]);
  const pdf = await payoutStatementPdf({
    schoolName: school?.name ?? 'École',
    logoPng,
    payout,
    lines: lines.items,
  });
  return { filename: `releve-${payout.reference}.pdf`, pdf };
}
