import { useTranslation } from 'react-i18next';
import type { StudentDetail } from '@ecolage/contracts';
import { formatDateTime } from '../../lib/format';
import { Section } from './student-ui';

/** « Historique du statut »: each change, newest first, with who made it, when and why. */
export function StudentHistory({ history }: { history: StudentDetail['statusHistory'] }) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const changes = [...history].sort((a, b) => b.changedAt.localeCompare(a.changedAt));
  return (
    <Section title={t('studentDetail.history.title')}>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-600">{t('studentDetail.history.empty')}</p>
      ) : (
        <ol className="space-y-4 border-l-2 border-slate-200 pl-5">
          {changes.map((change) => (
            <li key={`${change.changedAt}-${change.to}`} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.6rem] size-3 rounded-full border-2 border-white bg-brand-600"
              />
              <p className="font-semibold text-slate-900">
                {change.from
                  ? t('studentDetail.history.changed', {
                      from: t(`studentDetail.status.${change.from}`),
                      to: t(`studentDetail.status.${change.to}`),
                    })
                  : t('studentDetail.history.created', {
                      to: t(`studentDetail.status.${change.to}`),
                    })}
              </p>
              <p className="text-sm text-slate-600">
                <time dateTime={change.changedAt}>
                  {formatDateTime(change.changedAt, language)}
                </time>{' '}
                {t('studentDetail.history.by', { name: change.changedBy })}
              </p>
              {change.reason ? (
                <p className="mt-1 text-sm text-slate-700">
                  {t('studentDetail.history.reason', { reason: change.reason })}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
