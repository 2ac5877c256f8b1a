import { toE164, type SchoolSubscriber } from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { notFound } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import type { MarketingSubscriber, SchoolSubscriberSource } from './sending.tables';
import {
  findSubscriberForUpdate,
  insertSubscriber,
  listSubscribers,
  lockSubscribersMatching,
  updateSubscriber,
} from './subscribers.repository';

export interface SchoolNewsSubscription {
  email?: string | null;
  phone?: string | null;
  name?: string;
  source: SchoolSubscriberSource;
  /** The consent's time (the caller's clock); now by default. */
  now?: Date;
}

/** The e-mail lower-cased and the phone in E.164; what cannot be read is left out. */
function contactOf(input: SchoolNewsSubscription): { email: string | null; phone: string | null } {
  const email = input.email?.trim().toLowerCase() || null;
  const phone = input.phone?.trim() ? toE164(input.phone) : null;
  return { email: email && email.includes('@') ? email : null, phone };
}

/**
 * The pre-registration's « Recevoir les nouvelles de l'école » and the public subscribe form:
 * one row per school and e-mail/phone, the consent's time and its source. Idempotent: the same
 * address or number finds its row (the contact it lacked is added, the name kept unless given);
 * subscribing again after being removed clears `unsubscribed_at` and dates the consent anew.
 * An opt-out made through a message's link (messaging, category `marketing`) is not lifted here:
 * anyone may type a number into a public form, only its owner lifts it by the link. Runs in the
 * caller's transaction (a savepoint), never fails the caller for a contact it cannot read.
 */
export async function subscribeToSchoolNews(
  db: DbOrTx,
  organizationId: string,
  input: SchoolNewsSubscription,
): Promise<void> {
  const contact = contactOf(input);
  if (!contact.email && !contact.phone) return;
  const name = input.name?.trim().slice(0, 120) ?? '';
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    // Twice at most: a concurrent first subscription of the same contact wins the insert, the
    // second finds its row.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const [existing, ...others] = await lockSubscribersMatching(tx, organizationId, contact);
      if (existing) {
        const takenByOther = (field: 'email' | 'phone') =>
          others.some((other) =>
            field === 'email'
              ? other.email?.toLowerCase() === contact.email
              : other.phone === contact.phone,
          );
        await updateSubscriber(tx, organizationId, existing.id, {
          ...(!existing.email && contact.email && !takenByOther('email')
            ? { email: contact.email }
            : {}),
          ...(!existing.phone && contact.phone && !takenByOther('phone')
            ? { phone: contact.phone }
            : {}),
          ...(name ? { name } : {}),
          ...(existing.unsubscribedAt ? { unsubscribedAt: null, subscribedAt: now } : {}),
        });
        for (const other of others) {
          if (other.unsubscribedAt) {
            await updateSubscriber(tx, organizationId, other.id, {
              unsubscribedAt: null,
              subscribedAt: now,
            });
          }
        }
        return;
      }
      const inserted = await insertSubscriber(tx, {
        organizationId,
        ...contact,
        name,
        source: input.source,
        subscribedAt: now,
      });
      if (inserted) return;
    }
  });
}

function toSubscriber(row: MarketingSubscriber): SchoolSubscriber {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    name: row.name,
    source: row.source,
    subscribedAt: row.subscribedAt.toISOString(),
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

/** `GET /api/marketing/subscribers`: the school's subscribers, newest first, searched. */
export async function listSchoolSubscribers(
  db: DbOrTx,
  organizationId: string,
  query: { q?: string | undefined; page: number; pageSize: number },
): Promise<{ items: SchoolSubscriber[]; total: number; page: number; pageSize: number }> {
  const { items, total } = await listSubscribers(db, organizationId, query);
  return { items: items.map(toSubscriber), total, page: query.page, pageSize: query.pageSize };
}

/**
 * `DELETE /api/marketing/subscribers/:id`: staff remove a subscriber (asked by phone, at the
 * desk): marked unsubscribed, kept as the consent's record, audited. Removing one already
 * removed changes nothing and writes nothing.
 */
export async function removeSchoolSubscriber(
  db: Database,
  acting: ActingMember,
  subscriberId: string,
  now: Date,
): Promise<SchoolSubscriber> {
  return db.transaction(async (tx) => {
    const row = await findSubscriberForUpdate(tx, acting.organizationId, subscriberId);
    if (!row) throw notFound('SCHOOL_SUBSCRIBER_NOT_FOUND');
    if (row.unsubscribedAt) return toSubscriber(row);
    await updateSubscriber(tx, acting.organizationId, row.id, { unsubscribedAt: now });
    await recordAuditEntry(tx, {
      organizationId: acting.organizationId,
      actor: acting.actor,
      action: 'marketing.subscriber_removed',
      resourceType: 'marketing_subscriber',
      resourceId: row.id,
      category: 'settings',
      details: {
        ...(row.name ? { nom: row.name } : {}),
        ...(row.email ? { 'e-mail': row.email } : {}),
        ...(row.phone ? { téléphone: row.phone } : {}),
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return toSubscriber({ ...row, unsubscribedAt: now });
  });
}
