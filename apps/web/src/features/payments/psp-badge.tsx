import { useTranslation } from 'react-i18next';
import type { PaymentChannelValue, PaymentMethodValue } from '@ecolage/contracts';
import { Badge } from '../../components/ui/badge';
import type { BadgeTone } from '../../components/ui/badge';

/**
 * The spec's PSP colours (§4): orange Moov Money, blue Wave, grey Yas. The others get a colour
 * of their own brand where it does not clash (MTN yellow, Orange Money orange), the card the
 * product's colour, and the cash desk's own methods teal. Every tone reads above 7:1 and the
 * name is always written, so the colour is never the only signal.
 */
const WALLET_TONES: Record<PaymentMethodValue, BadgeTone> = {
  MOOV_TG: 'orange',
  WAVE: 'blue',
  YAS_TG: 'grey',
  MTN: 'yellow',
  ORANGE: 'orange',
  CARD: 'brand',
  CASH: 'teal',
  CHEQUE: 'teal',
  BANK_TRANSFER: 'teal',
};

/**
 * « PSP »: what the payer paid with (Moov Flooz, Wave, Mixx by Yas…). A payment recorded at the
 * cash desk says so (« Caisse · Espèces »); the provider that carried a wallet is in the tooltip.
 */
export function PspBadge({
  wallet,
  provider,
}: {
  wallet: PaymentMethodValue;
  provider: PaymentChannelValue;
}) {
  const { t } = useTranslation();
  const walletLabel = t(`payments.wallets.${wallet}`);
  const atDesk = provider === 'desk';
  const label = atDesk ? t('payments.list.deskWallet', { wallet: walletLabel }) : walletLabel;
  return (
    <span
      title={
        atDesk
          ? undefined
          : t('payments.list.via', {
              wallet: walletLabel,
              provider: t(`payments.providers.${provider}`),
            })
      }
    >
      <Badge tone={WALLET_TONES[wallet]}>{label}</Badge>
    </span>
  );
}
