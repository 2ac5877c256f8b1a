import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import type { StudentItem, StudentStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';

const STATUS_TONES: Record<StudentStatus, BadgeTone> = {
  active: 'green',
  suspended: 'red',
  pending: 'yellow',
};
const DOT: Record<StudentStatus, string> = {
  active: 'bg-green-600',
  suspended: 'bg-red-600',
  pending: 'bg-amber-500',
};

/** The spec's badges: green Actif, red Suspendu, yellow En attente (the word says it too). */
export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span aria-hidden="true" className={`size-1.5 rounded-full ${DOT[status]}`} />
      {t(`students.status.${status}`)}
    </Badge>
  );
}

/** What a student owes: red, with the overdue part spelled out, when some of it is late. */
export function StudentBalance({ student }: { student: Pick<StudentItem, 'balance' | 'overdue'> }) {
  const { t, i18n } = useTranslation();
  const late = student.overdue > 0;
  return (
    <span className="block text-right whitespace-nowrap tabular-nums">
      <span className={late ? 'font-semibold text-red-700' : 'text-slate-800'}>
        {formatMoney(student.balance, i18n.language)}
      </span>
      {late ? (
        <span className="block text-xs font-medium text-red-700">
          {t('students.table.overdue', { amount: formatMoney(student.overdue, i18n.language) })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The students of a page: name (a link to the student's page), matricule, programme and level,
 * status, balance and, for those who may change students, Modifier and Supprimer. Below a
 * tablet's width each student is a card (as the payments list), every column in sight.
 */
export function StudentsTable({
  students,
  busy,
  canWrite,
  onEdit,
  onDelete,
}: {
  students: StudentItem[];
  busy: boolean;
  canWrite: boolean;
  onEdit: (student: StudentItem) => void;
  onDelete: (student: StudentItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table
      caption={t('students.table.caption')}
      layout="stack"
      busy={busy}
      minWidth="md:min-w-[52rem]"
    >
      <THead>
        <Tr>
          <Th>{t('students.table.name')}</Th>
          <Th>{t('students.table.matricule')}</Th>
          <Th>{t('students.table.programme')}</Th>
          <Th>{t('students.table.status')}</Th>
          <Th className="text-right">{t('students.table.balance')}</Th>
          {canWrite ? <Th className="text-right">{t('students.table.action')}</Th> : null}
        </Tr>
      </THead>
      <TBody>
        {students.map((student) => (
          <Tr key={student.id}>
            <Td>
              <Link
                to={`/admin/etudiants/${student.id}`}
                className="font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:underline"
              >
                {student.fullName}
              </Link>
              {student.archived ? (
                <Badge tone="grey" className="ml-2">
                  {t('students.table.archived')}
                </Badge>
              ) : null}
            </Td>
            <Td label={t('students.table.matricule')} className="font-mono whitespace-nowrap">
              {student.matricule}
            </Td>
            <Td label={t('students.table.programme')} className="max-md:text-right">
              {student.programme ? (
                <>
                  <span className="block">{student.programme.name}</span>
                  {student.level ? (
                    <span className="block text-xs text-slate-600">{student.level.name}</span>
                  ) : null}
                </>
              ) : (
                <span className="text-slate-500">{t('students.table.none')}</span>
              )}
            </Td>
            <Td label={t('students.table.status')}>
              <StudentStatusBadge status={student.status} />
            </Td>
            <Td label={t('students.table.balance')}>
              <StudentBalance student={student} />
            </Td>
            {canWrite ? (
              <Td>
                <div className="flex flex-wrap justify-end gap-2 max-md:pt-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('students.table.editLabel', { name: student.fullName })}
                    onClick={() => onEdit(student)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('students.table.edit')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('students.table.removeLabel', { name: student.fullName })}
                    onClick={() => onDelete(student)}
                    className="border-red-700 text-red-700 hover:bg-red-50"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('students.table.remove')}
                  </Button>
                </div>
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
