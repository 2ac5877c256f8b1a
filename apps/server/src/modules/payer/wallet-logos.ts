import type { WalletValue } from '@ecolage/contracts';
import { trustedHtml, type Html } from '../../platform/http/html';

/**
 * A small mark for each way to pay, of our own design (coloured tiles with the wallet's name, no
 * operator artwork): the payer recognises the colour and the word. Inline, so the page makes no
 * other request; hidden from screen readers, which read the label beside it.
 */

const FONT = 'font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-weight="700"';

function tile(background: string, inner: string): Html {
  return trustedHtml(
    `<svg class="wallet-logo" viewBox="0 0 56 36" width="56" height="36" aria-hidden="true" focusable="false"><rect width="56" height="36" rx="7" fill="${background}"/>${inner}</svg>`,
  );
}

function word(text: string, color: string, size = 13, y = 23): string {
  return `<text x="28" y="${y}" text-anchor="middle" font-size="${size}" fill="${color}" ${FONT}>${text}</text>`;
}

const LOGOS: Record<WalletValue, Html> = {
  YAS_TG: tile(
    '#ffd32a',
    `<circle cx="46" cy="9" r="4" fill="#1f2937"/>${word('mixx', '#1f2937', 15, 24)}`,
  ),
  MOOV_TG: tile(
    '#0a58a8',
    `<rect y="28" width="56" height="8" fill="#f28c28"/>${word('Flooz', '#ffffff', 13, 21)}`,
  ),
  MTN: tile(
    '#ffcc00',
    `<ellipse cx="28" cy="18" rx="24" ry="13" fill="none" stroke="#0b3a5b" stroke-width="2"/>${word('MoMo', '#0b3a5b', 12, 22)}`,
  ),
  ORANGE: tile(
    '#111111',
    `<rect x="6" y="6" width="12" height="12" fill="#ff7900"/>${word('money', '#ffffff', 11, 29)}`,
  ),
  WAVE: tile(
    '#1dc8f2',
    `<path d="M6 27 q5 -6 10 0 t10 0 t10 0 t10 0" fill="none" stroke="#ffffff" stroke-width="2"/>${word('wave', '#0f2d4a', 14, 19)}`,
  ),
  CARD: tile(
    '#334155',
    `<rect x="7" y="9" width="11" height="8" rx="2" fill="#e9c46a"/><rect x="7" y="23" width="42" height="3" rx="1.5" fill="#cbd5e1"/><rect x="36" y="9" width="13" height="4" rx="2" fill="#94a3b8"/>`,
  ),
};

export function walletLogo(wallet: WalletValue): Html {
  return LOGOS[wallet];
}
