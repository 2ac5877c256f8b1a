import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Archive, ListChecks, Pencil, Power, PowerOff } from 'lucide-react';
import type { Coupon, CouponStatus } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table';
import { formatMoney } from '../../lib/amounts';
import { formatNumber } from '../../lib/format';
import { RowMenu } from '../automations/row-menu';
import type { RowMenuItem } from '../automations/row-menu';
import { dayText } from './campaigns-words';

export type CouponMenuAction = 'edit' | 'disable' | 'enable' | 'archive' | 'redemptions';

const ICONS: Record<CouponMenuAction, RowMenuItem['icon']> = {
  edit: <Pencil aria-hidden="true" className="size-4" />,
  disable: <PowerOff aria-hidden="true" className="size-4" />,
  enable: <Power aria-hidden="true" className="size-4" />,
  archive: <Archive aria-hidden="true" className="size-4" />,
  redemptions: <ListChecks aria-hidden="true" className="size-4" />,
};

/** Text at the 800/900 shade on the 100 background, always with the word. */
const STATUS_TONES: Record<CouponStatus, BadgeTone> = {
  active: 'green',
  expired: 'grey',
  exhausted: 'yellow',
  disabled: 'red',
};

export function CouponStatusBadge({ status }: { status: CouponStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {t(`coupons.statuses.${status}`)}
    </Badge>
  );
}

/** « 10 % » or « 5 000 FCFA ». */
export function couponValueText(
  coupon: Pick<Coupon, 'kind' | 'value'>,
  t: TFunction,
  language: string,
): string {
  return coupon.kind === 'percent'
    ? t('coupons.table.percent', { value: formatNumber(coupon.value, language) })
    : formatMoney(coupon.value, language);
}

/** What the « Action » menu offers: uses always; edit, disable or enable, archive unless archived. */
export function couponMenuActions(coupon: Coupon, canWrite: boolean): CouponMenuAction[] {
  if (!canWrite || coupon.archived) return ['redemptions'];
  return ['edit', coupon.disabled ? 'enable' : 'disable', 'redemptions', 'archive'];
}

/**
 * Code, Type, Valeur, Portée (the programme or level named), Validité « du … au … »,
 * Utilisations « 3 / 50 », Statut and the « Action » menu. Below 768 px each row is a card.
 */
export function CouponTable({
  coupons,
  busy,
  canWrite,
  onAction,
}: {
  coupons: Coupon[];
  busy: boolean;
  canWrite: boolean;
  onAction: (action: CouponMenuAction, coupon: Coupon) => void;
}) {
  const { t, i18n } = useTranslation();
  const { language } = i18n;
  return (
    <Table
      caption={t('coupons.table.caption')}
      layout="stack"
      busy={busy}
      minWidth="md:min-w-[62rem]"
      dense
    >
      <THead>
        <Tr>
          <Th>{t('coupons.table.code')}</Th>
          <Th>{t('coupons.table.kind')}</Th>
          <Th className="text-right">{t('coupons.table.value')}</Th>
          <Th>{t('coupons.table.scope')}</Th>
          <Th>{t('coupons.table.validity')}</Th>
          <Th className="text-right">{t('coupons.table.uses')}</Th>
          <Th>{t('coupons.table.status')}</Th>
          <Th className="text-right">{t('coupons.table.action')}</Th>
        </Tr>
      </THead>
      <TBody>
        {coupons.map((coupon) => {
          const target = coupon.level?.name ?? coupon.programme?.name;
          const uses = formatNumber(coupon.uses, language);
          return (
            <Tr key={coupon.id}>
              <Td>
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-mono font-semibold text-slate-900">{coupon.code}</span>
                  {coupon.archived ? <Badge>{t('coupons.table.archived')}</Badge> : null}
                </span>
                {coupon.description ? (
                  <span className="mt-0.5 block text-xs text-slate-600">{coupon.description}</span>
                ) : null}
              </Td>
              <Td label={t('coupons.table.kind')}>{t(`coupons.kinds.${coupon.kind}`)}</Td>
              <Td
                label={t('coupons.table.value')}
                className="text-right font-semibold whitespace-nowrap tabular-nums"
              >
                {couponValueText(coupon, t, language)}
              </Td>
              <Td label={t('coupons.table.scope')}>
                {t(`coupons.scopes.${coupon.scope}`)}
                {target ? <span className="block text-xs text-slate-600">{target}</span> : null}
              </Td>
              <Td label={t('coupons.table.validity')} className="max-md:text-right">
                <span className="whitespace-nowrap">
                  {t('coupons.table.validityRange', {
                    from: dayText(coupon.validFrom, language),
                    to: dayText(coupon.validUntil, language),
                  })}
                </span>
              </Td>
              <Td label={t('coupons.table.uses')} className="text-right tabular-nums">
                <span className="whitespace-nowrap">
                  {coupon.maxUses === null
                    ? t('coupons.table.usesUnlimited', { uses })
                    : t('coupons.table.usesOf', {
                        uses,
                        max: formatNumber(coupon.maxUses, language),
                      })}
                </span>
                {coupon.maxUsesPerFamily !== null ? (
                  <span className="block text-xs text-slate-600">
                    {t('coupons.table.perFamily', { count: coupon.maxUsesPerFamily })}
                  </span>
                ) : null}
              </Td>
              <Td label={t('coupons.table.status')}>
                <CouponStatusBadge status={coupon.status} />
              </Td>
              <Td className="text-right">
                <RowMenu
                  label={t('coupons.actions.label', { code: coupon.code })}
                  items={couponMenuActions(coupon, canWrite).map((action) => ({
                    key: action,
                    label: t(`coupons.actions.${action}`),
                    icon: ICONS[action],
                    danger: action === 'archive',
                    onSelect: () => onAction(action, coupon),
                  }))}
                />
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
