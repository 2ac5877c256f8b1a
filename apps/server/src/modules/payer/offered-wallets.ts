import type { WalletValue } from '@ecolage/contracts';
import type { Organization } from '../organizations';

/**
 * The wallets a school's parents are offered: the deployment's (what the configured providers can
 * collect with), less those the school left out in « Pages » (`offered_wallets`; null: all).
 */
export function offeredWalletsOf(
  school: Pick<Organization, 'offeredWallets'>,
  deployment: readonly WalletValue[],
): WalletValue[] {
  const chosen = school.offeredWallets;
  return chosen ? deployment.filter((wallet) => chosen.includes(wallet)) : [...deployment];
}
