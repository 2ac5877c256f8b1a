import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { systemActor } from '../../../platform/http/acting-member';
import { findOrganizationById } from '../../organizations';
import { markPayoutFailed, markPayoutPaid } from './payout-actions.service';
import { scheduledCutoff } from './payout-schedule';
import {
  findPayout,
  findPayoutSettings,
  schoolsWithPendingLines,
  scheduledPayoutExists,
  sendingPayoutsOnRail,
} from './payouts.repository';
import { bankSnapshot, createPayoutIn, schoolDayNow, settingsOrDefaults } from './payouts.service';
import type { PayoutRail } from './rails';

const ACTOR = 'Virements programmés';

/**
 * For each school with lines waiting: on its payout day (every day, or its weekday), unless
 * paused, without bank details, or already done today, a payout of the lines up to yesterday
 * whose net reaches its minimum. Returns the payouts created.
 */
export async function runPayoutSchedule(db: Database): Promise<number> {
  let created = 0;
  for (const organizationId of await schoolsWithPendingLines(db)) {
    const school = await findOrganizationById(db, organizationId);
    if (!school || school.archivedAt) continue;
    const settings = settingsOrDefaults(await findPayoutSettings(db, organizationId));
    if (settings.paused) continue;
    const today = await schoolDayNow(db, organizationId);
    const cutoff = scheduledCutoff(settings, today);
    if (!cutoff) continue;
    if (await scheduledPayoutExists(db, organizationId, today)) continue;
    if (!(await bankSnapshot(db, organizationId))) continue;
    try {
      await db.transaction((tx) =>
        createPayoutIn(tx, systemActor(organizationId, ACTOR), {
          cutoff,
          origin: 'schedule',
          minimumXof: settings.minimumXof,
          today,
        }),
      );
      created += 1;
    } catch (error) {
      // Nothing to pay or under the minimum: the next payout day takes the lines.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return created;
}

/** Asks the rail about each payout it is carrying: paid → « Payé », failed → « Échoué ». */
export async function pollSendingPayouts(db: Database, rail: PayoutRail): Promise<number> {
  let settled = 0;
  for (const { organizationId, id } of await sendingPayoutsOnRail(db, rail.name)) {
    const payout = await findPayout(db, organizationId, id);
    if (!payout?.transferId) continue;
    const answer = await rail.status(payout.transferId).catch(() => null);
    if (!answer || answer.status === 'processing') continue;
    const acting = systemActor(organizationId, ACTOR);
    try {
      if (answer.status === 'paid') {
        await markPayoutPaid(db, acting, id, {
          valueDate: await schoolDayNow(db, organizationId),
          bankReference: payout.transferId,
        });
      } else {
        await markPayoutFailed(db, acting, id, {
          reason: answer.reason ?? 'Virement rejeté par la banque.',
        });
      }
      settled += 1;
    } catch (error) {
      // Marked by a member meanwhile (409): nothing more to do.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return settled;
}
