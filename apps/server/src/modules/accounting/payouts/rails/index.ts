import { manualPayoutRail } from './manual-rail';
import type { PayoutRail } from './payout-rail';
import { sandboxPayoutRail } from './sandbox-rail';

export { manualPayoutRail, sandboxPayoutRail };
export { PayoutRailError, type PayoutRail, type RailTransferStatus } from './payout-rail';

/** The rail PAYOUT_RAIL names (`sandbox` needs PAYOUT_BANK_BASE_URL), manual otherwise. */
export function payoutRailFromConfig(config: {
  PAYOUT_RAIL?: 'manual' | 'sandbox';
  PAYOUT_BANK_BASE_URL?: string;
}): PayoutRail {
  if (config.PAYOUT_RAIL === 'sandbox' && config.PAYOUT_BANK_BASE_URL) {
    return sandboxPayoutRail(config.PAYOUT_BANK_BASE_URL);
  }
  return manualPayoutRail;
}
