import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { programmeRequestSchema } from '@ecolage/contracts';
import type { Programme } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { FormError, FormField, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { FormFooter } from './form-parts';
import { useCreateProgramme, useUpdateProgramme } from './programmes.api';

/**
 * « Nouveau programme » (a name; it starts with no level) and « Renommer » a programme. The
 * name is required once trimmed (the contracts' schema) and unique in the school
 * (PROGRAMME_NAME_TAKEN, under the name).
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
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateProgramme();
  const update = useUpdateProgramme();
  const form = useSchemaForm(programmeRequestSchema, {
    defaultValues: { name: programme?.name ?? '' },
    codes: { PROGRAMME_NAME_TAKEN: 'name' },
  });
  const pending = create.isPending || update.isPending || form.formState.isSubmitting;

  const submit = form.submitWith(async (change) => {
    const saved = programme
      ? await update.mutateAsync({ programmeId: programme.id, change })
      : await create.mutateAsync(change);
    onClose();
    const savedName = saved.name || change.name;
    notify.success(
      programme
        ? t('programmes.programmeForm.renamed', { name: savedName })
        : t('programmes.programmeForm.created', { name: savedName }),
    );
  }, t('ui.genericError'));

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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <FormField
          form={form}
          ref={nameRef}
          label={t('programmes.programmeForm.name')}
          name="name"
          autoComplete="off"
          placeholder={t('programmes.programmeForm.namePlaceholder')}
        />
      </form>
    </Dialog>
  );
}
