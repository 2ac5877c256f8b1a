import { useId, useRef, useState } from 'react';
import type { BaseSyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, linkGuardianRequestSchema } from '@ecolage/contracts';
import type { LinkGuardianRequest, StudentDetail } from '@ecolage/contracts';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { InputField } from '../../components/ui/field';
import { FormError, fieldError, useSchemaForm } from '../../components/ui/form';
import { notify } from '../../components/ui/toaster';
import { useDebouncedCallback } from '../../lib/use-debounced-callback';
import { readFormSchema } from '../payments/payment-form-schema';
import { GuardianInputs, RelationSelect, relationMessages } from './guardian-fields';
import type { GuardianFieldValues, GuardianForm } from './guardian-fields';
import { useGuardianSearch } from './student-detail.api';
import { useLinkGuardian } from './student-mutations.api';
import { FormFooter, RadioChoice } from './student-ui';

const [existingSchema, newSchema] = linkGuardianRequestSchema.options;

type Mode = 'existing' | 'create';

interface LinkValues extends GuardianFieldValues {
  mode: Mode;
  /** The guardian picked among the search's results ('' before). */
  guardianId: string;
  mainPayer: boolean;
}

/** Someone on record (their id) or a new person (their fields), with the relation and payer. */
const linkFormSchema = readFormSchema<LinkValues, LinkGuardianRequest>(
  {
    safeParseAsync: (body, params) =>
      'guardianId' in (body as object)
        ? existingSchema.safeParseAsync(body, params)
        : newSchema.safeParseAsync(body, params),
  },
  {
    read: ({ mode, guardianId, fullName, phone, email, relation, mainPayer }) => {
      const common = { relation: relation === '' ? undefined : relation, mainPayer };
      return mode === 'existing'
        ? { guardianId: guardianId || undefined, ...common }
        : { fullName, phone, email, ...common };
    },
  },
);

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
  const searchRef = useRef<HTMLInputElement>(null);
  const link = useLinkGuardian(student.id);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const form = useSchemaForm(linkFormSchema, {
    defaultValues: {
      mode: 'existing',
      guardianId: '',
      fullName: '',
      phone: '',
      email: '',
      relation: '',
      mainPayer: student.guardians.length === 0,
    },
    messages: (translate) => {
      const pickOne = translate('studentDetail.guardianForm.pickOne');
      return {
        ...relationMessages(translate),
        guardianId: { required: pickOne, invalid: pickOne, invalidFormat: pickOne },
      };
    },
  });
  const guardianForm = form as unknown as GuardianForm;
  const values = form.watch();
  const mode = values.mode as Mode;
  const searchLater = useDebouncedCallback((text: string) => {
    setQuery(text.trim());
    // Another search: what was picked among the former results is no longer.
    form.setValue('guardianId', '');
  }, 300);
  const results = useGuardianSearch(mode === 'existing' ? query : '');
  const linked = new Set(student.guardians.map((guardian) => guardian.id));
  const found = (results.data?.items ?? []).filter((guardian) => !linked.has(guardian.id));
  const picked = found.find((guardian) => guardian.id === values.guardianId);
  const guardianIdError = fieldError(form, 'guardianId');

  const send = form.submitWith(async (body) => {
    await link.mutateAsync(body);
    onClose();
    notify.success(
      t('studentDetail.guardianForm.added', {
        name: 'guardianId' in body ? (picked?.fullName ?? '') : body.fullName,
      }),
    );
  }, t('studentDetail.guardianForm.failure'));

  async function submit(event: BaseSyntheticEvent) {
    await send(event);
    // No guardian to pick yet: the search box is where to start.
    if (form.getFieldState('guardianId').error && found.length === 0) searchRef.current?.focus();
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
          pending={link.isPending || form.formState.isSubmitting}
          label={t('studentDetail.guardianForm.submitAdd')}
          pendingLabel={t('studentDetail.guardianForm.submitting')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <RadioChoice<Mode>
          legend={t('studentDetail.guardianForm.modeLabel')}
          name="mode"
          value={mode}
          options={[
            { value: 'existing', label: t('studentDetail.guardianForm.existing') },
            { value: 'create', label: t('studentDetail.guardianForm.create') },
          ]}
          onChange={(next) => {
            form.setValue('mode', next);
            form.clearErrors();
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
              error={!found.length ? guardianIdError : undefined}
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
              value={values.guardianId}
              error={found.length ? guardianIdError : undefined}
              onChange={(id) => {
                form.setValue('guardianId', id);
                form.clearErrors('guardianId');
              }}
            />
          </>
        ) : (
          <GuardianInputs form={guardianForm} />
        )}
        <RelationSelect form={guardianForm} />
        <Checkbox
          name="mainPayer"
          label={t('studentDetail.guardianForm.mainPayer')}
          description={t('studentDetail.guardianForm.mainPayerHint')}
          checked={values.mainPayer}
          onChange={(event) => form.setValue('mainPayer', event.target.checked)}
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
