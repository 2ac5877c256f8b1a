import { useId } from 'react';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FormSubmitButton, type KitForm } from '../../components/ui/form';
import { useDocumentTitle } from '../../lib/use-document-title';
import { addFrenchStrings } from '../../i18n/add-strings';
import { settings as settingsStrings } from '../../i18n/fr/settings';
import { can, useSession } from '../auth/session-store';

addFrenchStrings(settingsStrings);

/** Where each screen's « ← » leads (spec §2 back-link chain). */
export type BackTarget = 'general' | 'appearance' | 'details';
const BACK_PATHS: Record<BackTarget, string> = {
  general: '/admin/general',
  appearance: '/admin/appearance',
  details: '/admin/details',
};

/** A settings screen: its back link, title, lead, then its sections. */
export function SettingsPage({
  title,
  lead,
  back,
  children,
}: {
  title: string;
  lead: ReactNode;
  back?: BackTarget;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className="max-w-4xl space-y-6">
      <header>
        {back ? (
          <Link
            to={BACK_PATHS[back]}
            aria-label={t('settings.back.label', { page: t(`settings.back.${back}`) })}
            className="mb-3 inline-flex min-h-11 items-center gap-1.5 rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <span aria-hidden="true">←</span>
            {t(`settings.back.${back}`)}
          </Link>
        ) : null}
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {title}
        </h1>
        <p className="mt-2 text-base text-slate-700">{lead}</p>
      </header>
      {children}
    </div>
  );
}

/** A titled card of a settings screen (a region named by its title). */
export function SettingsSection({
  title,
  lead,
  children,
  action,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {title}
          </h2>
          {lead ? <p className="mt-1 text-sm text-slate-600">{lead}</p> : null}
        </div>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The query failed: say so and offer to ask again. */
export function LoadFailure({ onRetry, pending }: { onRetry: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{t('settings.loadError')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry} disabled={pending}>
        {t('settings.retry')}
      </Button>
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-slate-600">
      {t('settings.loading')}
    </p>
  );
}

/** Whether the member may change the school's settings (else the screens are read-only). */
export function useMayManageSettings(): boolean {
  const session = useSession();
  return can('manage:settings', session);
}

/** « Votre rôle permet de consulter… » over a read-only screen. */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  return (
    <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      {t('settings.readOnly')}
    </p>
  );
}

/** `2 411 724` bytes → « 2,3 Mo » (French) / « 2.3 MB ». */
export function formatBytes(bytes: number, language: string): string {
  const fr = language.startsWith('fr');
  if (bytes < 1024 * 1024) {
    const kb = Math.max(1, Math.round(bytes / 1024));
    return `${kb.toLocaleString(fr ? 'fr-FR' : 'en-GB')} ${fr ? 'Ko' : 'KB'}`;
  }
  const mb = bytes / (1024 * 1024);
  return `${mb.toLocaleString(fr ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 1 })} ${fr ? 'Mo' : 'MB'}`;
}

/**
 * The body every settings screen shares: the read-only notice for members who may only look,
 * the failure with its retry, the loading state, then the screen drawn from its data.
 */
export function SettingsContent<Data>({
  query,
  editable,
  children,
}: {
  query: Pick<UseQueryResult<Data>, 'data' | 'isError' | 'isPending' | 'isFetching' | 'refetch'>;
  editable: boolean;
  children: (data: Data) => ReactNode;
}) {
  return (
    <>
      {editable ? null : <ReadOnlyNotice />}
      {query.isError ? (
        <LoadFailure onRetry={() => void query.refetch()} pending={query.isFetching} />
      ) : null}
      {query.data !== undefined ? children(query.data) : query.isPending ? <Loading /> : null}
    </>
  );
}

/** A settings form's save button, shown only to members who may change the settings. */
export function SettingsSaveBar<Input extends FieldValues, Output>({
  form,
  editable,
  label,
  pendingLabel,
  className = 'flex justify-end',
}: {
  form: KitForm<Input, Output>;
  editable: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  if (!editable) return null;
  return (
    <div className={className}>
      <FormSubmitButton form={form} label={label} pendingLabel={pendingLabel} />
    </div>
  );
}
