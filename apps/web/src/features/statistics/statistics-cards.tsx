import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowDownRight,
  ArrowUpRight,
  CircleAlert,
  Hourglass,
  Info,
  LogOut,
  Minus,
  MousePointerClick,
  Percent,
  Timer,
  Users,
  Wallet,
} from 'lucide-react';
import type { Kpi, MoneyCards, TrafficCards } from '@ecolage/contracts';
import { formatMoney } from '../../lib/amounts';
import { formatNumber } from '../../lib/format';
import { formatChange, formatPercent } from '../dashboard/kpi-format';
import { durationParts } from './statistics-format';

type Kind = 'count' | 'percent' | 'money' | 'days' | 'duration';

interface CardSpec<Key extends string> {
  key: Key;
  icon: LucideIcon;
  kind: Kind;
  /** Which way is good news (colour of the change, with its arrow and sign). */
  better: 'up' | 'down';
}

const TRAFFIC: CardSpec<'visitors' | 'conversionRate' | 'bounceRate' | 'averageSessionSeconds'>[] =
  [
    { key: 'visitors', icon: Users, kind: 'count', better: 'up' },
    { key: 'conversionRate', icon: MousePointerClick, kind: 'percent', better: 'up' },
    { key: 'bounceRate', icon: LogOut, kind: 'percent', better: 'down' },
    { key: 'averageSessionSeconds', icon: Timer, kind: 'duration', better: 'up' },
  ];

const MONEY: CardSpec<keyof MoneyCards>[] = [
  { key: 'collected', icon: Wallet, kind: 'money', better: 'up' },
  { key: 'collectionRate', icon: Percent, kind: 'percent', better: 'up' },
  { key: 'overdue', icon: CircleAlert, kind: 'money', better: 'down' },
  { key: 'averageDaysToPay', icon: Hourglass, kind: 'days', better: 'down' },
];

/** A figure as the card writes it: « 1 250 000 FCFA », « 12,5 % », « 2 min 05 s », « 12,5 jours ». */
export function useFigure() {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  return (kind: Kind, value: number): string => {
    switch (kind) {
      case 'money':
        return formatMoney(Math.round(value), language);
      case 'percent':
        return formatPercent(value, language);
      case 'days':
        return t('statistics.units.days', {
          count: value,
          value: formatNumber(value, language, 1),
        });
      case 'duration': {
        const { minutes, seconds } = durationParts(value);
        return minutes === 0
          ? t('statistics.units.seconds', { seconds: String(Number(seconds)) })
          : t('statistics.units.minutesSeconds', { minutes, seconds });
      }
      default:
        return formatNumber(value, language, 0);
    }
  };
}

/** The four cards of the public pages' traffic, or the note that nobody visited them. */
export function TrafficCardList({ traffic }: { traffic: TrafficCards | null | undefined }) {
  const { t } = useTranslation();
  const helpId = useId();
  const [help, setHelp] = useState(false);
  return (
    <section aria-label={t('statistics.traffic.label')} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-bold text-slate-900">{t('statistics.traffic.label')}</h2>
        <button
          type="button"
          aria-expanded={help}
          aria-controls={helpId}
          onClick={() => setHelp((open) => !open)}
          className="inline-flex min-h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <Info aria-hidden="true" className="size-4" />
          {t('statistics.traffic.help')}
        </button>
      </div>
      <p
        id={helpId}
        hidden={!help}
        className="max-w-3xl rounded-xl bg-slate-50 p-3 text-sm text-slate-700"
      >
        {t('statistics.traffic.helpText')}
      </p>
      {traffic === null ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          {t('statistics.traffic.none')}
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {TRAFFIC.map((card) => (
            <FigureCard
              key={card.key}
              spec={card}
              name={t(`statistics.traffic.${card.key}`)}
              kpi={traffic?.[card.key]}
            />
          ))}
        </dl>
      )}
    </section>
  );
}

/** Encaissé, Taux de recouvrement, Impayés, Délai moyen de paiement. */
export function MoneyCardList({ money }: { money: MoneyCards | undefined }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('statistics.money.label')} className="space-y-3">
      <h2 className="text-lg font-bold text-slate-900">{t('statistics.money.label')}</h2>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {MONEY.map((card) => (
          <FigureCard
            key={card.key}
            spec={card}
            name={t(`statistics.money.${card.key}`)}
            kpi={money?.[card.key]}
          />
        ))}
      </dl>
    </section>
  );
}

function FigureCard({
  spec,
  name,
  kpi,
}: {
  spec: CardSpec<string>;
  name: string;
  kpi: Kpi | undefined;
}) {
  const figure = useFigure();
  const Icon = spec.icon;
  return (
    <div className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
        {name}
      </dt>
      <dd className="mt-2 flex flex-1 flex-col">
        {kpi ? (
          <>
            <span className="text-2xl font-extrabold whitespace-nowrap text-slate-900 tabular-nums">
              {figure(spec.kind, kpi.value)}
            </span>
            <Change change={kpi.change} better={spec.better} />
          </>
        ) : (
          <span
            aria-hidden="true"
            className="block h-8 w-3/4 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none"
          />
        )}
      </dd>
    </div>
  );
}

/** « ↑ +12 % par rapport à la période précédente », green when good news, red when not. */
function Change({ change, better }: { change: number | null; better: 'up' | 'down' }) {
  const { t, i18n } = useTranslation();
  if (change === null) {
    return (
      <span className="mt-auto pt-2 text-sm text-slate-600">{t('statistics.change.none')}</span>
    );
  }
  const text = formatChange(change, i18n.language);
  const direction = text === null ? null : change > 0 ? 'up' : 'down';
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  const tone =
    direction === null
      ? 'text-slate-700'
      : direction === better
        ? 'text-green-800'
        : 'text-red-800';
  return (
    <span className="mt-auto flex flex-wrap items-center gap-x-1.5 pt-2 text-sm">
      <span className={`inline-flex items-center gap-1 font-semibold ${tone}`}>
        <Icon aria-hidden="true" className="size-4" />
        {direction ? <span className="sr-only">{t(`statistics.change.${direction}`)}</span> : null}
        {text ?? t('statistics.change.stable')}
      </span>
      <span className="text-slate-600">{t('statistics.change.previous')}</span>
    </span>
  );
}
