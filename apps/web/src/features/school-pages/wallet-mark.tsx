import type { WalletValue } from '@ecolage/contracts';

/**
 * A small mark of each way to pay, as the payer pages draw it (the wallet's colours and word, no
 * operator artwork): the school recognises what its parents will see. Decorative: the label
 * beside it names the wallet.
 */
const MARKS: Record<WalletValue, { background: string; color: string; word: string }> = {
  YAS_TG: { background: '#ffd32a', color: '#1f2937', word: 'mixx' },
  MOOV_TG: { background: '#0a58a8', color: '#ffffff', word: 'Flooz' },
  MTN: { background: '#ffcc00', color: '#0b3a5b', word: 'MoMo' },
  ORANGE: { background: '#111111', color: '#ff7900', word: 'money' },
  WAVE: { background: '#1dc8f2', color: '#0f2d4a', word: 'wave' },
  CARD: { background: '#334155', color: '#ffffff', word: 'carte' },
};

export function WalletMark({ wallet }: { wallet: WalletValue }) {
  const mark = MARKS[wallet];
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-7 w-11 shrink-0 items-center justify-center rounded-md text-[0.6875rem] font-bold"
      style={{ background: mark.background, color: mark.color }}
    >
      {mark.word}
    </span>
  );
}
