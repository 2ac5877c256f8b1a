import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { guardianRelationValues } from '@ecolage/contracts';
import type { GuardianRelation } from '@ecolage/contracts';
import { EmailField } from '../../components/ui/field';
import { FormField, fieldError } from '../../components/ui/form';
import type { KitForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';

/** What the guardian forms hold of a person: name, phone, e-mail, relation to the student. */
export interface GuardianFieldValues {
  fullName: string;
  phone: string;
  email: string;
  relation: GuardianRelation | '';
}

/** A guardian form of the kit, whatever else it holds. */
export type GuardianForm = KitForm<GuardianFieldValues, unknown>;

/** The relations a guardian may have to a student, in the reader's language. */
export function relationOptions(t: TFunction) {
  return guardianRelationValues.map((relation) => ({
    value: relation,
    label: t(`studentDetail.relations.${relation}`),
  }));
}

/** « Choisissez le lien » for a missing (or unknown) relation, in the reader's language. */
export function relationMessages(t: TFunction) {
  const required = t('studentDetail.guardianForm.relationRequired');
  return { relation: { required, invalid: required } };
}

/** Name, phone (« 90 12 34 56 » is read as a Togolese number) and e-mail of a guardian. */
export function GuardianInputs({
  form,
  nameRef,
}: {
  form: GuardianForm;
  nameRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        form={form}
        {...(nameRef ? { ref: nameRef } : {})}
        name="fullName"
        label={t('studentDetail.guardianForm.fullName')}
        autoComplete="off"
        maxLength={120}
      />
      <FormField
        form={form}
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('studentDetail.guardianForm.phone')}
        autoComplete="off"
        maxLength={30}
        hint={t('studentDetail.guardianForm.phoneHint')}
      />
      <FormField
        form={form}
        name="email"
        control={EmailField}
        label={t('studentDetail.guardianForm.email')}
        autoComplete="off"
      />
    </>
  );
}

/** « Lien avec l'étudiant »: mother, father, guardian… (the contracts' labels in French). */
export function RelationSelect({ form }: { form: GuardianForm }) {
  const { t } = useTranslation();
  return (
    <SelectField
      {...form.register('relation')}
      label={t('studentDetail.guardianForm.relation')}
      placeholder={t('studentDetail.guardianForm.relationPlaceholder')}
      options={relationOptions(t)}
      error={fieldError(form, 'relation')}
    />
  );
}
