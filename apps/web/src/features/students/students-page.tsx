import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { Clock, Filter, GraduationCap, Plus, Upload, UserCheck, UserX } from 'lucide-react';
import { studentStatusValues } from '@ecolage/contracts';
import type { StudentItem, StudentSummary } from '@ecolage/contracts';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ListState } from '../../components/ui/list-state';
import { Pager } from '../../components/ui/pager';
import { SearchField } from '../../components/ui/search-field';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { addFrenchStrings } from '../../i18n/add-strings';
import { students as studentsStrings } from '../../i18n/fr/students';
import { errorMessage, errorStatus } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { pageCount, useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdmissionsButton } from '../admissions/admissions-button';
import { can, useSession } from '../auth/session-store';
import { ImportStudentsDialog } from './import-dialog';
import { StudentDialog } from './student-dialog';
import { ExportMenu, StudentFilterPanel, type ExportChoice } from './student-filters';
import {
  panelFilterCount,
  readStudentParams,
  STUDENT_PAGE_SIZES,
  studentParamsPatch,
} from './student-params';
import type { StudentListParams } from './student-params';
import {
  useDeleteStudent,
  useExportStudents,
  useStudents,
  useStudentSummary,
} from './students.api';
import { StudentsTable } from './students-table';

addFrenchStrings(studentsStrings);

const COUNTERS: { key: keyof StudentSummary; icon: LucideIcon; tone: string }[] = [
  { key: 'total', icon: GraduationCap, tone: 'text-brand-600' },
  { key: 'active', icon: UserCheck, tone: 'text-green-700' },
  { key: 'suspended', icon: UserX, tone: 'text-red-700' },
  { key: 'pending', icon: Clock, tone: 'text-amber-700' },
];

