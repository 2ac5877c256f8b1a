import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgrammeMessages, programmeRequestSchema } from '@ecolage/contracts';
import type { Programme } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { errorsOf, serverFieldErrors, showErrors } from './form-errors';
import type { FieldErrors } from './form-errors';
import { FormFooter } from './form-parts';
import { useCreateProgramme, useUpdateProgramme } from './programmes.api';

/**
 * « Nouveau programme » (a name; it starts with no level) and « Renommer » a programme. The
 * name is required once trimmed (the contracts' schema) and unique in the school (409).
 */
export function ProgrammeDialog({
  open,
  programme,
  onClose,
}: {
  open: boolean;
  /** The programme to rename; null for a new one. */
  programme: Programme | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateProgramme();
  const update = useUpdateProgramme();
  const pending = create.isPending || update.isPending;
  const [name, setName] = useState(programme?.name ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = programmeRequestSchema.safeParse({ name });
    if (showErrors(formRef.current, setErrors, parsed.success ? {} : errorsOf(parsed.error.issues)))
      return;
    if (!parsed.success) return;
    setFormError(null);
    let saved: Programme;
    try {
      saved = programme
        ? await update.mutateAsync({ programmeId: programme.id, change: parsed.data })
        : await create.mutateAsync(parsed.data);
    } catch (error) {
      const fields = serverFieldErrors(error, (path) => path === 'name', {
        name: ProgrammeMessages.programmeNameTaken,
      });
      if (!showErrors(formRef.current, setErrors, fields)) {
        setFormError(errorMessage(error, t, t('ui.genericError')));
      }
      return;
    }
    onClose();
    const savedName = saved.name || parsed.data.name;
    notify.success(
      programme
        ? t('programmes.programmeForm.renamed', { name: savedName })
        : t('programmes.programmeForm.created', { name: savedName }),
    );
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={
        programme
          ? t('programmes.programmeForm.renameTitle', { name: programme.name })
          : t('programmes.programmeForm.createTitle')
      }
      description={programme ? undefined : t('programmes.programmeForm.createLead')}
      closeLabel={t('common.close')}
      initialFocus={nameRef}
      footer={
        <FormFooter
          formId={formId}
          cancelLabel={t('ui.cancel')}
          onCancel={onClose}
          pending={pending}
          label={
            programme ? t('programmes.programmeForm.save') : t('programmes.programmeForm.create')
          }
          pendingLabel={t('programmes.saving')}
        />
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <InputField
          ref={nameRef}
          label={t('programmes.programmeForm.name')}
          name="name"
          autoComplete="off"
          placeholder={t('programmes.programmeForm.namePlaceholder')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (errors.name) setErrors({});
          }}
          error={errors.name}
        />
      </form>
    </Dialog>
  );
}
