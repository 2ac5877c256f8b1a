import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Mail, Pencil, Phone } from 'lucide-react';
import { ageOn, formatPhone } from '@ecolage/contracts';
import type { StudentDetail } from '@ecolage/contracts';
import { ChevronLeftIcon } from '../../components/ui/admin-icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { StudentDialog } from './student-dialog';
import { formatMoney } from '../../lib/amounts';
import { formatBirthDate, localToday } from './birth-date';
import { StudentStatusBadge } from './students-table';

/** « ‹ Étudiants », back to the list. */
export function BackToStudents() {
  const { t } = useTranslation();
  return (
    <Link
      to="/admin/etudiants"
      className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ChevronLeftIcon className="size-4" />
      {t('studentDetail.back')}
    </Link>
  );
}

/**
 * The top of a student's page: name, matricule, status, programme and level, contact, the
 * « Modifier » button (write:students) and the balance cards.
 */
export function StudentHeader({ student, canEdit }: { student: StudentDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const programme = [student.programme?.name, student.level?.name].filter(Boolean).join(' · ');

  return (
    <header className="space-y-5">
      <BackToStudents />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-2xl font-extrabold tracking-tight break-words text-brand-950 sm:text-3xl">
              {student.fullName}
            </h1>
            <StudentStatusBadge status={student.status} />
            {student.archived ? <Badge tone="grey">{t('studentDetail.archived')}</Badge> : null}
          </div>
          <dl className="flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            <div className="flex gap-1.5">
              <dt>{t('studentDetail.matricule')}</dt>
              <dd className="font-semibold text-slate-900">{student.matricule}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="sr-only">{t('studentDetail.programme')}</dt>
              <dd>{programme || t('studentDetail.noProgramme')}</dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt>
                <Phone aria-hidden="true" className="size-4 text-slate-500" />
                <span className="sr-only">{t('studentDetail.phone')}</span>
              </dt>
              <dd>
                {student.phone ? (
                  <a href={`tel:${student.phone}`} className="hover:underline">
                    {formatPhone(student.phone)}
                  </a>
                ) : (
                  t('studentDetail.noPhone')
                )}
              </dd>
            </div>
            <BirthDateItem birthDate={student.birthDate} />
            <div className="flex min-w-0 items-center gap-1.5">
              <dt>
                <Mail aria-hidden="true" className="size-4 text-slate-500" />
                <span className="sr-only">{t('studentDetail.email')}</span>
              </dt>
              <dd className="min-w-0 break-all">
                {student.email ? (
                  <a href={`mailto:${student.email}`} className="hover:underline">
                    {student.email}
                  </a>
                ) : (
                  t('studentDetail.noEmail')
                )}
              </dd>
            </div>
          </dl>
        </div>
        {canEdit ? (
          <Button variant="secondary" className="max-sm:w-full" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('studentDetail.edit')}
          </Button>
        ) : null}
      </div>
      <BalanceCards balances={student.balances} />
      {canEdit && editing ? (
        <StudentDialog open onClose={() => setEditing(false)} student={student} />
      ) : null}
    </header>
  );
}

/** « Date de naissance : 14 mars 2012 (12 ans) », or that it is unknown. */
function BirthDateItem({ birthDate }: { birthDate: string | null }) {
  const { t, i18n } = useTranslation();
  if (!birthDate) {
    return (
      <div className="flex gap-1.5">
        <dt className="sr-only">{t('studentDetail.birthDate')}</dt>
        <dd>{t('studentDetail.noBirthDate')}</dd>
      </div>
    );
  }
  return (
    <div className="flex gap-1.5">
      <dt>{t('studentDetail.birthDate')}</dt>
      <dd className="text-slate-900">
        <time dateTime={birthDate}>{formatBirthDate(birthDate, i18n.language)}</time>{' '}
        <span data-testid="student-age">
          ({t('studentDetail.age', { count: ageOn(birthDate, localToday()) })})
        </span>
      </dd>
    </div>
  );
}

function BalanceCards({ balances }: { balances: StudentDetail['balances'] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const cards = [
    { key: 'billed', amount: balances.billed, alert: false },
    { key: 'paid', amount: balances.paid, alert: false },
    { key: 'due', amount: balances.due, alert: false },
    { key: 'overdue', amount: balances.overdue, alert: balances.overdue > 0 },
  ] as const;
  return (
    <section aria-label={t('studentDetail.balances.title')}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div
            key={card.key}
            className={[
              'min-w-0 rounded-2xl border p-3 sm:p-4',
              card.alert ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white',
            ].join(' ')}
          >
            <dt className={card.alert ? 'text-sm text-red-800' : 'text-sm text-slate-600'}>
              {t(`studentDetail.balances.${card.key}`)}
            </dt>
            <dd
              className={[
                // One line: an amount never breaks (« 1 265 000 FCFA », no-break spaces).
                'mt-1 text-base font-bold whitespace-nowrap tabular-nums sm:text-xl',
                card.alert ? 'text-red-800' : 'text-slate-900',
              ].join(' ')}
            >
              {formatMoney(card.amount, locale)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