function Counters() {
  const { t, i18n } = useTranslation();
  const summary = useStudentSummary();
  return (
    <dl
      aria-label={t('students.counters.label')}
      aria-busy={summary.isFetching || undefined}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      {COUNTERS.map(({ key, icon: Icon, tone }) => (
        <div key={key} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <Icon aria-hidden="true" className={`size-4 shrink-0 ${tone}`} />
            {t(`students.counters.${key}`)}
          </dt>
          <dd className="mt-2 text-2xl font-extrabold text-slate-900 tabular-nums sm:text-3xl">
            {summary.data ? formatNumber(summary.data[key], i18n.language) : '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * « Étudiants » (/admin/etudiants, read:students): the four counters, then the list with its
 * search (on the server, accents ignored), status, « Filtrer » panel, export (CSV / Excel) and
 * pages, all kept in the address. write:students adds « Nouvel Étudiant » and each row's
 * Modifier / Supprimer; import:students adds « Importer ».
 */
export function StudentsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('students.title'));
  const session = useSession();
  const canWrite = can('write:students', session);
  const canImport = can('import:students', session);
  const panelId = useId();

  const [params, update] = useListParams();
  const list = readStudentParams(params);
  const { page, pageSize, ...filters } = list;
  const students = useStudents(list);
  const exporter = useExportStudents();
  const remover = useDeleteStudent();

  const [panelOpen, setPanelOpen] = useState(() => panelFilterCount(filters) > 0);
  const [dialog, setDialog] = useState<{ open: boolean; student?: StudentItem }>({ open: false });
  const [importOpen, setImportOpen] = useState(false);
  const [toDelete, setToDelete] = useState<StudentItem | null>(null);

  const change = (state: Partial<StudentListParams>, replace = false) =>
    update(studentParamsPatch(state), { replace });

  const data = students.data;
  const pages = data ? pageCount(data.total, pageSize) : 1;
  // A page past the end (the list shrank, or an old link): go to the last one.
  const overshoot = data !== undefined && !students.isPlaceholderData && page > pages;
  useEffect(() => {
    if (overshoot) update(studentParamsPatch({ page: pages }), { replace: true });
  }, [overshoot, pages, update]);

  async function exportAs({ kind, format }: ExportChoice) {
    if (exporter.isPending) return;
    try {
      await exporter.mutateAsync({ kind, format, filters });
      notify.success(t('students.toolbar.exported'));
    } catch (error) {
      notify.error(errorMessage(error, t, t('students.toolbar.exportFailed')));
    }
  }

  async function confirmDelete() {
    if (!toDelete || remover.isPending) return;
    try {
      const { outcome } = await remover.mutateAsync(toDelete.id);
      setToDelete(null);
      notify.success(
        outcome === 'archived' ? t('students.remove.archived') : t('students.remove.deleted'),
      );
    } catch (error) {
      setToDelete(null);
      notify.error(errorMessage(error, t, t('students.remove.failure')));
    }
  }

  const filtered = Boolean(filters.search || filters.status) || panelFilterCount(filters) > 0;
  const activePanel = panelFilterCount(filters);

  let body;
  if (students.isPending) {
    body = <ListState tone="loading" title={t('students.table.loading')} />;
  } else if (students.isError && !data) {
    body = (
      <ListState
        tone="error"
        title={t('students.table.loadError')}
        retryLabel={t('ui.retry')}
        onRetry={() => void students.refetch()}
      >
        {errorStatus(students.error) === 403 ? t('ui.forbidden') : null}
      </ListState>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <ListState title={t('students.table.emptyTitle')}>
        {filtered ? t('students.table.emptyHint') : t('students.table.emptyFirstHint')}
      </ListState>
    );
  } else {
    body = (
      <StudentsTable
        students={data.items}
        busy={students.isPlaceholderData}
        canWrite={canWrite}
        onEdit={(student) => setDialog({ open: true, student })}
        onDelete={setToDelete}
      />
    );
  }

  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
            {t('students.title')}
          </h1>
          <p className="mt-2 max-w-3xl text-base text-slate-700">{t('students.lead')}</p>
        </div>
        <AdmissionsButton />
      </header>

      <Counters />

      <section aria-label={t('students.table.caption')} className="space-y-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
          <SearchField
            className="lg:w-80"
            label={t('students.toolbar.search')}
            placeholder={t('students.toolbar.searchPlaceholder')}
            value={filters.search}
            onSearch={(search) => change({ search, page: 1 }, true)}
          />
          <SelectField
            compact
            label={t('students.toolbar.status')}
            wrapperClassName="lg:w-56"
            value={filters.status ?? ''}
            placeholder={t('students.toolbar.statusAll')}
            onChange={(event) =>
              change({
                status: studentStatusValues.find((status) => status === event.target.value) ?? null,
                page: 1,
              })
            }
            options={studentStatusValues.map((status) => ({
              value: status,
              label: t(`students.toolbar.statusOptions.${status}`),
            }))}
          />
          <div className="flex flex-wrap items-center gap-2 lg:ml-auto">
            <ExportMenu
              pending={exporter.isPending}
              withBalances={can('read:invoices', session)}
              onExport={(choice) => void exportAs(choice)}
            />
            {canImport ? (
              <Button
                variant="secondary"
                title={t('students.toolbar.import')}
                onClick={() => setImportOpen(true)}
                className="min-w-11 px-3"
              >
                <Upload aria-hidden="true" className="size-4" />
                <span className="sr-only">{t('students.toolbar.import')}</span>
              </Button>
            ) : null}
            <Button
              variant="secondary"
              aria-expanded={panelOpen}
              aria-controls={panelId}
              onClick={() => setPanelOpen((current) => !current)}
            >
              <Filter aria-hidden="true" className="size-4" />
              {activePanel > 0
                ? t('students.toolbar.filterCount', { count: activePanel })
                : t('students.toolbar.filter')}
            </Button>
            {canWrite ? (
              <Button onClick={() => setDialog({ open: true })} className="max-sm:flex-1">
                <Plus aria-hidden="true" className="size-4" />
                {t('students.toolbar.create')}
              </Button>
            ) : null}
          </div>
        </div>

        {panelOpen ? (
          <StudentFilterPanel
            id={panelId}
            filters={filters}
            onChange={(panel) => change({ ...panel, page: 1 })}
          />
        ) : null}

        {body}

        {data && data.total > 0 ? (
          <Pager
            page={Math.min(page, pages)}
            pageCount={pages}
            total={data.total}
            pageSize={pageSize}
            onPageChange={(next) => change({ page: next })}
            pageSizes={STUDENT_PAGE_SIZES}
            onPageSizeChange={(size) => change({ pageSize: size, page: 1 })}
          />
        ) : null}
      </section>

      {canWrite ? (
        <StudentDialog
          open={dialog.open}
          student={dialog.student}
          onClose={() => setDialog((current) => ({ ...current, open: false }))}
        />
      ) : null}
      {canImport ? (
        <ImportStudentsDialog open={importOpen} onClose={() => setImportOpen(false)} />
      ) : null}
      {canWrite ? (
        <ConfirmDialog
          open={toDelete !== null}
          title={t('students.remove.title')}
          confirmLabel={t('students.remove.confirm')}
          pendingLabel={t('students.remove.pending')}
          cancelLabel={t('students.form.cancel')}
          closeLabel={t('common.close')}
          pending={remover.isPending}
          tone="danger"
          onConfirm={() => void confirmDelete()}
          onClose={() => setToDelete(null)}
        >
          <p>
            {toDelete
              ? t('students.remove.body', {
                  name: toDelete.fullName,
                  matricule: toDelete.matricule,
                })
              : null}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
