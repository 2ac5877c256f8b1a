import type { CampaignSending, MessageStatus } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { messageCountsByBatch } from '../../messaging';
import { findCampaignSendings } from './campaign-sendings.repository';
import type { CampaignSendingRow } from './sending.tables';

/** The batch key of a campaign's messages in messaging's outbox. */
export function campaignBatchKey(campaignId: string): string {
  return `campaign:${campaignId}`;
}

/** The figures of a sending from its messages' statuses. */
export function sendingFigures(
  row: Pick<CampaignSendingRow, 'sentAt' | 'recipients' | 'optedOut'>,
  counts: Partial<Record<MessageStatus, number>>,
): CampaignSending {
  const of = (...statuses: MessageStatus[]) =>
    statuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  return {
    sentAt: row.sentAt.toISOString(),
    recipients: row.recipients,
    optedOut: row.optedOut,
    queued: of('captured', 'queued', 'sending'),
    sent: of('sent', 'delivered'),
    delivered: of('delivered'),
    failed: of('failed', 'dead'),
  };
}

/**
 * The sending of each of these campaigns of the school that was sent (absent: not sent), with
 * its delivery figures read from messaging's statuses (one grouped count on an index):
 * `recipients` messages queued, `optedOut` recipients skipped; then, of the messages, `queued`
 * still waiting (or kept without a provider), `sent` taken by the provider (delivered ones
 * included), `delivered` confirmed by a delivery report, `failed` refused or given up.
 * queued + sent + failed = recipients.
 */
export async function campaignSendingOf(
  db: DbOrTx,
  organizationId: string,
  campaignIds: readonly string[],
): Promise<Map<string, CampaignSending>> {
  const rows = await findCampaignSendings(db, organizationId, campaignIds);
  if (rows.length === 0) return new Map();
  const counts = await messageCountsByBatch(
    db,
    organizationId,
    rows.map((row) => campaignBatchKey(row.campaignId)),
  );
  return new Map(
    rows.map((row) => [
      row.campaignId,
      sendingFigures(row, counts.get(campaignBatchKey(row.campaignId)) ?? {}),
    ]),
  );
}
