import { addDays, kpi, oneDecimal, type MarketingKpis } from '@ecolage/contracts';
import { startOfSchoolDay } from '../../../platform/clock';
import { campaignsTrafficTotal } from '../../public';
import { schoolDayOf, type CampaignsContext } from '../campaigns/campaign-context';
import { findCampaignCodes, findCampaignsOverlapping } from '../campaigns/campaigns.repository';

interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Days of [from, to] (both included) that fall in the period; 0 when they do not meet. */
export function overlapDays(range: Period, period: Period): number {
  const from = Math.max(dayNumber(range.from), dayNumber(period.from));
  const to = Math.min(dayNumber(range.to), dayNumber(period.to));
  return Math.max(0, to - from + 1);
}

/**
 * A campaign's spend in a period: its spend spread evenly over its days, the period's share
 * (a 30-day campaign of 300 000 FCFA spends 10 000 FCFA a day).
 */
export function spendInPeriod(
  campaign: { spend: number; startsOn: string; endsOn: string },
  period: Period,
): number {
  const days = overlapDays({ from: campaign.startsOn, to: campaign.endsOn }, period);
  const length = dayNumber(campaign.endsOn) - dayNumber(campaign.startsOn) + 1;
  return (campaign.spend * days) / length;
}

interface PeriodFigures {
  reach: number;
  conversions: number;
  engagementRate: number;
  spend: number;
}

async function figuresOf(
  context: CampaignsContext,
  organizationId: string,
  timeZone: string,
  codes: { id: string; code: string }[],
  period: Period,
): Promise<PeriodFigures> {
  const [traffic, attributed, running] = await Promise.all([
    campaignsTrafficTotal(
      context.db,
      organizationId,
      codes.map((campaign) => campaign.code),
      period,
    ),
    context.registrations.attributedTo(
      context.db,
      organizationId,
      codes.map((campaign) => campaign.id),
      {
        from: startOfSchoolDay(period.from, timeZone),
        to: startOfSchoolDay(addDays(period.to, 1), timeZone),
      },
    ),
    findCampaignsOverlapping(context.db, organizationId, period.from, period.to),
  ]);
  const { visitors, visits, bounces } = traffic;
  const enrolments = attributed.filter((registration) => registration.accepted).length;
  const spend = running.reduce((sum, campaign) => sum + spendInPeriod(campaign, period), 0);
  return {
    reach: visitors,
    conversions: attributed.length + enrolments,
    engagementRate: visits === 0 ? 0 : oneDecimal(((visits - bounces) / visits) * 100),
    spend: Math.round(spend),
  };
}

/**
 * `GET /api/marketing/kpis?jours=30`: the cards of « Marketing » over the last `jours` days of the
 * school (today included) against as many days before — reach (unique visitors through campaign
 * links), conversions (attributed pre-registrations, plus those accepted), engagement (visits
 * through campaign links that were not bounces, %), spend (each campaign's share of the period).
 */
export async function marketingKpis(
  context: CampaignsContext,
  organizationId: string,
  days: number,
): Promise<MarketingKpis> {
  const { today, timeZone } = await schoolDayOf(context, organizationId);
  const current = { from: addDays(today, -(days - 1)), to: today };
  const previous = { from: addDays(current.from, -days), to: addDays(current.from, -1) };
  const codes = await findCampaignCodes(context.db, organizationId);
  const [now, before] = await Promise.all([
    figuresOf(context, organizationId, timeZone, codes, current),
    figuresOf(context, organizationId, timeZone, codes, previous),
  ]);
  return {
    from: current.from,
    to: current.to,
    reach: kpi(now.reach, before.reach),
    conversions: kpi(now.conversions, before.conversions),
    engagementRate: kpi(now.engagementRate, before.engagementRate),
    spend: kpi(now.spend, before.spend),
  };
}
