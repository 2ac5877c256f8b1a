import type {
  MessageCategory,
  MessageItem,
  MessagesPage,
  MessagesQuery,
  MessageStatus,
} from '@ecolage/contracts';
import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { domainError, notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { QUEUED_MESSAGES_CHANNEL } from '../messaging.repository';
import { outboundMessages, type OutboundMessage } from '../messaging.tables';
import { emailTransport, smsGateway, whatsappSettings } from '../transports';

export function toMessageItem(row: OutboundMessage): MessageItem {
  return {
    id: row.id,
    channel: row.channel,
    category: row.category,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    template: row.template,
    fallbackOf: row.fallbackOf,
  };
}

/** « Messages »: the school's messages, newest first, a page at a time (its own index). */
export async function listMessages(
  db: DbOrTx,
  organizationId: string,
  query: MessagesQuery,
): Promise<MessagesPage> {
  const filters: SQL[] = [eq(outboundMessages.organizationId, organizationId)];
  if (query.status) filters.push(eq(outboundMessages.status, query.status));
  if (query.channel) filters.push(eq(outboundMessages.channel, query.channel));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outboundMessages)
      .where(where)
      .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(outboundMessages).where(where),
  ]);
  return {
    items: rows.map(toMessageItem),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function channelConfigured(channel: OutboundMessage['channel']): boolean {
  if (channel === 'email') return emailTransport() !== null;
  if (channel === 'sms') return smsGateway() !== null;
  return whatsappSettings() !== null;
}

/**
 * Sends a failed or dead message again (« Renvoyer »): `queued`, its attempts back to 0, due now,
 * announced at commit so its job takes it; audited in the same transaction. Another school's
 * message is not found; any other status is refused (409).
 */
export async function retryMessage(
  db: Database,
  acting: ActingMember,
  messageId: string,
): Promise<MessageItem> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select()
      .from(outboundMessages)
      .where(
        and(
          eq(outboundMessages.id, messageId),
          eq(outboundMessages.organizationId, acting.organizationId),
        ),
      )
      .for('update');
    if (!message) throw notFound('MESSAGE_NOT_FOUND');
    if (message.status !== 'failed' && message.status !== 'dead') {
      throw domainError('MESSAGE_NOT_RETRYABLE');
    }
    const status = channelConfigured(message.channel) ? 'queued' : 'captured';
    const [updated] = await tx
      .update(outboundMessages)
      .set({
        status,
        attempts: 0,
        nextAttemptAt: sql`now()`,
        claimedAt: null,
        metadata: sql`${outboundMessages.metadata} - 'ambiguous'`,
      })
      .where(eq(outboundMessages.id, message.id))
      .returning();
    if (status === 'queued') {
      await tx.execute(
        sql`select pg_notify(${QUEUED_MESSAGES_CHANNEL}, ${`${message.channel}:${message.id}`})`,
      );
    }
    await recordAuditEntry(tx, {
      organizationId: acting.organizationId,
      actor: acting.actor,
      action: 'message.retried',
      resourceType: 'outbound_message',
      resourceId: message.id,
      category: 'system',
      details: {
        ...(message.channel === 'email'
          ? { email: message.recipient }
          : { téléphone: message.recipient }),
        'statut avant': message.status,
        ...(message.lastError ? { motif: message.lastError.slice(0, 300) } : {}),
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return toMessageItem(updated!);
  });
}

export interface MessageStatusRow {
  id: string;
  channel: OutboundMessage['channel'];
  status: MessageStatus;
  recipient: string;
  sentAt: Date | null;
  deliveredAt: Date | null;
  error: string | null;
  fallbackOf: string | null;
}

/** The statuses of these messages of the school (a workflow's run history reads them). */
export async function findMessageStatuses(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<MessageStatusRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: outboundMessages.id,
      channel: outboundMessages.channel,
      status: outboundMessages.status,
      recipient: outboundMessages.recipient,
      sentAt: outboundMessages.sentAt,
      deliveredAt: outboundMessages.deliveredAt,
      error: outboundMessages.lastError,
      fallbackOf: outboundMessages.fallbackOf,
    })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.organizationId, organizationId),
        inArray(outboundMessages.id, [...ids]),
      ),
    );
}

/**
 * Messages of a category made for a recipient since an instant (per-recipient caps: at most so
 * many reminders a day), in one school or on the whole platform. WhatsApp and its SMS fallback
 * count once.
 */
export async function countMessagesTo(
  db: DbOrTx,
  options: {
    recipient: string;
    category: MessageCategory;
    since: Date;
    organizationId?: string;
  },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.recipient, options.recipient),
        gte(outboundMessages.createdAt, options.since),
        eq(outboundMessages.category, options.category),
        sql`${outboundMessages.fallbackOf} is null`,
        ...(options.organizationId
          ? [eq(outboundMessages.organizationId, options.organizationId)]
          : []),
      ),
    );
  return row?.total ?? 0;
}
