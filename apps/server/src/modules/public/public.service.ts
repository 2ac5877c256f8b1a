import {
  PublicMessages,
  type ContactRequest,
  type NewsletterSubscribeRequest,
} from '@ecolage/contracts';
import type { Database } from '../../platform/db/database';
import { recordAuditEntry } from '../audit';
import { insertContactMessage, insertNewsletterSubscription } from './public.repository';

export interface VisitorContext {
  ip: string | null;
  userAgent: string | null;
  /** Called when a request is dropped as spam, for the log. */
  onSpam?: (reason: string) => void;
}

export interface PublicResult {
  message: string;
  /** False when nothing was written (honeypot filled, already subscribed). */
  stored: boolean;
}

const visitor = { type: 'anonymous' as const, label: 'Visiteur du site' };

/**
 * Subscribes an address to Écolage's newsletter. Subscribing again, in any letter case, succeeds
 * without a second row. A filled honeypot gets the same answer and writes nothing, so bots learn
 * nothing.
 */
export async function subscribeToNewsletter(
  db: Database,
  request: NewsletterSubscribeRequest,
  context: VisitorContext,
): Promise<PublicResult> {
  const answer = { message: PublicMessages.newsletterSubscribed };
  if (request.website) {
    context.onSpam?.('newsletter honeypot');
    return { ...answer, stored: false };
  }
  const stored = await db.transaction(async (tx) => {
    const id = await insertNewsletterSubscription(tx, { email: request.email, ip: context.ip });
    if (!id) return false;
    await recordAuditEntry(tx, {
      organizationId: null,
      actor: visitor,
      action: 'newsletter.subscribed',
      resourceType: 'newsletter_subscription',
      resourceId: id,
      category: 'public',
      ip: context.ip,
      userAgent: context.userAgent,
    });
    return true;
  });
  return { ...answer, stored };
}

/** Keeps a contact-form message for the back-office. */
export async function sendContactMessage(
  db: Database,
  request: ContactRequest,
  context: VisitorContext,
): Promise<PublicResult> {
  const answer = { message: PublicMessages.contactSent };
  if (request.website) {
    context.onSpam?.('contact honeypot');
    return { ...answer, stored: false };
  }
  await db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, {
      name: request.name,
      email: request.email,
      subject: request.subject,
      message: request.message,
      ip: context.ip,
      userAgent: context.userAgent,
    });
    await recordAuditEntry(tx, {
      organizationId: null,
      actor: visitor,
      action: 'contact.message_received',
      resourceType: 'contact_message',
      resourceId: id,
      category: 'public',
      details: { objet: request.subject },
      ip: context.ip,
      userAgent: context.userAgent,
    });
  });
  return { ...answer, stored: true };
}
