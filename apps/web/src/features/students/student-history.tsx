import { Receipt } from 'lucide-react';
import type { StudentDetail } from '@ecolage/contracts';
import { formatDateTime } from '../../lib/format';
import { useStudentT } from './student-i18n';
import { Card, Section } from './student-ui';

/** « Historique du statut »: each change, newest first, with who made it, when and why. */
export function StudentHistory({ history }: { history: StudentDetail['statusHistory'] }) {
  const { st, language } = useStudentT();
  const changes = [...history].sort((a, b) => b.changedAt.localeCompare(a.changedAt));
  return (
    <Section title={st('history.title')}>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-600">{st('history.empty')}</p>
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
                  ? st('history.changed', {
                      from: st(`status.${change.from}`),
                      to: st(`status.${change.to}`),
                    })
                  : st('history.created', { to: st(`status.${change.to}`) })}
              </p>
              <p className="text-sm text-slate-600">
                <time dateTime={change.changedAt}>
                  {formatDateTime(change.changedAt, language)}
                </time>{' '}
                {st('history.by', { name: change.changedBy })}
              </p>
              {change.reason ? (
                <p className="mt-1 text-sm text-slate-700">
                  {st('history.reason', { reason: change.reason })}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/**
 * « Paiements et reçus »: the product records no payment yet, so the section says so plainly;
 * payments will be listed here once they are recorded.
 */
export function StudentPayments() {
  const { st } = useStudentT();
  return (
    <Section title={st('payments.title')}>
      <Card className="flex gap-3">
        <Receipt aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div>
          <p className="font-semibold text-slate-900">{st('payments.empty')}</p>
          <p className="mt-1 text-sm text-slate-600">{st('payments.hint')}</p>
        </div>
      </Card>
    </Section>
  );
}
