import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { addFrenchStrings } from '../../i18n/add-strings';
import { automations } from '../../i18n/fr/automations';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { AUTOMATION_TABS, automationParamsPatch, readAutomationParams } from './automations-params';
import type { AutomationTab } from './automations-params';
import { MessagesSection } from './messages-section';
import { WorkflowsSection } from './workflows-section';

addFrenchStrings(automations);

/** The two tabs: a tab list (arrow keys, Home, End move between them), the tab in the address. */
function Tabs({
  current,
  ids,
  onChange,
}: {
  current: AutomationTab;
  ids: Record<AutomationTab, { tab: string; panel: string }>;
  onChange: (tab: AutomationTab) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<AutomationTab, HTMLButtonElement | null>>>({});

  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = AUTOMATION_TABS.indexOf(current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: AUTOMATION_TABS.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const count = AUTOMATION_TABS.length;
    const next = AUTOMATION_TABS[((moves[event.key] ?? 0) + count) % count] ?? current;
    onChange(next);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={t('automations.tabs.label')}
      onKeyDown={onKey}
      className="flex gap-1 border-b border-slate-200"
    >
      {AUTOMATION_TABS.map((tab) => {
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
              '-mb-px min-h-11 border-b-2 px-4 text-sm font-semibold',
              selected
                ? 'border-brand-600 text-brand-800'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            ].join(' ')}
          >
            {t(`automations.tabs.${tab}`)}
          </button>
        );
      })}
    </div>
  );
}

/**
 * « Automatisations » (/admin/automatisations, read:automations): the school's workflows —
 * reminders before and after a due date, messages after a payment or an enrolment, the weekly
 * summary — with their switch, editor, simulation and history; and « Messages », what the school
 * sent. write:automations adds « Nouvelle automatisation », the switch, the row's changes and
 * « Réessayer ».
 */
export function AutomationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('automations.title'));
  const session = useSession();
  const canWrite = can('write:automations', session);
  const [search, update] = useListParams();
  const params = readAutomationParams(search);
  const [creating, setCreating] = useState(false);
  const base = useId();
  const ids = {
    workflows: { tab: `${base}-onglet-a`, panel: `${base}-panneau-a` },
    messages: { tab: `${base}-onglet-m`, panel: `${base}-panneau-m` },
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
            {t('automations.title')}
          </h1>
          <p className="mt-2 max-w-3xl text-base text-slate-700">{t('automations.lead')}</p>
        </div>
        {canWrite ? (
          <Button
            onClick={() => {
              if (params.tab !== 'workflows') update(automationParamsPatch({ tab: 'workflows' }));
              setCreating(true);
            }}
            className="max-sm:w-full"
          >
            <Plus aria-hidden="true" className="size-4" />
            {t('automations.create')}
          </Button>
        ) : null}
      </header>

      <Tabs
        current={params.tab}
        ids={ids}
        onChange={(tab) => {
          if (tab !== params.tab) update(automationParamsPatch({ tab }));
        }}
      />
      <div
        role="tabpanel"
        id={ids[params.tab].panel}
        aria-labelledby={ids[params.tab].tab}
        tabIndex={-1}
      >
        {params.tab === 'workflows' ? (
          <WorkflowsSection
            params={params}
            update={update}
            canWrite={canWrite}
            creating={creating}
            onCreated={() => setCreating(false)}
          />
        ) : (
          <MessagesSection params={params} update={update} canRetry={canWrite} />
        )}
      </div>
    </div>
  );
}
