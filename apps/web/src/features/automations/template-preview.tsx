import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateTemplate } from '@ecolage/contracts';
import type { WorkflowPreviewInput } from '@ecolage/contracts';
import { SelectField } from '../../components/ui/select';
import { can, useSession } from '../auth/session-store';
import { useStudents } from '../students/students.api';
import { useWorkflowPreview } from './automations.api';
import type { WorkflowForm, WorkflowValues } from './workflow-form';

/** `value`, once it has stopped changing for `delay` ms. */
function useSettled<Value>(value: Value, delay: number): Value {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as Value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

/** Students who owe something (those the conditions pick first), to preview the message with. */
function usePreviewStudents(values: WorkflowValues['conditions'], enabled: boolean) {
  return useStudents(
    {
      search: '',
      status: null,
      programmeId: values.programmeId || null,
      levelId: values.programmeId && values.levelId ? values.levelId : null,
      yearId: null,
      balance: 'due',
      page: 1,
      pageSize: 25,
    },
    enabled,
  );
}

/**
 * « Aperçu »: the message as the server renders it for a real student of the school (one with an
 * open invoice, or the one chosen), a moment after the reader stops typing; SMS with its count.
 */
export function TemplatePreview({ form }: { form: WorkflowForm }) {
  const { t } = useTranslation();
  const previewId = useId();
  const session = useSession();
  const [studentId, setStudentId] = useState('');
  const [template, trigger, channel, subject, conditions] = form.watch([
    'action.template',
    'trigger',
    'action.channel',
    'action.subject',
    'conditions',
  ]);
  const ready = validateTemplate(template, trigger, channel).ok;
  const draft: WorkflowPreviewInput | null = ready
    ? {
        template,
        trigger,
        channel,
        ...(channel === 'email' && subject.trim() ? { subject } : {}),
        ...(studentId ? { studentId } : {}),
      }
    : null;
  const settled = useSettled(draft, 400);
  const preview = useWorkflowPreview(settled);
  const studentsAllowed = can('read:students', session) && trigger !== 'weekly_summary';
  const students = usePreviewStudents(conditions, studentsAllowed);
  const answer = preview.data;

  let body;
  if (!settled) {
    body = <p className="text-sm text-slate-600">{t('automations.preview.waiting')}</p>;
  } else if (preview.isError && !answer) {
    body = <p className="text-sm font-medium text-red-700">{t('automations.preview.failure')}</p>;
  } else if (!answer) {
    body = <p className="text-sm text-slate-600">{t('automations.preview.loading')}</p>;
  } else {
    body = (
      <div className="space-y-2">
        {answer.student ? (
          <p className="text-xs text-slate-600">
            {t('automations.preview.forStudent', {
              name: `${answer.student.name} (${answer.student.matricule})`,
            })}
          </p>
        ) : null}
        {answer.subject ? <p className="font-semibold text-slate-900">{answer.subject}</p> : null}
        <p className="text-sm whitespace-pre-wrap text-slate-900" data-testid="apercu-texte">
          {answer.text}
        </p>
        {answer.sms ? (
          <p className="text-xs text-slate-600 tabular-nums">
            {t('automations.preview.segments', { count: answer.sms.segments })} ·{' '}
            {answer.sms.encoding}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby={previewId} className="space-y-3 rounded-xl bg-slate-50 p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={previewId} className="text-sm font-semibold text-slate-900">
          {t('automations.preview.title')}
        </h3>
        {studentsAllowed ? (
          <SelectField
            compact
            wrapperClassName="min-w-56"
            label={t('automations.preview.student')}
            value={studentId}
            placeholder={t('automations.preview.studentAuto')}
            onChange={(event) => setStudentId(event.target.value)}
            options={(students.data?.items ?? []).map((student) => ({
              value: student.id,
              label: `${student.fullName} (${student.matricule})`,
            }))}
          />
        ) : null}
      </div>
      <div
        aria-live="polite"
        aria-busy={preview.isFetching || undefined}
        className={[
          'rounded-lg border border-slate-200 bg-white p-3',
          preview.isFetching ? 'opacity-70' : '',
        ].join(' ')}
      >
        {body}
      </div>
    </section>
  );
}
