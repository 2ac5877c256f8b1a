import type {
  OperatorContactMessage,
  OperatorInboxQuery,
  OperatorSubscriber,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { dayIn } from '../../../platform/clock';
import { domainError } from '../../../platform/errors';
import { keysetPages, type TabularTable } from '../../../platform/tabular-export';
import { recordAuditEntry } from '../../audit';
import {
  contactMessagesAfter,
  listContactMessages,
  listNewsletterSubscribers,
  markContactMessageHandledRow,
  newsletterSubscribersAfter,
  type ContactMessage,
  type NewsletterSubscription,
} from '../../public';
import type { OperatorActor } from '../operator-actor';
import { PLATFORM_TIME_ZONE } from '../provider-fees/provider-fees.service';

function contactView(row: ContactMessage): OperatorContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
  };
}

function subscriberView(row: NewsletterSubscription): OperatorSubscriber {
  return {
    id: row.id,
    email: row.email,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

const pageOf = (query: OperatorInboxQuery) => ({
  q: query.q,
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

export async function contactMessagesPage(db: DbOrTx, query: OperatorInboxQuery) {
  const { items, total } = await listContactMessages(db, pageOf(query));
  return { items: items.map(contactView), total, page: query.page, pageSize: query.pageSize };
}

export async function subscribersPage(db: DbOrTx, query: OperatorInboxQuery) {
  const { items, total } = await listNewsletterSubscribers(db, pageOf(query));
  return { items: items.map(subscriberView), total, page: query.page, pageSize: query.pageSize };
}

/** Marks a contact message handled (answered), journaled in the platform's chain once. */
export async function markContactMessageHandled(
  db: Database,
  id: string,
  actor: OperatorActor,
): Promise<OperatorContactMessage> {
  return db.transaction(async (tx) => {
    const outcome = await markContactMessageHandledRow(tx, id, actor.userId);
    if (!outcome) throw domainError('CONTACT_MESSAGE_NOT_FOUND');
    if (outcome.changed) {
      await recordAuditEntry(tx, {
        organizationId: null,
        actor: { type: 'user', userId: actor.userId, label: actor.name },
        action: 'contact.message_handled',
        resourceType: 'contact_message',
        resourceId: id,
        category: 'public',
        details: { objet: outcome.message.subject },
        ip: actor.ip,
      });
    }
    return contactView(outcome.message);
  });
}

const cursorOf = (row: { createdAt: Date; id: string }) => ({
  createdAt: row.createdAt,
  id: row.id,
});

/** Journals an export of the inbox in the platform's chain before the file streams. */
async function journalExport(
  db: Database,
  action: string,
  resourceType: string,
  q: string | undefined,
  actor: OperatorActor,
) {
  await db.transaction((tx) =>
    recordAuditEntry(tx, {
      organizationId: null,
      actor: { type: 'user', userId: actor.userId, label: actor.name },
      action,
      resourceType,
      category: 'export',
      details: { format: 'csv', ...(q ? { recherche: q } : {}) },
      ip: actor.ip,
    }),
  );
}

/** The contact messages matching the search, newest first, as the CSV export's table. */
export async function exportContactMessages(
  db: Database,
  q: string | undefined,
  actor: OperatorActor,
): Promise<{ day: string; table: TabularTable<ContactMessage> }> {
  await journalExport(db, 'operator.contact_messages_exported', 'contact_message', q, actor);
  return {
    day: dayIn(PLATFORM_TIME_ZONE),
    table: {
      sheetName: 'Messages du site',
      pages: keysetPages((after, limit) => contactMessagesAfter(db, q, after, limit), cursorOf),
      columns: [
        { header: 'Reçu le', type: 'date', value: (row) => row.createdAt },
        { header: 'Nom', type: 'text', value: (row) => row.name },
        { header: 'E-mail', type: 'text', value: (row) => row.email },
        { header: 'Objet', type: 'text', value: (row) => row.subject },
        { header: 'Message', type: 'text', value: (row) => row.message },
        { header: 'Traité le', type: 'date', value: (row) => row.handledAt },
      ],
    },
  };
}

/** The newsletter subscribers matching the search, newest first, as the CSV export's table. */
export async function exportSubscribers(
  db: Database,
  q: string | undefined,
  actor: OperatorActor,
): Promise<{ day: string; table: TabularTable<NewsletterSubscription> }> {
  await journalExport(
    db,
    'operator.newsletter_subscribers_exported',
    'newsletter_subscription',
    q,
    actor,
  );
  return {
    day: dayIn(PLATFORM_TIME_ZONE),
    table: {
      sheetName: 'Abonnés newsletter',
      pages: keysetPages(
        (after, limit) => newsletterSubscribersAfter(db, q, after, limit),
        cursorOf,
      ),
      columns: [
        { header: 'E-mail', type: 'text', value: (row) => row.email },
        { header: 'Inscrit le', type: 'date', value: (row) => row.createdAt },
        { header: 'Source', type: 'text', value: (row) => row.source },
        { header: 'Désabonné le', type: 'date', value: (row) => row.unsubscribedAt },
      ],
    },
  };
}
