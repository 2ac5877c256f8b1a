import type { Wallet } from './provider';

const WALLET_NAMES: Record<Wallet, string> = {
  YAS_TG: 'Mixx by Yas',
  MOOV_TG: 'Moov Money (Flooz)',
  MTN: 'MTN MoMo',
  ORANGE: 'Orange Money',
  WAVE: 'Wave',
  CARD: 'carte',
};

/** What the payer page says while the operator's USSD prompt is on the payer's phone. */
export function pushHint(wallet: Wallet | undefined): string {
  const name = wallet ? ` ${WALLET_NAMES[wallet]}` : '';
  return `Validez le paiement sur votre téléphone avec votre code secret${name}.`;
}
