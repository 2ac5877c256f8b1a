import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { admissionStatusValues, refuseAdmissionSchema } from '@ecolage/contracts';
import type { Admission } from '@ecolage/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { admissions as admissionsStrings } from '../../i18n/fr/admissions';
import { studentDetail } from '../../i18n/fr/student-detail';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { useListPageCount, useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { ReasonDialog } from '../students/student-reason';
import {
  ADMISSION_PAGE_SIZES,
  admissionParamsPatch,
  readAdmissionParams,
} from './admission-params';
import type { AdmissionListParams } from './admission-params';
import { useAcceptAdmission, useAdmissions, useRefuseAdmission } from './admissions.api';
import { AdmissionsTable } from './admissions-table';
import { FormAddress } from './form-address';

// The refusal dialog is the students' reason form, with its strings.
addFrenchStrings(admissionsStrings, studentDetail);

/**
 * « Demandes d'inscription » (/admin/etudiants/inscriptions, read:students): the address of the
 * school's public form to share, then its requests by status (those to examine first), newest
 * first, in pages kept in the address. write:students accepts (confirmation, then a toast with
 * the invoices issued) or refuses with a reason.
 */
export function AdmissionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admissions.title'));
  const session = useSession();
  const canDecide = can('write:students', session);
  const filterId = useId();

  const [params, update] = useListParams();
  const list = readAdmissionParams(params);
  const admissions = useAdmissions(list);
  const change = (state: Partial<AdmissionListParams>) => update(admissionParamsPatch(state));
  const pages = useListPageCount(admissions, list.page, list.pageSize, update);

  const accept = useAcceptAdmission();
  const refuse = useRefuseAdmission();
  const [accepting, setAccepting] = useState<Admission | null>(null);
  const [refusing, setRefusing] = useState<Admission | null>(null);

  async function confirmAccept() {
    if (!accepting || accept.isPending) return;
    const { fullName } = accepting;
    try {
      const result = await accept.mutateAsync(accepting.id);
      notify.success(t('admissions.accept.done', { name: fullName, count: result.invoicesIssued }));
    } catch (error) {
      notify.error(errorMessage(error, t, t('admissions.accept.failure')));
    } finally {
      setAccepting(null);
    }
  }

  async function submitRefusal(reason: string) {
    if (!refusing) return;
    await refuse.mutateAsync({ admissionId: refusing.id, reason });
    notify.success(t('admissions.refuse.done', { name: refusing.fullName }));
    setRefusing(null);
  }

  const data = admissions.data;
  let body;
  if (admissions.isPending) {
    body = <ListState tone="loading" title={t('admissions.table.loading')} />;
  } else if (admissions.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('admissions.table.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void admissions.refetch()}
      >
        {errorStatus(admissions.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body =
      list.status === 'submitted' ? (
        <ListState title={t('admissions.table.empty')}>{t('admissions.table.emptyHint')}</ListState>
      ) : (
        <ListState title={t('admissions.table.emptyDecided')}>
          {t('admissions.table.emptyDecidedHint')}
        </ListState>
      );
  } else {
    body = (
      <AdmissionsTable
        admissions={data.items}
        busy={admissions.isPlaceholderData}
        canDecide={canDecide}
        onAccept={setAccepting}
        onRefuse={setRefusing}
      />
    );
  }

  return (
    <div className="space-y-8">
      <header>
        <Link
          to="/admin/etudiants"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('admissions.back')}
        </Link>
        <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
          {t('admissions.title')}
        </h1>
        <p className="mt-2 max-w-3xl text-base text-slate-700">{t('admissions.lead')}</p>
      </header>

      {session ? <FormAddress slug={session.organization.slug} /> : null}

      <section aria-label={t('admissions.table.caption')} className="space-y-4">
        <div role="group" aria-labelledby={filterId}>
          <p id={filterId} className="mb-1.5 text-sm font-medium text-slate-800">
            {t('admissions.filter')}
          </p>
          <div className="flex flex-wrap gap-2">
            {admissionStatusValues.map((status) => {
              const active = list.status === status;
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={active}
                  onClick={() => change({ status, page: 1 })}
                  className={`min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors ${
                    active
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                  }`}
                >
                  {t(`admissions.status.${status}`)}
                </button>
              );
            })}
          </div>
        </div>

        {body}

        {data && data.total > 0 ? (
          <Pager
            page={Math.min(list.page, pages)}
            pageCount={pages}
            total={data.total}
            pageSize={list.pageSize}
            onPageChange={(page) => change({ page })}
            pageSizes={ADMISSION_PAGE_SIZES}
            onPageSizeChange={(pageSize) => change({ pageSize, page: 1 })}
          />
        ) : null}
      </section>

      {canDecide ? (
        <>
          <ConfirmDialog
            open={accepting !== null}
            title={t('admissions.accept.title', { name: accepting?.fullName ?? '' })}
            confirmLabel={t('admissions.accept.confirm')}
            pendingLabel={t('admissions.accept.pending')}
            cancelLabel={t('ui.cancel')}
            closeLabel={t('common.close')}
            pending={accept.isPending}
            onConfirm={() => void confirmAccept()}
            onClose={() => setAccepting(null)}
          >
            <p>
              {accepting
                ? t('admissions.accept.body', {
                    name: accepting.fullName,
                    programme: accepting.programmeName,
                    level: accepting.levelName,
                  })
                : null}
            </p>
          </ConfirmDialog>
          <ReasonDialog
            open={refusing !== null}
            onClose={() => setRefusing(null)}
            title={t('admissions.refuse.title', { name: refusing?.fullName ?? '' })}
            description={t('admissions.refuse.body')}
            label={t('admissions.refuse.reason')}
            confirmLabel={t('admissions.refuse.confirm')}
            pendingLabel={t('admissions.refuse.pending')}
            schema={refuseAdmissionSchema}
            pending={refuse.isPending}
            onSubmit={submitRefusal}
          />
        </>
      ) : null}
    </div>
  );
}
