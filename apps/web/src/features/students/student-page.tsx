import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { studentParamsSchema } from '@ecolage/contracts';
import type { StudentDetail } from '@ecolage/contracts';
import { ListState } from '../../components/ui/list-state';
import { addFrenchStrings } from '../../i18n/add-strings';
import { payments } from '../../i18n/fr/payments';
import { receipts } from '../../i18n/fr/receipts';
import { studentDetail } from '../../i18n/fr/student-detail';
import { students } from '../../i18n/fr/students';
import { errorStatus } from '../../lib/error-message';
import { useDocumentTitle } from '../../lib/use-document-title';
import { can, useSession } from '../auth/session-store';
import { StudentPaymentLinks } from '../payment-links/student-payment-links';
import { useStudentDetail } from './student-detail.api';
import { StudentEnrolments } from './student-enrolments';
import { StudentGuardians } from './student-guardians';
import { BackToStudents, StudentHeader } from './student-header';
import { StudentHistory } from './student-history';
import { StudentInvoices } from './student-invoices';
import { useStudentLiveUpdates } from './student-live';
import { StudentPayments } from './student-payments';
import { StudentReceipts } from './student-receipts';
import { StudentScholarships } from './student-scholarships';

// The page's strings, the list's for the « Modifier » form it shares with it, the payments' and
// the receipts'.
addFrenchStrings(studentDetail, students, payments, receipts);

/**
 * A student's page (/admin/etudiants/:studentId, read:students): who they are, their guardians,
 * enrolments, invoices, payments (and « Demander un paiement »), « Paiement en ligne » (the
 * payer's link and the QR code) and their receipts,
 * scholarships and status history. Each action shows only to the roles that may take it.
 * Another school's student is « introuvable » (the API answers 404).
 */
export function StudentPage() {
  const { studentId = '' } = useParams();
  const { t } = useTranslation();
  const valid = studentParamsSchema.safeParse({ studentId }).success;
  const student = useStudentDetail(studentId, valid);
  useDocumentTitle(student.data?.fullName ?? t('studentDetail.title'));

  const status = errorStatus(student.error);
  if (!valid || status === 404 || status === 400) {
    return (
      <div className="space-y-4">
        <BackToStudents />
        <ListState title={t('studentDetail.notFoundTitle')}>
          {t('studentDetail.notFoundHint')}
        </ListState>
      </div>
    );
  }
  if (student.isPending) {
    return <ListState tone="loading" title={t('studentDetail.loading')} />;
  }
  if (student.isError && !student.data) {
    return (
      <div className="space-y-4">
        <BackToStudents />
        <ListState
          tone="error"
          title={t('studentDetail.loadError')}
          retryLabel={t('ui.retry')}
          onRetry={() => void student.refetch()}
        >
          {status === 403 ? t('ui.forbidden') : null}
        </ListState>
      </div>
    );
  }
  // A fresh page for another student (a sibling's link): no dialog or page number carried over.
  return <StudentView key={student.data.id} student={student.data} />;
}

function StudentView({ student }: { student: StudentDetail }) {
  const session = useSession();
  const canWrite = can('write:students', session) && !student.archived;
  const canReadInvoices = can('read:invoices', session);
  const canIssue = can('issue:invoices', session);
  const canReadPayments = can('read:payments', session);
  const canRequestPayment = can('request:payments', session);
  // A payment that ends while the page is open shows at once (« Paiement reçu »).
  useStudentLiveUpdates(student.id);

  return (
    <div className="space-y-10">
      <StudentHeader student={student} canEdit={canWrite} />
      <StudentGuardians student={student} canWrite={canWrite} />
      <StudentEnrolments student={student} canWrite={canWrite} />
      {canReadInvoices ? (
        <StudentInvoices
          student={student}
          canIssue={canIssue}
          canVoid={can('void:invoices', session)}
        />
      ) : null}
      {canReadPayments || canRequestPayment ? (
        <StudentPayments
          student={student}
          canRead={canReadPayments}
          canRequest={canRequestPayment}
          canRefresh={can('record:payments', session)}
          canReadInvoices={canReadInvoices}
        />
      ) : null}
      {canRequestPayment ? <StudentPaymentLinks student={student} /> : null}
      {canReadPayments ? <StudentReceipts studentId={student.id} /> : null}
      {canReadInvoices ? (
        <StudentScholarships
          student={student}
          canRecommend={canIssue}
          canGrant={can('grant:scholarships', session)}
          userId={session?.user.id}
        />
      ) : null}
      <StudentHistory history={student.statusHistory} />
    </div>
  );
}
