import {
  campaignAudienceLabels,
  campaignChannelLabels,
  campaignStatusOf,
  type CampaignSending,
} from '@ecolage/contracts';
import { addDays, dayIn, startOfSchoolDay } from '../../../platform/clock';
import { domainError } from '../../../platform/errors';
import type { Transaction } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { optedOutRecipients, optOutUrls, queueMessageBatch, shortLinkUrl } from '../../messaging';
import { guardianContactsOfActiveStudents } from '../../students';
import { schoolDayOf, type CampaignsContext } from '../campaigns/campaign-context';
import { addCampaignLink, MAIN_LINK_LABEL } from '../campaigns/campaign-links.service';
import { findLinksOfCampaign } from '../campaigns/campaign-links.repository';
import { lockSchoolCampaign } from '../campaigns/campaign-rows';
import type { CampaignRow } from '../campaigns/campaigns.tables';
import { campaignBatchKey, sendingFigures } from './campaign-sending-figures';
import { findCampaignSending, insertCampaignSending } from './campaign-sendings.repository';
import { activeSubscriberContacts } from './subscribers.repository';

/** Where a campaign's text puts its tracking link. */
const LINK_PLACEHOLDER = '{lien}';

/**
 * The opt-out line every campaign message ends with (Togo has no two-way SMS: a link, research
 * §7.4), as reminders end with « Stop rappels : … ».
 */
export function withCampaignOptOut(text: string, url: string, channel: 'sms' | 'email'): string {
  return channel === 'email'
    ? `${text}\n\nPour ne plus recevoir les annonces de l’école : ${url}`
    : `${text} STOP annonces : ${url}`;
}

/** Announcements leave between 08:00 and 20:00 school time, as reminders do; outside, they wait. */
export const CAMPAIGN_HOURS = { opens: 8, closes: 20 } as const;

/** Null within the school's hours; else the next 08:00 school time. */
export function campaignQuietUntil(now: Date, timeZone: string): Date | null {
  const today = dayIn(timeZone, now);
  const hours = (now.getTime() - startOfSchoolDay(today, timeZone).getTime()) / 3_600_000;
  if (hours >= CAMPAIGN_HOURS.opens && hours < CAMPAIGN_HOURS.closes) return null;
  const day = hours < CAMPAIGN_HOURS.opens ? today : addDays(today, 1);
  return new Date(startOfSchoolDay(day, timeZone).getTime() + CAMPAIGN_HOURS.opens * 3_600_000);
}

type SendableChannel = 'email' | 'sms';

function isSendable(channel: CampaignRow['channel']): channel is SendableChannel {
  return channel === 'email' || channel === 'sms';
}

/** The campaign's first tracking link, made (« Lien principal ») when it has none. */
async function campaignLinkUrl(
  tx: Transaction,
  context: Pick<CampaignsContext, 'db' | 'now'>,
  acting: ActingMember,
  campaign: CampaignRow,
): Promise<string> {
  const [first] = await findLinksOfCampaign(tx, acting.organizationId, campaign.id);
  if (first) return shortLinkUrl(first.shortLinkCode);
  const link = await addCampaignLink(tx, context, acting, campaign, { label: MAIN_LINK_LABEL });
  return link.shortUrl;
}

/**
 * « Envoyer » an e-mail or SMS campaign, once: under the campaign's row lock (a second sending,
 * concurrent or later, finds the first one recorded: 409), the recipients read — the distinct
 * phones or e-mails of the guardians of active students, or the subscribers not removed — those
 * who opted out of the school's announcements (messaging's category `marketing`) skipped and
 * counted, `{lien}` replaced by the campaign's first tracking link (made if none), each message
 * ending with its recipient's opt-out link, all queued by multi-row inserts in the same
 * transaction as the sending's row and its journal entry.
 */
export async function sendCampaign(
  context: Pick<CampaignsContext, 'db' | 'now'>,
  acting: ActingMember,
  campaignId: string,
): Promise<CampaignSending> {
  const { organizationId } = acting;
  return context.db.transaction(async (tx) => {
    const campaign = await lockSchoolCampaign(tx, organizationId, campaignId);
    const channel = campaign.channel;
    if (!isSendable(channel)) throw domainError('CAMPAIGN_NOT_SENDABLE');
    if (await findCampaignSending(tx, organizationId, campaign.id)) {
      throw domainError('CAMPAIGN_ALREADY_SENT');
    }
    const { today, timeZone } = await schoolDayOf(context, organizationId);
    const status = campaignStatusOf(
      {
        paused: campaign.pausedAt !== null,
        endsOn: campaign.endsOn,
        budget: campaign.budget,
        spend: campaign.spend,
      },
      today,
    );
    if (status !== 'active' || campaign.archivedAt) throw domainError('CAMPAIGN_NOT_ACTIVE');
    const audience = campaign.audience;
    if (!audience || !campaign.body) throw domainError('CAMPAIGN_NO_RECIPIENTS');

    const contacts =
      audience === 'guardians'
        ? await guardianContactsOfActiveStudents(tx, organizationId, channel)
        : await activeSubscriberContacts(tx, organizationId, channel);
    const optedOut = await optedOutRecipients(tx, organizationId, contacts, 'marketing');
    const recipients = contacts.filter((contact) => !optedOut.has(contact));
    if (recipients.length === 0) throw domainError('CAMPAIGN_NO_RECIPIENTS');

    const now = context.now();
    const text = campaign.body.includes(LINK_PLACEHOLDER)
      ? campaign.body.replaceAll(
          LINK_PLACEHOLDER,
          await campaignLinkUrl(tx, context, acting, campaign),
        )
      : campaign.body;
    const stops = await optOutUrls(tx, {
      organizationId,
      recipients,
      category: 'marketing',
      now,
    });
    const batchKey = campaignBatchKey(campaign.id);
    // At night an SMS waits for the morning; an e-mail waits in the mailbox and leaves at once.
    const quietUntil = channel === 'sms' ? campaignQuietUntil(now, timeZone) : null;
    const queued = await queueMessageBatch(tx, {
      organizationId,
      channel,
      category: 'marketing',
      template: 'marketing.campaign',
      batchKey,
      ...(quietUntil ? { notBefore: quietUntil } : {}),
      messages: recipients.map((recipient) => ({
        recipient,
        ...(channel === 'email' ? { subject: campaign.subject } : {}),
        text: withCampaignOptOut(text, stops.get(recipient) ?? '', channel),
        dedupeKey: `${batchKey}:${recipient}`,
      })),
    });
    const sending = await insertCampaignSending(tx, {
      organizationId,
      campaignId: campaign.id,
      channel,
      audience,
      sentAt: now,
      sentBy: acting.actor.type === 'user' ? acting.actor.userId : acting.actor.label,
      recipients: queued,
      optedOut: optedOut.size,
    });
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'campaign.sent',
      resourceType: 'campaign',
      resourceId: campaign.id,
      category: 'settings',
      details: {
        campagne: campaign.name,
        canal: campaignChannelLabels[channel],
        destinataires: campaignAudienceLabels[audience],
        messages: queued,
        désabonnés: optedOut.size,
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return sendingFigures(sending, { queued });
  });
}
