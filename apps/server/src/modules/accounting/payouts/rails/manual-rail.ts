import type { PayoutRail } from './payout-rail';

/** The member transfers at the bank and types its reference; « Marquer payé » confirms it. */
export const manualPayoutRail: PayoutRail = {
  name: 'manual',
  needsTransferId: true,
  async send(_order, typedTransferId) {
    if (!typedTransferId) throw new Error('manual rail: the transfer id is typed by the member');
    return { transferId: typedTransferId };
  },
  async status() {
    return null;
  },
};
