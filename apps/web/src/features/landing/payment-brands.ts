/**
 * Payment methods named on the landing page, as text badges (no third-party logos). Mixx by Yas
 * (ex T-Money) and Moov Flooz are Togo's wallets; MTN MoMo, Orange Money and Wave serve the
 * neighbouring markets.
 */
export const MOBILE_MONEY_BRANDS = [
  { name: 'Mixx by Yas', dot: 'bg-yellow-400' },
  { name: 'Moov Flooz', dot: 'bg-sky-600' },
  { name: 'MTN MoMo', dot: 'bg-amber-300' },
  { name: 'Orange Money', dot: 'bg-orange-500' },
  { name: 'Wave', dot: 'bg-cyan-400' },
] as const;
