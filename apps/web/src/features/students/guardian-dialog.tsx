import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, linkGuardianRequestSchema } from '@ecolage/contracts';
import type { GuardianRelation, LinkGuardianRequest, StudentDetail } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/error-message';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import { EMPTY_GUARDIAN, GuardianInputs, RelationSelect } from './guardian-fields';
import type { GuardianValues } from './guardian-fields';
import { useGuardianSearch } from './student-detail.api';
import { useLinkGuardian } from './student-mutations.api';
import { check, focusFirstError, serverFieldErrors, withoutError } from './student-forms';
import type { FormErrors } from './student-forms';
import { FormFooter, RadioChoice } from './student-ui';

const [existingSchema, newSchema] = linkGuardianRequestSchema.options;
const FIELDS = ['guardianId', 'fullName', 'phone', 'email', 'relation', 'mainPayer'];

type Mode = 'existing' | 'create';

/**
 * « Ajouter un responsable »: someone already on record (searched by name, phone or e-mail:
 * a parent of a sibling) or a new person, with their relation to the student and whether they
 * are the main payer. `POST /api/students/:studentId/guardians`.
 */
export function AddGuardianDialog({
  student,
  onClose,
}: {
  student: StudentDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const link = useLinkGuardian(student.id);
  const [mode, setMode] = useState<Mode>('existing');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [pickedId, setPickedId] = useState('');
  const [values, setValues] = useState<GuardianValues>(EMPTY_GUARDIAN);
  const [relation, setRelation] = useState<GuardianRelation | ''>('');
  const [mainPayer, setMainPayer] = useState(student.guardians.length === 0);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const searchLater = useDebouncedCallback((text: string) => setQuery(text.trim()), 300);
  const results = useGuardianSearch(mode === 'existing' ? query : '');
  const linked = new Set(student.guardians.map((guardian) => guardian.id));
  const found = (results.data?.items ?? []).filter((guardian) => !linked.has(guardian.id));
  const picked = found.find((guardian) => guardian.id === pickedId);

  function validate(): { body: LinkGuardianRequest | null; problems: FormErrors } {
    const common = { relation: relation === '' ? undefined : relation, mainPayer };
    const checked =
      mode === 'existing'
        ? check(existingSchema, { guardianId: picked?.id, ...common })
        : check(newSchema, { ...values, ...common });
    const problems: FormErrors = { ...(checked.errors ?? {}) };
    if (relation === '') problems.relation = t('studentDetail.guardianForm.relationRequired');
    if (mode === 'existing' && !picked)
      problems.guardianId = t('studentDetail.guardianForm.pickOne');
    return { body: Object.keys(problems).length === 0 ? checked.data : null, problems };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (link.isPending) return;
    const { body, problems } = validate();
    setErrors(problems);
    if (!body) {
      // No guardian to pick yet: the search box is where to start.
      if (problems.guardianId && found.length === 0) searchRef.current?.focus();
      else focusFirstError(formRef.current, problems);
      return;
    }
    setFormError(null);
    try {
      await link.mutateAsync(body);
    } catch (error) {
      const onFields = serverFieldErrors(error, (path) => FIELDS.includes(path));
      if (onFields) {
        setErrors(onFields);
        focusFirstError(formRef.current, onFields);
      } else {
        setFormError(errorMessage(error, t, t('studentDetail.guardianForm.failure')));
      }
      return;
    }
    onClose();
    notify.success(
      t('studentDetail.guardianForm.added', {
        name: mode === 'existing' ? (picked?.fullName ?? '') : values.fullName.trim(),
      }),
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('studentDetail.guardianForm.addTitle')}
      closeLabel={t('common.close')}
      initialFocus={searchRef}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={link.isPending}
          label={t('studentDetail.guardianForm.submitAdd')}
          pendingLabel={t('studentDetail.guardianForm.submitting')}
        />
      }
    >
      <form
        id={formId}
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        className="space-y-4"
      >
        <FormAlert>{formError}</FormAlert>
        <RadioChoice<Mode>
          legend={t('studentDetail.guardianForm.modeLabel')}
          name="mode"
          value={mode}
          options={[
            { value: 'existing', label: t('studentDetail.guardianForm.existing') },
            { value: 'create', label: t('studentDetail.guardianForm.create') },
          ]}
          onChange={(next) => {
            setMode(next);
            setErrors({});
          }}
        />
        {mode === 'existing' ? (
          <>
            <InputField
              ref={searchRef}
              type="search"
              name="guardianSearch"
              label={t('studentDetail.guardianForm.search')}
              placeholder={t('studentDetail.guardianForm.searchPlaceholder')}
              autoComplete="off"
              maxLength={100}
              hint={t('studentDetail.guardianForm.searchHint')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                searchLater(event.target.value);
              }}
              error={!found.length ? errors.guardianId : undefined}
            />
            <SearchResults
              query={query}
              state={
                results.isError ? 'error' : results.isFetching && !results.data ? 'busy' : 'ok'
              }
              options={found.map((guardian) => ({
                value: guardian.id,
                label: `${guardian.fullName} — ${formatPhone(guardian.phone)}`,
                detail:
                  guardian.students.length > 0
                    ? t('studentDetail.guardianForm.parentOf', {
                        names: guardian.students.map((other) => other.fullName).join(', '),
                      })
                    : '',
              }))}
              value={pickedId}
              error={found.length ? errors.guardianId : undefined}
              onChange={(id) => {
                setPickedId(id);
                setErrors((current) => withoutError(current, 'guardianId'));
              }}
            />
          </>
        ) : (
          <GuardianInputs
            values={values}
            errors={errors}
            onChange={(field, value) => {
              setValues((current) => ({ ...current, [field]: value }));
              setErrors((current) => withoutError(current, field));
            }}
          />
        )}
        <RelationSelect
          value={relation}
          error={errors.relation}
          onChange={(next) => {
            setRelation(next);
            setErrors((current) => withoutError(current, 'relation'));
          }}
        />
        <Checkbox
          name="mainPayer"
          label={t('studentDetail.guardianForm.mainPayer')}
          description={t('studentDetail.guardianForm.mainPayerHint')}
          checked={mainPayer}
          onChange={(event) => setMainPayer(event.target.checked)}
        />
      </form>
    </Dialog>
  );
}

/** The guardians found, as radio buttons; or why there are none. */
function SearchResults({
  query,
  state,
  options,
  value,
  error,
  onChange,
}: {
  query: string;
  state: 'ok' | 'busy' | 'error';
  options: { value: string; label: string; detail: string }[];
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (query.length < 2) return null;
  if (state !== 'ok' || options.length === 0) {
    return (
      <p role="status" className="text-sm text-slate-700">
        {state === 'busy'
          ? t('studentDetail.guardianForm.searching')
          : state === 'error'
            ? t('studentDetail.guardianForm.searchError')
            : t('studentDetail.guardianForm.noResult')}
      </p>
    );
  }
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {t('studentDetail.guardianForm.results')}
      </legend>
      <div className="max-h-64 space-y-2 overflow-y-auto">
        {options.map((option) => (
          <label
            key={option.value}
            className={[
              'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm',
              value === option.value ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
            ].join(' ')}
          >
            <input
              type="radio"
              name="guardianId"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 size-5 shrink-0 accent-brand-600"
            />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">{option.label}</span>
              {option.detail ? <span className="block text-slate-600">{option.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? <p className="mt-1.5 text-sm font-medium text-red-700">{error}</p> : null}
    </fieldset>
  );
}
