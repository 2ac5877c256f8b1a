import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { couponKindValues, couponRequestSchema, couponScopeValues } from '@ecolage/contracts';
import type { Coupon, CouponKind, CouponRequest, CouponScope } from '@ecolage/contracts';
import { Dialog } from '../../components/ui/dialog';
import { TextareaField } from '../../components/ui/field';
import { FormError, FormField, fieldError, useSchemaForm } from '../../components/ui/form';
import { SelectField } from '../../components/ui/select';
import { notify } from '../../components/ui/toaster';
import { amountText, readAmount, readWhole } from '../../lib/amounts';
import { readFormSchema } from '../payments/payment-form-schema';
import { useProgrammes } from '../programmes/programmes.api';
import { FormFooter, RadioChoice } from '../students/student-ui';
import { useSaveCoupon } from './coupons.api';

/** The form's values as typed (« 5 000 », « 10 % », dates from the date pickers). */
interface CouponValues {
  code: string;
  description: string;
  kind: CouponKind;
  value: string;
  scope: CouponScope;
  programmeId: string;
  levelId: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerFamily: string;
}

const limitOf = (text: string) => (text.trim() === '' ? null : (readWhole(text) ?? Number.NaN));

/** The values read into the request the server checks with the same schema. */
function couponRequestOf(values: CouponValues): Record<string, unknown> {
  return {
    code: values.code.trim().toUpperCase(),
    description: values.description,
    kind: values.kind,
    value: readAmount(
      values.kind === 'percent' ? values.value.replace(/\s*%\s*$/, '') : values.value,
    ),
    scope: values.scope,
    programmeId: values.scope === 'programme' ? values.programmeId || null : null,
    levelId: values.scope === 'level' ? values.levelId || null : null,
    validFrom: values.validFrom || undefined,
    validUntil: values.validUntil || undefined,
    maxUses: limitOf(values.maxUses),
    maxUsesPerFamily: limitOf(values.maxUsesPerFamily),
  };
}

const couponFormSchema = readFormSchema<CouponValues, CouponRequest>(couponRequestSchema, {
  read: couponRequestOf,
});

function todayValue(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function valuesOf(coupon: Coupon | null): CouponValues {
  if (!coupon) {
    return {
      code: '',
      description: '',
      kind: 'percent',
      value: '',
      scope: 'all',
      programmeId: '',
      levelId: '',
      validFrom: todayValue(),
      validUntil: '',
      maxUses: '',
      maxUsesPerFamily: '',
    };
  }
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.kind === 'percent' ? String(coupon.value) : amountText(coupon.value, 'fr'),
    scope: coupon.scope,
    programmeId: coupon.programme?.id ?? '',
    levelId: coupon.level?.id ?? '',
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    maxUsesPerFamily: coupon.maxUsesPerFamily === null ? '' : String(coupon.maxUsesPerFamily),
  };
}

/**
 * « Nouveau Coupon » and « Modifier » (write:marketing): code (upper-cased as typed), type and
 * value, scope (with the programme or level, from the programmes), validity dates, limits in all
 * and per family, description. Checked by the contracts' schema (the server's own); the server's
 * refusals (a code already used…) on their fields.
 */
export function CouponDialog({
  coupon,
  onClose,
}: {
  /** null: a new coupon. */
  coupon: Coupon | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const save = useSaveCoupon();
  const programmes = useProgrammes();
  const form = useSchemaForm(couponFormSchema, {
    defaultValues: valuesOf(coupon),
    messages: (translate) => ({
      value: { required: translate('coupons.form.valueRequired') },
      validFrom: { required: translate('coupons.form.datesRequired') },
      validUntil: { required: translate('coupons.form.datesRequired') },
    }),
  });
  const kind = form.watch('kind');
  const scope = form.watch('scope');
  const editing = coupon !== null;

  const submit = form.submitWith(async (request) => {
    const saved = await save.mutateAsync({ id: coupon?.id, body: request });
    notify.success(
      t(editing ? 'coupons.form.saved' : 'coupons.form.created', { code: saved.code }),
    );
    onClose();
  }, t('coupons.form.failure'));

  const programmeOptions = (programmes.data ?? [])
    .filter((programme) => !programme.archived)
    .map((programme) => ({ value: programme.id, label: programme.name }));
  const levelOptions = (programmes.data ?? [])
    .filter((programme) => !programme.archived)
    .flatMap((programme) =>
      programme.levels.map((level) => ({
        value: level.id,
        label: t('coupons.form.levelOption', { programme: programme.name, level: level.name }),
      })),
    );

  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title={
        editing ? t('coupons.form.editTitle', { code: coupon.code }) : t('coupons.form.createTitle')
      }
      closeLabel={t('common.close')}
      initialFocus={codeRef}
      footer={
        <FormFooter
          formId={formId}
          onCancel={onClose}
          pending={save.isPending || form.formState.isSubmitting}
          label={t(editing ? 'coupons.form.submitEdit' : 'coupons.form.submitCreate')}
          pendingLabel={t('coupons.form.submitting')}
        />
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <FormError form={form} />
        <FormField
          form={form}
          name="code"
          ref={codeRef}
          required
          label={t('coupons.form.code')}
          hint={t('coupons.form.codeHint')}
          maxLength={30}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
        />
        <RadioChoice<CouponKind>
          legend={t('coupons.form.kind')}
          name="kind"
          value={kind}
          options={couponKindValues.map((value) => ({
            value,
            label: t(`coupons.kinds.${value}`),
          }))}
          onChange={(next) => {
            form.setValue('kind', next);
            form.clearErrors('value');
          }}
          error={fieldError(form, 'kind')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="value"
            required
            label={t(kind === 'percent' ? 'coupons.form.valuePercent' : 'coupons.form.valueFixed')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
          />
          <FormField
            form={form}
            name="scope"
            control={SelectField}
            label={t('coupons.form.scope')}
            options={couponScopeValues.map((value) => ({
              value,
              label: t(`coupons.scopes.${value}`),
            }))}
          />
          {scope === 'programme' ? (
            <FormField
              form={form}
              name="programmeId"
              required
              control={SelectField}
              wrapperClassName="sm:col-span-2"
              label={t('coupons.form.programme')}
              placeholder={t('coupons.form.programmePlaceholder')}
              options={programmeOptions}
            />
          ) : null}
          {scope === 'level' ? (
            <FormField
              form={form}
              name="levelId"
              required
              control={SelectField}
              wrapperClassName="sm:col-span-2"
              label={t('coupons.form.level')}
              placeholder={t('coupons.form.levelPlaceholder')}
              options={levelOptions}
            />
          ) : null}
          <FormField
            form={form}
            name="validFrom"
            required
            type="date"
            label={t('coupons.form.validFrom')}
          />
          <FormField
            form={form}
            name="validUntil"
            required
            type="date"
            label={t('coupons.form.validUntil')}
          />
          <FormField
            form={form}
            name="maxUses"
            label={t('coupons.form.maxUses')}
            hint={t('coupons.form.limitHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
          />
          <FormField
            form={form}
            name="maxUsesPerFamily"
            label={t('coupons.form.maxUsesPerFamily')}
            hint={t('coupons.form.limitHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
          />
        </div>
        <TextareaField
          {...form.register('description')}
          label={t('coupons.form.description')}
          hint={t('coupons.form.descriptionHint')}
          rows={2}
          maxLength={200}
          error={fieldError(form, 'description')}
        />
      </form>
    </Dialog>
  );
}
