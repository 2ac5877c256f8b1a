import type { Database } from '../../../platform/db/database';
import { dayIn, DEFAULT_SCHOOL_TIME_ZONE } from '../../../platform/clock';
import { findOrganizationsByIds } from '../../organizations';
import type { CampaignRegistrations } from '../attribution/registrations.port';

/** What the campaign screens need besides the request: the database, the clock, admissions' port. */
export interface CampaignsContext {
  db: Database;
  /** The app's clock (the test clock in journeys): a campaign's status is against its day. */
  now: () => Date;
  /** The pre-registrations attributed to campaigns (admissions implements it; app.ts hands it). */
  registrations: CampaignRegistrations;
}

/** The school's slug, time zone and today at the context's clock. */
export async function schoolDayOf(
  context: Pick<CampaignsContext, 'db' | 'now'>,
  organizationId: string,
) {
  const [school] = await findOrganizationsByIds(context.db, [organizationId]);
  const timeZone = school?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
  return { slug: school?.slug ?? '', timeZone, today: dayIn(timeZone, context.now()) };
}
