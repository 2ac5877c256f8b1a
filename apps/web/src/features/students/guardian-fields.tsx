import type { ChangeEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { guardianRelationValues } from '@ecolage/contracts';
import type { GuardianRelation } from '@ecolage/contracts';
import { EmailField, InputField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import type { FormErrors } from './student-forms';

export interface GuardianValues {
  fullName: string;
  phone: string;
  email: string;
}

export const EMPTY_GUARDIAN: GuardianValues = { fullName: '', phone: '', email: '' };

/** Name, phone (« 90 12 34 56 » is read as a Togolese number) and e-mail of a guardian. */
export function GuardianInputs({
  values,
  errors,
  onChange,
  nameRef,
}: {
  values: GuardianValues;
  errors: FormErrors;
  onChange: (field: keyof GuardianValues, value: string) => void;
  nameRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const change = (field: keyof GuardianValues) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(field, event.target.value);
  return (
    <>
      <InputField
        ref={nameRef}
        name="fullName"
        label={t('studentDetail.guardianForm.fullName')}
        autoComplete="off"
        maxLength={120}
        value={values.fullName}
        onChange={change('fullName')}
        error={errors.fullName}
      />
      <InputField
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('studentDetail.guardianForm.phone')}
        autoComplete="off"
        maxLength={30}
        hint={t('studentDetail.guardianForm.phoneHint')}
        value={values.phone}
        onChange={change('phone')}
        error={errors.phone}
      />
      <EmailField
        name="email"
        label={t('studentDetail.guardianForm.email')}
        autoComplete="off"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
    </>
  );
}

/** The relations a guardian may have to a student, in the reader's language. */
export function relationOptions(t: TFunction) {
  return guardianRelationValues.map((relation) => ({
    value: relation,
    label: t(`studentDetail.relations.${relation}`),
  }));
}

/** « Lien avec l'étudiant »: mother, father, guardian… (the contracts' labels in French). */
export function RelationSelect({
  value,
  error,
  onChange,
}: {
  value: GuardianRelation | '';
  error: string | undefined;
  onChange: (relation: GuardianRelation | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      name="relation"
      label={t('studentDetail.guardianForm.relation')}
      placeholder={t('studentDetail.guardianForm.relationPlaceholder')}
      options={relationOptions(t)}
      value={value}
      onChange={(event) => onChange(event.target.value as GuardianRelation | '')}
      error={error}
    />
  );
}
