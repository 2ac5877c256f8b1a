import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EnrolRequest,
  GuardianFields,
  GuardianRelation,
  InvoiceDetail,
  InvoiceRequest,
  LinkGuardianRequest,
  Scholarship,
  ScholarshipRequest,
  StudentGuardian,
} from '@ecolage/contracts';
import { apiRequest } from '../auth/auth-client';
import { expectShape, id, studentDetailKeys } from './student-detail.api';
import type { EnrolResponse } from './student-detail.api';

/**
 * Changes made from a student's page. Each one, once done, refreshes the record, the invoices,
 * the scholarships and the students list (everything under `['students']`).
 */

/** A change made from the page: once done, everything it may have moved is asked again. */
function useStudentMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all(
        [
          studentDetailKeys.students,
          studentDetailKeys.invoices,
          studentDetailKeys.scholarships,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/** `POST /api/students/:studentId/guardians`: an existing guardian or a new one. */
export function useLinkGuardian(studentId: string) {
  return useStudentMutation(
    (body: LinkGuardianRequest) =>
      apiRequest(`/api/students/${id(studentId)}/guardians`, {
        method: 'POST',
        body,
      }) as Promise<StudentGuardian>,
  );
}

/** `PATCH /api/students/:studentId/guardians/:guardianId` (204). */
export function useUpdateGuardianLink(studentId: string) {
  return useStudentMutation(
    async ({
      guardianId,
      change,
    }: {
      guardianId: string;
      change: { relation?: GuardianRelation; mainPayer?: true };
    }) => {
      await apiRequest(`/api/students/${id(studentId)}/guardians/${id(guardianId)}`, {
        method: 'PATCH',
        body: change,
      });
    },
  );
}

/** `DELETE /api/students/:studentId/guardians/:guardianId` (204). */
export function useUnlinkGuardian(studentId: string) {
  return useStudentMutation(async (guardianId: string) => {
    await apiRequest(`/api/students/${id(studentId)}/guardians/${id(guardianId)}`, {
      method: 'DELETE',
    });
  });
}

/** `PATCH /api/guardians/:guardianId`: name, phone, e-mail (shared by the family). */
export function useUpdateGuardian() {
  return useStudentMutation(
    ({ guardianId, fields }: { guardianId: string; fields: GuardianFields }) =>
      apiRequest(`/api/guardians/${id(guardianId)}`, { method: 'PATCH', body: fields }),
  );
}

/** `POST /api/students/:studentId/enrolments` (idempotent: `created` false when already). */
export function useEnrol(studentId: string) {
  return useStudentMutation(async (body: EnrolRequest) =>
    expectShape<EnrolResponse>(
      await apiRequest(`/api/students/${id(studentId)}/enrolments`, { method: 'POST', body }),
      'created',
    ),
  );
}

/** `POST /api/enrolments/:enrolmentId/withdraw {reason}` → `{invoicesVoided}`. */
export function useWithdrawEnrolment() {
  return useStudentMutation(
    async ({ enrolmentId, reason }: { enrolmentId: string; reason: string }) =>
      expectShape<{ invoicesVoided: number }>(
        await apiRequest(`/api/enrolments/${id(enrolmentId)}/withdraw`, {
          method: 'POST',
          body: { reason },
        }),
        'invoicesVoided',
      ),
  );
}

/** `POST /api/invoices`: issued at once or kept as a draft. */
export function useCreateInvoice() {
  return useStudentMutation(async (body: InvoiceRequest) =>
    expectShape<InvoiceDetail>(await apiRequest('/api/invoices', { method: 'POST', body }), 'id'),
  );
}

/** An action on one invoice; its answer (the invoice as it is now) fills its cache at once. */
function useInvoiceAction<Input extends { invoiceId: string }>(
  call: (input: Input) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useStudentMutation(async (input: Input) => {
    const invoice = expectShape<InvoiceDetail>(await call(input), 'lines');
    queryClient.setQueryData(studentDetailKeys.invoice(input.invoiceId), invoice);
    return invoice;
  });
}

/** `POST /api/invoices/:invoiceId/issue`. */
export function useIssueInvoice() {
  return useInvoiceAction(({ invoiceId }: { invoiceId: string }) =>
    apiRequest(`/api/invoices/${id(invoiceId)}/issue`, { method: 'POST' }),
  );
}

/** `POST /api/invoices/:invoiceId/void {reason}` (void:invoices). */
export function useVoidInvoice() {
  return useInvoiceAction(({ invoiceId, reason }: { invoiceId: string; reason: string }) =>
    apiRequest(`/api/invoices/${id(invoiceId)}/void`, { method: 'POST', body: { reason } }),
  );
}

/** `POST /api/invoices/:invoiceId/lines/:lineId/waive {reason}`: a late fee taken off. */
export function useWaiveLateFee() {
  return useInvoiceAction(
    ({ invoiceId, lineId, reason }: { invoiceId: string; lineId: string; reason: string }) =>
      apiRequest(`/api/invoices/${id(invoiceId)}/lines/${id(lineId)}/waive`, {
        method: 'POST',
        body: { reason },
      }),
  );
}

/** `POST /api/scholarships`: recommended (another member decides). */
export function useCreateScholarship() {
  return useStudentMutation(async (body: ScholarshipRequest) =>
    expectShape<Scholarship>(await apiRequest('/api/scholarships', { method: 'POST', body }), 'id'),
  );
}

/** `POST /api/scholarships/:scholarshipId/decision {decision, reason}` (reason: a refusal's). */
export function useDecideScholarship() {
  return useStudentMutation(
    async ({
      scholarshipId,
      ...body
    }: {
      scholarshipId: string;
      decision: 'granted' | 'refused';
      reason?: string;
    }) =>
      expectShape<Scholarship>(
        await apiRequest(`/api/scholarships/${id(scholarshipId)}/decision`, {
          method: 'POST',
          body,
        }),
        'id',
      ),
  );
}
