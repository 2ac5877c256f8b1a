import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpen, Download } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { addFrenchStrings } from '../../i18n/add-strings';
import { accounting } from '../../i18n/fr/accounting';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { ACCOUNTING_TABS, accountingTabPatch, readAccountingTab } from './accounting-tabs';
import type { AccountingTab } from './accounting-tabs';
import { SettlementsTab } from './settlements/settlements-tab';
import { PayoutsTab } from './payouts/payouts-tab';
import { ReconciliationTab } from './reconciliation/reconciliation-tab';
import { IncomingCreditsTab } from './incoming-credits/incoming-credits-tab';
import { AccountingSettingsTab } from './journal/accounting-settings-tab';
import { JournalDialog } from './journal/journal-dialog';
import { ReportsDialog } from './reports/reports-dialog';

addFrenchStrings(accounting);

/** The tab list (arrow keys, Home, End move between the tabs), the tab in the address. */
function Tabs({
  tabs,
  current,
  ids,
  onChange,
}: {
  tabs: readonly AccountingTab[];
  current: AccountingTab;
  ids: (tab: AccountingTab) => { tab: string; panel: string };
  onChange: (tab: AccountingTab) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<AccountingTab, HTMLButtonElement | null>>>({});

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = tabs[((moves[event.key] ?? 0) + tabs.length) % tabs.length] ?? current;
    onChange(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={t('accounting.tabs.label')}
      onKeyDown={onKey}
      className="flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {tabs.map((tab) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[tab] = element;
            }}
            id={ids(tab).tab}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={selected ? ids(tab).panel : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={[
              '-mb-px min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold',
              selected
                ? 'border-brand-600 text-brand-800'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            ].join(' ')}
          >
            {t(`accounting.tabs.${tab}`)}
          </button>
        );
      })}
    </div>
  );
}

/**
 * « Comptabilité » (/admin/comptabilite, read:accounting): what the school is owed for each
 * payment (gross, commission, provider fee, net, payout), the payouts to its bank account, the
 * reconciliation with the providers' statements, the money that arrived unasked, the accounting
 * settings; « Journal » exports the entries (export:accounting), « Exporter » the reports.
 */
export function AccountingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('accounting.title'));
  const session = useSession();
  const [search, update] = useListParams();
  const tabs = ACCOUNTING_TABS.filter((tab) => can(tab.permission, session)).map((tab) => tab.key);
  const current = readAccountingTab(search, tabs);
  const [dialog, setDialog] = useState<'journal' | 'reports' | null>(null);
  const base = useId();
  const ids = (tab: AccountingTab) => ({
    tab: `${base}-onglet-${tab}`,
    panel: `${base}-panneau-${tab}`,
  });
  const canExport = can('export:accounting', session);

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
            {t('accounting.title')}
          </h1>
          <p className="mt-2 max-w-3xl text-base text-slate-700">{t('accounting.lead')}</p>
        </div>
        <div className="flex gap-2 max-sm:flex-col">
          {canExport ? (
            <Button variant="secondary" onClick={() => setDialog('journal')}>
              <BookOpen aria-hidden="true" className="size-4" />
              {t('accounting.journal')}
            </Button>
          ) : null}
          <Button onClick={() => setDialog('reports')}>
            <Download aria-hidden="true" className="size-4" />
            {t('accounting.export')}
          </Button>
        </div>
      </header>

      <Tabs
        tabs={tabs}
        current={current}
        ids={ids}
        onChange={(tab) => {
          if (tab !== current) update(accountingTabPatch(tab));
        }}
      />
      <div role="tabpanel" id={ids(current).panel} aria-labelledby={ids(current).tab} tabIndex={-1}>
        {current === 'settlements' ? <SettlementsTab search={search} update={update} /> : null}
        {current === 'payouts' ? <PayoutsTab search={search} update={update} /> : null}
        {current === 'reconciliation' ? (
          <ReconciliationTab search={search} update={update} />
        ) : null}
        {current === 'incomingCredits' ? (
          <IncomingCreditsTab search={search} update={update} />
        ) : null}
        {current === 'settings' ? <AccountingSettingsTab /> : null}
      </div>

      {dialog === 'journal' ? <JournalDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'reports' ? <ReportsDialog onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
