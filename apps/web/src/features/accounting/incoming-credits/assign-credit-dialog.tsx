import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IncomingCredit, StudentItem } from '@ecolage/contracts';
import { Button, SubmitButton } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SearchField } from '../../../components/ui/search-field';
import { notify } from '../../../components/ui/toaster';
import { formatMoney } from '../../../lib/amounts';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { useStudents } from '../../students/students.api';
import { useAssignIncomingCredit } from './incoming-credits.api';

const STUDENT_SEARCH_MIN = 2;

/** The students' own search; each match with what is left to pay. */
function StudentSearch({ onChoose }: { onChoose: (student: StudentItem) => void }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const ready = search.length >= STUDENT_SEARCH_MIN;
  const results = useStudents(
    {
      search,
      status: null,
      programmeId: null,
      levelId: null,
      yearId: null,
      balance: null,
      page: 1,
      pageSize: 6,
    },
    ready,
  );
  const items = ready ? (results.data?.items ?? []) : [];
  let status = '';
  if (!ready) status = t('incomingCredits.assignDialog.searchHint');
  else if (results.isPending) status = t('incomingCredits.assignDialog.searching');
  else if (results.isSuccess && items.length === 0) {
    status = t('incomingCredits.assignDialog.noMatch', { search });
  }
  return (
    <div className="space-y-2">
      <SearchField
        label={t('incomingCredits.assignDialog.search')}
        placeholder={t('incomingCredits.assignDialog.searchPlaceholder')}
        value={search}
        onSearch={setSearch}
      />
      <p role="status" className="text-sm text-slate-600">
        {status}
      </p>
      {items.length > 0 ? (
        <ul
          aria-label={t('incomingCredits.assignDialog.results')}
          aria-busy={results.isFetching || undefined}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200"
        >
          {items.map((student) => (
            <li key={student.id}>
              <button
                type="button"
                onClick={() => onChoose(student)}
                className="flex min-h-11 w-full items-center justify-between gap-3 px-4 py-2 text-left hover:bg-brand-50"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{student.fullName}</span>
                  <span className="block text-sm text-slate-700">{student.matricule}</span>
                </span>
                <span className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">
                  {t('incomingCredits.assignDialog.balance', {
                    amount: formatMoney(student.balance, i18n.language),
                  })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * « Affecter »: the member finds the student (name or matricule, with the open balance) and
 * assigns the credit; the payment, its allocation and its receipt follow on the server. A refusal
 * (already assigned by someone else, returned…) is shown in the dialog in the reader's language.
 */
export function AssignCreditDialog({
  credit,
  onClose,
}: {
  credit: IncomingCredit;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  const [student, setStudent] = useState<StudentItem | null>(null);
  const [missing, setMissing] = useState(false);
  const assign = useAssignIncomingCredit();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (assign.isPending) return;
    if (!student) {
      setMissing(true);
      return;
    }
    assign.mutate(
      { creditId: credit.id, studentId: student.id },
      {
        onSuccess: () => {
          notify.success(t('incomingCredits.assignDialog.done', { name: student.fullName }));
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t('incomingCredits.assignDialog.title')}
      description={t('incomingCredits.assignDialog.description', {
        amount: formatMoney(credit.amount, language),
        date: formatDateTime(credit.receivedAt, language),
        reference: credit.reference ?? t('incomingCredits.noReference'),
      })}
      closeLabel={t('incomingCredits.assignDialog.close')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {student ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
            <p role="status" className="text-sm text-slate-900">
              {t('incomingCredits.assignDialog.chosen', {
                name: student.fullName,
                matricule: student.matricule,
                amount: formatMoney(student.balance, language),
              })}
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setStudent(null);
                assign.reset();
              }}
            >
              {t('incomingCredits.assignDialog.change')}
            </Button>
          </div>
        ) : (
          <StudentSearch
            onChoose={(chosen) => {
              setStudent(chosen);
              setMissing(false);
            }}
          />
        )}
        <p className="text-sm text-slate-700">{t('incomingCredits.assignDialog.payerHint')}</p>
        {missing ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {t('incomingCredits.assignDialog.chooseFirst')}
          </p>
        ) : null}
        {assign.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {errorMessage(assign.error, t, t('incomingCredits.assignDialog.failure'))}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('incomingCredits.assignDialog.cancel')}
          </Button>
          <SubmitButton
            pending={assign.isPending}
            label={t('incomingCredits.assignDialog.submit')}
            pendingLabel={t('incomingCredits.assignDialog.submitting')}
          />
        </div>
      </form>
    </Dialog>
  );
}
