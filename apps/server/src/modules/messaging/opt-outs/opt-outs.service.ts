import { optOutCategoryLabels, type OptOutCategory, type OptOutSource } from '@ecolage/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { recordAuditEntry, type AuditEntryInput } from '../../audit';
import { findOrganizationById, type Organization } from '../../organizations';
import { shortLinkFor, shortLinksFor } from '../short-links/short-links.service';
import { optOutToken, readOptOutToken, type OptOutSubject } from './opt-out-tokens';
import { findOptedOut, findOptOut, reactivateOptOut, upsertOptOut } from './opt-outs.repository';

/**
 * Opting out of a category of a school's messages (research/messaging.md §7.4): by the link at
 * the foot of a reminder (Togo has no two-way SMS), or from a provider's or a keyword's signal.
 * Senders ask `optedOutRecipients` before writing a message of that category; a transactional
 * message (receipt, one-time code) has no category and is never held back.
 */

/** A phone as written (E.164), an e-mail lower-cased: the same person is found however written. */
export function optOutRecipient(recipient: string): string {
  const trimmed = recipient.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

function subjectOf(input: OptOutSubject): OptOutSubject {
  return { ...input, recipient: optOutRecipient(input.recipient) };
}

/**
 * The short link (`/s/<code>`) to the opt-out page of this recipient and category, made once and
 * given again: a reminder ends with « Stop rappels : <url> ».
 */
export async function optOutUrl(
  db: DbOrTx,
  input: OptOutSubject & { now?: Date },
): Promise<string> {
  const subject = subjectOf(input);
  const link = await shortLinkFor(db, {
    organizationId: subject.organizationId,
    targetPath: `/desabonnement/${optOutToken(subject)}`,
    purpose: 'opt_out',
    expiresAt: null,
    ...(input.now ? { now: input.now } : {}),
  });
  return link.url;
}

/**
 * `optOutUrl` for many recipients of one school and category (a campaign's): the links found or
 * made in a few statements. Returns each recipient's link, keyed as given.
 */
export async function optOutUrls(
  db: DbOrTx,
  input: {
    organizationId: string;
    recipients: readonly string[];
    category: OptOutCategory;
    now?: Date;
  },
): Promise<Map<string, string>> {
  const targets = new Map<string, string>();
  for (const recipient of input.recipients) {
    const subject = subjectOf({ ...input, recipient });
    targets.set(recipient, `/desabonnement/${optOutToken(subject)}`);
  }
  const links = await shortLinksFor(db, {
    organizationId: input.organizationId,
    targetPaths: [...targets.values()],
    purpose: 'opt_out',
    expiresAt: null,
    ...(input.now ? { now: input.now } : {}),
  });
  return new Map(
    [...targets].map(([recipient, target]) => [recipient, links.get(target)?.url ?? '']),
  );
}

export async function isOptedOut(
  db: DbOrTx,
  organizationId: string,
  recipient: string,
  category: OptOutCategory,
): Promise<boolean> {
  return (await optedOutRecipients(db, organizationId, [recipient], category)).size > 0;
}

/**
 * Which of these recipients asked not to receive this category from the school, as they were
 * given (a phone in E.164, an e-mail in any case).
 */
export async function optedOutRecipients(
  db: DbOrTx,
  organizationId: string,
  recipients: readonly string[],
  category: OptOutCategory,
): Promise<Set<string>> {
  const byKey = new Map<string, string[]>();
  for (const recipient of recipients) {
    const key = optOutRecipient(recipient);
    byKey.set(key, [...(byKey.get(key) ?? []), recipient]);
  }
  const found = await findOptedOut(db, organizationId, [...byKey.keys()], category);
  return new Set(found.flatMap((key) => byKey.get(key) ?? []));
}

const ACTORS: Record<OptOutSource, AuditEntryInput['actor']> = {
  link: { type: 'anonymous', label: 'Le destinataire' },
  keyword: { type: 'anonymous', label: 'Le destinataire (mot-clé STOP)' },
  provider: { type: 'system', label: 'Opérateur SMS' },
  staff: { type: 'system', label: 'Personnel de l’école' },
};

export interface OptOutRequest {
  ip?: string | null;
  userAgent?: string | null;
  now?: Date;
}

/** The journal's entry of an opt-out or its end, in the school's chain. */
function journal(
  tx: Parameters<typeof recordAuditEntry>[0],
  subject: OptOutSubject,
  action: 'message.opted_out' | 'message.opt_out_cancelled',
  source: OptOutSource,
  request: OptOutRequest,
) {
  return recordAuditEntry(tx, {
    organizationId: subject.organizationId,
    actor: ACTORS[source],
    action,
    resourceType: 'message_opt_out',
    resourceId: null,
    category: 'public',
    details: {
      destinataire: subject.recipient,
      'type de messages': subject.category,
      origine: source,
    },
    ip: request.ip ?? null,
    userAgent: request.userAgent ?? null,
  });
}

/**
 * Records an opt-out (a provider's or a keyword's signal, the school's staff, or the link's
 * confirmation) with its journal entry, in one transaction (a savepoint in the caller's).
 * `already`: it held before, nothing written.
 */
export async function recordOptOut(
  db: DbOrTx,
  input: OptOutSubject & { source: OptOutSource },
  request: OptOutRequest = {},
): Promise<'recorded' | 'already'> {
  const subject = subjectOf(input);
  return db.transaction(async (tx) => {
    const at = request.now ?? new Date();
    const changed = await upsertOptOut(tx, { ...subject, source: input.source, at });
    if (!changed) return 'already';
    await journal(tx, subject, 'message.opted_out', input.source, request);
    return 'recorded';
  });
}

/** Ends an opt-out (« Recevoir à nouveau … »); `already` when none held. */
export async function cancelOptOut(
  db: DbOrTx,
  input: OptOutSubject,
  request: OptOutRequest = {},
): Promise<'reactivated' | 'already'> {
  const subject = subjectOf(input);
  return db.transaction(async (tx) => {
    const changed = await reactivateOptOut(tx, subject, request.now ?? new Date());
    if (!changed) return 'already';
    await journal(tx, subject, 'message.opt_out_cancelled', 'link', request);
    return 'reactivated';
  });
}

export interface OptOutLinkView {
  subject: OptOutSubject;
  school: Organization;
  /** What the link stops, in words (« les rappels de paiement »). */
  what: string;
  optedOut: boolean;
}

/** What an opt-out link is about, or null when its token is forged, altered or its school gone. */
export async function viewOptOutLink(db: DbOrTx, token: string): Promise<OptOutLinkView | null> {
  const subject = readOptOutToken(token);
  if (!subject) return null;
  const school = await findOrganizationById(db, subject.organizationId);
  if (!school) return null;
  const row = await findOptOut(db, subject);
  return {
    subject,
    school,
    what: optOutCategoryLabels[subject.category],
    optedOut: Boolean(row && !row.reactivatedAt),
  };
}
