import type { PublicPage } from '@ecolage/contracts';
import type { Database, DbOrTx, Transaction } from '../../../platform/db/database';
import { dayIn } from '../../../platform/clock';
import type { VisitSource } from './traffic-channel';
import { visitSalts } from './visit-salts';
import { isRobot, visitorId, type VisitorFingerprint } from './visitor';
import {
  addToDay,
  continueVisit,
  findOpenVisit,
  findVisit,
  insertVisit,
  insertVisitPayment,
  lockVisitor,
  markConverted,
  visitedThatDay,
  visitOfPayment,
  type OpenVisit,
} from './visits.repository';

export interface VisitEvent {
  organizationId: string;
  /** The school's time zone: its day is the visit's. */
  timeZone: string;
  visitor: VisitorFingerprint;
  page: PublicPage;
  kind: 'pageview' | 'engagement';
  source: VisitSource;
  now: Date;
}

/** Nobody to count: the browser said « do not track », or a robot. */
function untracked(visitor: VisitorFingerprint): boolean {
  return visitor.doNotTrack || isRobot(visitor.userAgent);
}

/** The visitor's ids under the current and the previous salt (the current one first). */
async function visitorIds(
  db: DbOrTx,
  visitor: VisitorFingerprint,
  organizationId: string,
  now: Date,
) {
  const salts = await visitSalts(db, now);
  const current = visitorId(salts.current, visitor, organizationId);
  const previous = salts.previous ? visitorId(salts.previous, visitor, organizationId) : null;
  return previous === null ? [current] : [current, previous];
}

function secondsBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
}

/**
 * One beacon of a public page: a page view opens a visit or continues the one under way (≤ 30
 * minutes since its last event); an interaction makes it no bounce. The day's rollup changes in
 * the same transaction. An interaction without a visit under way is ignored. Returns whether
 * anything was recorded.
 */
export async function recordVisitEvent(db: Database, event: VisitEvent): Promise<boolean> {
  if (untracked(event.visitor)) return false;
  const { organizationId, now } = event;
  const ids = await visitorIds(db, event.visitor, organizationId, now);
  return db.transaction(async (tx) => {
    await lockVisitor(tx, organizationId, ids[0]!);
    const open = await findOpenVisit(tx, organizationId, ids, now);
    if (open) {
      await continueWith(tx, organizationId, open, event);
      return true;
    }
    if (event.kind !== 'pageview') return false;
    const day = dayIn(event.timeZone, now);
    const returning = await visitedThatDay(tx, organizationId, ids[0]!, day);
    await insertVisit(tx, {
      organizationId,
      visitorId: ids[0]!,
      day,
      now,
      entryPage: event.page,
      source: event.source,
    });
    await addToDay(tx, organizationId, day, event.source.channel, {
      visitors: returning ? 0 : 1,
      visits: 1,
      bounces: 1,
      pageviews: 1,
    });
    return true;
  });
}

async function continueWith(
  tx: Transaction,
  organizationId: string,
  open: OpenVisit,
  event: VisitEvent,
) {
  const pageviews = open.pageviews + (event.kind === 'pageview' ? 1 : 0);
  const durationS = Math.max(open.durationS, secondsBetween(open.startedAt, event.now));
  // More than one page, or an interaction: no bounce (research §6.1).
  const isBounce = false;
  await continueVisit(tx, organizationId, open.id, {
    now: event.now,
    pageviews,
    durationS,
    isBounce,
  });
  await addToDay(tx, organizationId, open.day, open.channel, {
    pageviews: pageviews - open.pageviews,
    durationS: durationS - open.durationS,
    bounces: open.isBounce ? -1 : 0,
  });
}

/**
 * Converts a visit (once): the day's conversions grow by one for its visitor's first conversion
 * of the day, in the channel the visitor counts in that day.
 */
async function convertVisit(tx: DbOrTx, organizationId: string, visitId: number) {
  // The visitor's lock first, then the row (the order page views take them in).
  const seen = await findVisit(tx, organizationId, visitId, { lock: false });
  if (!seen || seen.converted) return;
  await lockVisitor(tx, organizationId, BigInt(seen.visitorId));
  const visit = await findVisit(tx, organizationId, visitId, { lock: true });
  if (!visit || visit.converted) return;
  const channel = await markConverted(tx, organizationId, visit);
  if (channel) await addToDay(tx, organizationId, visit.day, channel, { conversions: 1 });
}

async function openVisitOf(
  db: DbOrTx,
  input: { organizationId: string; visitor: VisitorFingerprint; now: Date },
): Promise<OpenVisit | undefined> {
  const ids = await visitorIds(db, input.visitor, input.organizationId, input.now);
  return findOpenVisit(db, input.organizationId, ids, input.now);
}

/**
 * The pre-registration form was sent (admissions): the visitor's visit under way converts. Does
 * nothing for a visitor not followed, or without a visit (the beacon blocked).
 */
export async function noteVisitorRegistration(
  db: DbOrTx,
  input: { organizationId: string; admissionId: string; visitor: VisitorFingerprint; now: Date },
): Promise<void> {
  if (untracked(input.visitor)) return;
  await db.transaction(async (tx) => {
    const open = await openVisitOf(tx, input);
    if (open) await convertVisit(tx, input.organizationId, open.id);
  });
}

/**
 * A payment attempt started from a public page (payer): the visit it came from and its channel
 * are kept; the visit converts when the payment succeeds (`pageAnalyticsEventHandlers`).
 */
export async function noteVisitorPayment(
  db: DbOrTx,
  input: { organizationId: string; attemptId: string; visitor: VisitorFingerprint; now: Date },
): Promise<void> {
  if (untracked(input.visitor)) return;
  const open = await openVisitOf(db, input);
  if (!open) return;
  await insertVisitPayment(db, {
    organizationId: input.organizationId,
    attemptId: input.attemptId,
    visitId: open.id,
    channel: open.channel,
  });
}

/** `payment.succeeded`: the visit the payment started from converts (once). */
export async function convertPaidVisit(tx: Transaction, organizationId: string, attemptId: string) {
  const visitId = await visitOfPayment(tx, organizationId, attemptId);
  if (visitId !== undefined) await convertVisit(tx, organizationId, visitId);
}
