import { toE164 } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import type { SchoolSubscriberSource } from './sending.tables';
import {
  insertSubscriber,
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
