import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedPlaceholders } from '@ecolage/contracts';
import { controlClassName } from '../../components/ui/field';
import { fieldError, RequiredMark } from '../../components/ui/form';
import { SmsCounter } from './sms-counter';
import { templateProblem } from './workflow-form';
import type { WorkflowForm } from './workflow-form';

/**
 * « Message »: the template, the placeholders the trigger allows as chips that insert at the
 * cursor, the problem said as the reader types (an unknown placeholder: which one, and the
 * allowed ones), and for an SMS the counter and its warnings.
 */
export function TemplateField({ form }: { form: WorkflowForm }) {
  const { t } = useTranslation();
  const id = useId();
  const chipsId = useId();
  const ref = useRef<HTMLTextAreaElement | null>(null);
  const [template, trigger, channel] = form.watch(['action.template', 'trigger', 'action.channel']);
  const problem = templateProblem(t, template, trigger, channel);
  // Said as soon as something is typed (an empty template only once the form was sent).
  const shown =
    template.trim() === '' ? fieldError(form, 'action.template') : (problem ?? undefined);
  const { ref: formRef, ...registered } = form.register('action.template');
  const placeholders = allowedPlaceholders(trigger);
  const counterId = `${id}-compteur`;
  const errorId = `${id}-erreur`;
  const hintId = `${id}-aide`;

  function insert(name: string) {
    const element = ref.current;
    const token = `{${name}}`;
    const start = element?.selectionStart ?? template.length;
    const end = element?.selectionEnd ?? template.length;
    const next = template.slice(0, start) + token + template.slice(end);
    form.setValue('action.template', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    // Back in the text, the cursor after what was inserted.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t('automations.editor.template')}
        <RequiredMark />
      </label>
      <div role="group" aria-labelledby={chipsId} className="flex flex-wrap items-center gap-1.5">
        <span id={chipsId} className="mr-1 text-xs font-medium text-slate-600">
          {t('automations.editor.placeholders')}
        </span>
        {placeholders.map((name) => (
          <button
            key={name}
            type="button"
            onClick={() => insert(name)}
            aria-label={t('automations.editor.insert', {
              placeholder: `{${name}}`,
              label: t(`automations.placeholders.${name}`),
            })}
            title={t(`automations.placeholders.${name}`)}
            className="min-h-8 rounded-full border border-brand-200 bg-brand-50 px-2.5 font-mono text-xs text-brand-800 hover:bg-brand-100"
          >
            {`{${name}}`}
          </button>
        ))}
      </div>
      <textarea
        id={id}
        rows={5}
        {...registered}
        ref={(element) => {
          formRef(element);
          ref.current = element;
        }}
        aria-required
        aria-invalid={shown ? true : undefined}
        aria-describedby={[hintId, shown ? errorId : null, channel === 'sms' ? counterId : null]
          .filter(Boolean)
          .join(' ')}
        className={controlClassName(shown, 'resize-y font-mono text-sm')}
      />
      <p id={hintId} className="text-sm text-slate-600">
        {t('automations.editor.templateHint')}
      </p>
      {shown ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {shown}
        </p>
      ) : null}
      {channel === 'sms' ? <SmsCounter id={counterId} template={template} /> : null}
    </div>
  );
}
