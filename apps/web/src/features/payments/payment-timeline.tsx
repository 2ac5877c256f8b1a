import { useId } from 'react';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightLeft, BellRing, FileCheck2, ReceiptText, Undo2 } from 'lucide-react';
import type { PaymentTimeline, Refund } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { formatMoney } from '../../lib/amounts';
import { formatDateTime } from '../../lib/format';

type Transition = PaymentTimeline['transitions'][number];
type ProviderEvent = PaymentTimeline['providerEvents'][number];

/** One line of a payment's story, in the order things happened. */
export type TimelineEntry =
  | { kind: 'transition'; at: string; transition: Transition }
  | { kind: 'event'; at: string; event: ProviderEvent }
  | { kind: 'allocation'; at: string }
  | { kind: 'receipt'; at: string; number: string }
  | { kind: 'refundRequested'; at: string; refund: Refund }
  | { kind: 'refundEnded'; at: string; refund: Refund };

/**
 * The payment's story from the timeline's parts: its transitions, the provider's notifications,
 * what it paid (when it was received), its receipt, the refunds asked for and how they ended.
 * Sorted by time; at the same time, in that order (a transition before what it caused).
 */
export function timelineEntries(timeline: PaymentTimeline): TimelineEntry[] {
  const { payment } = timeline;
  const entries: TimelineEntry[] = [
    ...timeline.transitions.map((transition) => ({
      kind: 'transition' as const,
      at: transition.at,
      transition,
    })),
    ...timeline.providerEvents.map((event) => ({
      kind: 'event' as const,
      at: event.receivedAt,
      event,
    })),
  ];
  if (payment.succeededAt && (payment.allocations.length > 0 || payment.creditAmount > 0)) {
    entries.push({ kind: 'allocation', at: payment.succeededAt });
  }
  if (timeline.receipt) {
    entries.push({
      kind: 'receipt',
      at: timeline.receipt.issuedAt,
      number: timeline.receipt.number,
    });
  }
  for (const refund of timeline.refunds) {
    entries.push({ kind: 'refundRequested', at: refund.createdAt, refund });
    if (refund.completedAt && refund.status !== 'pending') {
      entries.push({ kind: 'refundEnded', at: refund.completedAt, refund });
    }
  }
  const time = (entry: TimelineEntry) => {
    const value = Date.parse(entry.at);
    return Number.isNaN(value) ? 0 : value;
  };
  // Array.prototype.sort is stable: equal times keep the order above.
  return entries.sort((a, b) => time(a) - time(b));
}

const REFUND_TONES: Record<Refund['status'], BadgeTone> = {
  pending: 'yellow',
  succeeded: 'purple',
  failed: 'red',
};

const ICONS: Record<TimelineEntry['kind'], ComponentType<SVGProps<SVGSVGElement>>> = {
  transition: ArrowRightLeft,
  event: BellRing,
  allocation: FileCheck2,
  receipt: ReceiptText,
  refundRequested: Undo2,
  refundEnded: Undo2,
};

/** « Historique »: the payment's story, oldest first, each line with its date and time. */
export function PaymentTimelineList({ timeline }: { timeline: PaymentTimeline }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const entries = timelineEntries(timeline);

  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="text-base font-bold text-slate-900">
        {t('payments.timeline.title')}
      </h3>
      <ol className="mt-3 space-y-4 border-l-2 border-slate-200 pl-5">
        {entries.map((entry, index) => {
          const Icon = ICONS[entry.kind];
          return (
            <li key={`${entry.kind}-${index}`} className="relative">
              <span className="absolute top-0.5 -left-[1.95rem] flex size-6 items-center justify-center rounded-full border-2 border-white bg-brand-100 text-brand-800">
                <Icon aria-hidden="true" className="size-3.5" />
              </span>
              <p className="text-xs font-medium text-slate-600">
                <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
              </p>
              <EntryBody entry={entry} timeline={timeline} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Line({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}

function EntryBody({ entry, timeline }: { entry: TimelineEntry; timeline: PaymentTimeline }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const status = (value: Transition['to']) => t(`payments.status.${value}`);
  const title = (text: string) => <p className="font-semibold text-slate-900">{text}</p>;

  switch (entry.kind) {
    case 'transition': {
      const { from, to, cause, providerStatus } = entry.transition;
      const causes = t('payments.timeline.causes', { returnObjects: true }) as Record<
        string,
        string
      >;
      return (
        <>
          {title(
            from === null
              ? t('payments.timeline.created', { status: status(to) })
              : t('payments.timeline.transition', { from: status(from), to: status(to) }),
          )}
          <Line>{t('payments.timeline.cause', { cause: causes[cause] ?? cause })}</Line>
          {providerStatus ? (
            <Line>{t('payments.timeline.providerStatus', { status: providerStatus })}</Line>
          ) : null}
        </>
      );
    }
    case 'event': {
      const { event } = entry;
      const authenticity = t('payments.timeline.authenticity', { returnObjects: true }) as Record<
        string,
        string
      >;
      const outcomes = t('payments.timeline.outcomes', { returnObjects: true }) as Record<
        string,
        string
      >;
      return (
        <>
          {title(t('payments.timeline.event'))}
          {event.eventType ? (
            <Line>{t('payments.timeline.eventType', { type: event.eventType })}</Line>
          ) : null}
          {event.hintedStatus ? (
            <Line>{t('payments.timeline.hinted', { status: event.hintedStatus })}</Line>
          ) : null}
          <Line>
            {authenticity[event.authenticity] ?? event.authenticity} ·{' '}
            {event.outcome
              ? (outcomes[event.outcome] ?? event.outcome)
              : t('payments.timeline.waiting')}
          </Line>
        </>
      );
    }
    case 'allocation': {
      const { payment } = timeline;
      return (
        <>
          {title(t('payments.timeline.allocation'))}
          {payment.allocations.length > 0 ? (
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
              {payment.allocations.map((allocation) => (
                <li key={allocation.invoiceId}>
                  {t('payments.drawer.allocation', {
                    number: allocation.invoiceNumber ?? t('payments.drawer.draftInvoice'),
                    label: allocation.invoiceLabel,
                    student: allocation.studentName,
                    amount: money(allocation.amount),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
          {payment.creditAmount > 0 ? (
            <Line>{t('payments.timeline.credit', { amount: money(payment.creditAmount) })}</Line>
          ) : null}
        </>
      );
    }
    case 'receipt':
      return title(t('payments.timeline.receipt', { number: entry.number }));
    case 'refundRequested': {
      const { refund } = entry;
      return (
        <>
          <div className="flex flex-wrap items-center gap-2">
            {title(
              t('payments.timeline.refundRequested', {
                amount: money(refund.amount),
                name: refund.requestedBy,
              }),
            )}
            {refund.status === 'pending' ? (
              <Badge tone={REFUND_TONES.pending}>
                {t('payments.timeline.refundStatus.pending')}
              </Badge>
            ) : null}
          </div>
          <Line>{t(`payments.timeline.refundMethods.${refund.method}`)}</Line>
          <Line>{t('payments.timeline.refundReason', { reason: refund.reason })}</Line>
        </>
      );
    }
    case 'refundEnded': {
      const { refund } = entry;
      return (
        <>
          <div className="flex flex-wrap items-center gap-2">
            {title(t('payments.timeline.refundEnded', { amount: money(refund.amount) }))}
            <Badge tone={REFUND_TONES[refund.status]}>
              {t(`payments.timeline.refundStatus.${refund.status}`)}
            </Badge>
          </div>
          {refund.failureReason ? <Line>{refund.failureReason}</Line> : null}
        </>
      );
    }
  }
}
