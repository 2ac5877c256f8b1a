import { useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { addFrenchStrings } from '../../i18n/add-strings';
import { campaigns } from '../../i18n/fr/campaigns';
import { marketingPage } from '../../i18n/fr/marketing-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CampaignsTab } from './campaigns-tab';
import { CouponsTab } from './coupons-tab';
import { DEFAULT_KPI_DAYS, KPI_PERIODS, MarketingKpiCards } from './marketing-kpis';
import { ScholarshipsTab } from './scholarships-tab';

addFrenchStrings(marketingPage, campaigns);

export const MARKETING_TABS = ['campaigns', 'coupons', 'scholarships'] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number];

/** `?onglet=` in the address's words; the first tab has none. */
const TAB_WORDS: Record<MarketingTab, string | null> = {
  campaigns: null,
  coupons: 'coupons',
  scholarships: 'bourses',
};

export function readMarketingTab(params: URLSearchParams): MarketingTab {
  const word = params.get('onglet');
  return MARKETING_TABS.find((tab) => TAB_WORDS[tab] === word) ?? 'campaigns';
}

/** `?jours=`: one of the offered periods, else 30. */
export function readKpiDays(params: URLSearchParams): number {
  const days = Number(params.get('jours'));
  return (KPI_PERIODS as readonly number[]).includes(days) ? days : DEFAULT_KPI_DAYS;
}

/** The tab list: arrow keys, Home and End move between the tabs (and choose them). */
function Tabs({
  current,
  ids,
  onChange,
}: {
  current: MarketingTab;
  ids: Record<MarketingTab, { tab: string; panel: string }>;
  onChange: (tab: MarketingTab) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<MarketingTab, HTMLButtonElement | null>>>({});

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = MARKETING_TABS.indexOf(current);
    const count = MARKETING_TABS.length;
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: count - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = MARKETING_TABS[((moves[event.key] ?? 0) + count) % count] ?? current;
    onChange(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={t('marketingPage.tabs.label')}
      onKeyDown={onKey}
      className="flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {MARKETING_TABS.map((tab) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            id={ids[tab].tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? ids[tab].panel : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={[
              '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold',
              selected
                ? 'border-brand-600 text-brand-800'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            ].join(' ')}
          >
            {t(`marketingPage.tabs.${tab}`)}
          </button>
        );
      })}
    </div>
  );
}

/**
 * « Marketing » (/admin/marketing, read:marketing): the four KPI cards of the school's campaigns
 * (`?jours=`), then three tabs — Campagnes, Coupons, Bourses — the tab in the address
 * (`?onglet=coupons`, `?onglet=bourses`). This shell owns `onglet` and `jours`; each tab reads
 * and writes its own list state (search, filters, page) in the address itself, and has its own
 * create button and dialog. Changing tab starts the new one on its first page without a filter.
 */
export function MarketingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('marketingPage.title'));
  const [params, setParams] = useSearchParams();
  const tab = readMarketingTab(params);
  const days = readKpiDays(params);
  const base = useId();
  const ids = Object.fromEntries(
    MARKETING_TABS.map((name) => [
      name,
      { tab: `${base}-onglet-${name}`, panel: `${base}-panneau-${name}` },
    ]),
  ) as Record<MarketingTab, { tab: string; panel: string }>;

  function changeTab(next: MarketingTab) {
    if (next === tab) return;
    setParams((current) => {
      const kept = new URLSearchParams();
      const word = TAB_WORDS[next];
      if (word) kept.set('onglet', word);
      const jours = current.get('jours');
      if (jours) kept.set('jours', jours);
      return kept;
    });
  }

  function changeDays(next: number) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_KPI_DAYS) updated.delete('jours');
        else updated.set('jours', String(next));
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('marketingPage.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('marketingPage.lead')}</p>
      </header>

      <MarketingKpiCards days={days} onDaysChange={changeDays} />

      <div className="space-y-4">
        <Tabs current={tab} ids={ids} onChange={changeTab} />
        <div role="tabpanel" id={ids[tab].panel} aria-labelledby={ids[tab].tab} tabIndex={-1}>
          {tab === 'campaigns' ? <CampaignsTab /> : null}
          {tab === 'coupons' ? <CouponsTab /> : null}
          {tab === 'scholarships' ? <ScholarshipsTab /> : null}
        </div>
      </div>
    </div>
  );
}
