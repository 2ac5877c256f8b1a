import type { ChangeEvent, RefObject } from 'react';
import { guardianRelationValues } from '@ecolage/contracts';
import type { GuardianRelation } from '@ecolage/contracts';
import { EmailField, InputField } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import { useStudentT } from './student-i18n';
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
  const { st } = useStudentT();
  const change = (field: keyof GuardianValues) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(field, event.target.value);
  return (
    <>
      <InputField
        ref={nameRef}
        name="fullName"
        label={st('guardianForm.fullName')}
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
        label={st('guardianForm.phone')}
        autoComplete="off"
        maxLength={30}
        hint={st('guardianForm.phoneHint')}
        value={values.phone}
        onChange={change('phone')}
        error={errors.phone}
      />
      <EmailField
        name="email"
        label={st('guardianForm.email')}
        autoComplete="off"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
    </>
  );
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
  const { st } = useStudentT();
  return (
    <SelectField
      name="relation"
      label={st('guardianForm.relation')}
      placeholder={st('guardianForm.relationPlaceholder')}
      options={guardianRelationValues.map((relation) => ({
        value: relation,
        label: st(`relations.${relation}`),
      }))}
      value={value}
      onChange={(event) => onChange(event.target.value as GuardianRelation | '')}
      error={error}
    />
  );
}
