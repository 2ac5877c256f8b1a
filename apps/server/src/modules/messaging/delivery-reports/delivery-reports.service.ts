import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database';
import type { ChannelAdapter, RawWebhook } from '../channels/channel-adapter';
import { messageDeliveryReports } from '../messaging.tables';
import { applyDeliveryEvent } from './apply-delivery';

/** The headers kept with a report: what says who sent it and how. */
const KEPT_HEADERS = [
  'content-type',
  'user-agent',
  'x-twilio-signature',
  'i-twilio-idempotency-token',
  'x-hub-signature-256',
  'x-forwarded-for',
];

function keptHeaders(raw: RawWebhook): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = raw.headers[name];
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text) kept[name] = text.slice(0, 500);
  }
  return kept;
}

/**
 * One row per report: the provider's idempotency token when it gives one (Twilio), else the
 * hash of what was called and sent. Reports that fail their check are keyed apart, so a forged
 * copy never takes the place of the genuine one.
 */
function dedupeKeyOf(raw: RawWebhook, path: string, valid: boolean): string {
  const token = raw.headers['i-twilio-idempotency-token'];
  const base =
    typeof token === 'string' && token
      ? `token:${token.slice(0, 200)}`
      : `sha256:${createHash('sha256').update(path).update('\n').update(raw.rawBody).digest('hex')}`;
  return valid ? base : `unverified:${base}`;
}

export type ReportOutcome =
  { status: 'refused' } | { status: 'accepted'; outcome: string; duplicate: boolean };

/**
 * A delivery report, stored first as received (bad signatures too: kept for review, then
 * refused), then applied in one transaction with its row marked processed. A report received
 * again is not applied twice; one stored but not applied (a crash) is applied when it comes back.
 * `keepUnverified`: whether a report that failed its check may still be stored (a per-address
 * budget: enough to see a misconfigured secret, not a way to fill the table).
 */
export async function receiveDeliveryReport(
  db: Database,
  adapter: ChannelAdapter,
  raw: RawWebhook,
  path: string,
  keepUnverified: () => Promise<boolean>,
): Promise<ReportOutcome> {
  const valid = adapter.verifyWebhook(raw);
  if (!valid && !(await keepUnverified())) return { status: 'refused' };
  const dedupeKey = dedupeKeyOf(raw, path, valid);
  const [stored] = await db
    .insert(messageDeliveryReports)
    .values({
      provider: adapter.provider,
      path: path.slice(0, 500),
      headers: keptHeaders(raw),
      rawBody: raw.rawBody,
      signatureValid: valid,
      dedupeKey,
      ...(valid ? {} : { processedAt: new Date(), outcome: 'refused' }),
    })
    .onConflictDoNothing()
    .returning({ id: messageDeliveryReports.id });
  if (!valid) return { status: 'refused' };

  let reportId = stored?.id;
  if (!reportId) {
    const [pending] = await db
      .select({ id: messageDeliveryReports.id })
      .from(messageDeliveryReports)
      .where(
        and(
          eq(messageDeliveryReports.provider, adapter.provider),
          eq(messageDeliveryReports.dedupeKey, dedupeKey),
          isNull(messageDeliveryReports.processedAt),
        ),
      );
    if (!pending) return { status: 'accepted', outcome: 'duplicate', duplicate: true };
    reportId = pending.id;
  }
  const id = reportId;
  const outcome = await db.transaction(async (tx) => {
    const [report] = await tx
      .select({ processedAt: messageDeliveryReports.processedAt })
      .from(messageDeliveryReports)
      .where(eq(messageDeliveryReports.id, id))
      .for('update');
    if (report?.processedAt) return 'duplicate';
    let events;
    try {
      events = adapter.parseWebhook(raw);
    } catch {
      events = null;
    }
    const counts = { applied: 0, unchanged: 0, unknown: 0 };
    for (const event of events ?? []) {
      counts[await applyDeliveryEvent(tx, adapter.channel, adapter.provider, event)] += 1;
    }
    const summary =
      events === null || events.length === 0
        ? 'unreadable'
        : Object.entries(counts)
            .filter(([, count]) => count > 0)
            .map(([name, count]) => `${name} ${count}`)
            .join(', ');
    await tx
      .update(messageDeliveryReports)
      .set({ processedAt: new Date(), outcome: summary })
      .where(eq(messageDeliveryReports.id, id));
    return summary;
  });
  return { status: 'accepted', outcome, duplicate: outcome === 'duplicate' };
}
