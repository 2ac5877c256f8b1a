// Server-rendered HTML of the sandbox's pages: small, French, readable at 320 px, no external
// requests (inline style only).
import { formatFrancs } from '@ecolage/money';

/** Escapes text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * An amount as a payer reads it: `150 000 FCFA` for francs (XOF, and Orange's test currency OUV),
 * `100 EUR` for MTN's sandbox currency.
 */
export function formatAmount(amount: number, currency: string): string {
  if (
    (currency === 'XOF' || currency === 'OUV' || currency === 'XAF') &&
    Number.isSafeInteger(amount)
  ) {
    return formatFrancs(amount);
  }
  return `${new Intl.NumberFormat('fr-FR').format(amount)}\u00A0${currency}`;
}

/** Time of day in Lomé (UTC, no daylight saving): `14:05`. */
export function formatTime(date: Date): string {
  return date.toISOString().slice(11, 16);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:1rem}
h1{font-size:1.35rem;margin:.25rem 0 1rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #d1d5db;border-radius:.75rem;padding:1rem;margin:0 0 1rem}
.ussd{background:#111827;color:#f9fafb;font-family:ui-monospace,Menlo,Consolas,monospace}
.ussd p{margin:.25rem 0}
.muted{color:#4b5563;font-size:.9rem}
.ussd .muted{color:#d1d5db}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{width:100%;font-size:1.1rem;padding:.6rem;border:2px solid #6b7280;border-radius:.5rem;background:#fff;color:#111}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.75rem}
button,.button{flex:1 1 8rem;min-height:2.75rem;font-family:inherit;font-size:1rem;font-weight:600;border:0;border-radius:.5rem;padding:.6rem 1rem;cursor:pointer;text-align:center;text-decoration:none}
.primary{background:#047857;color:#fff}
.danger{background:#b91c1c;color:#fff}
.secondary{background:#e5e7eb;color:#111827}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.notice{border-left:4px solid #2563eb;background:#eff6ff;padding:.75rem;border-radius:.25rem;margin:0 0 1rem}
.error{border-left-color:#b91c1c;background:#fef2f2}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain li{border-bottom:1px solid #e5e7eb;padding:.5rem 0;overflow-wrap:anywhere}
.brand{font-size:.85rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:#374151}
.amount{font-size:1.6rem;font-weight:700;margin:.25rem 0}
.devices{font-size:.95rem;margin:0 0 .5rem}
a{color:#1d4ed8}
iframe.mail{display:block;width:100%;height:36rem;border:1px solid #d1d5db;border-radius:.75rem;background:#fff;margin:0 0 1rem}
pre.mail-text{white-space:pre-wrap;overflow-wrap:anywhere;font:.95rem/1.5 ui-monospace,Menlo,Consolas,monospace}
dl.headers{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}
dl.headers dt{font-weight:600}
dl.headers dd{margin:0;overflow-wrap:anywhere}
ul.bubbles{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:.75rem}
.bubble{background:#fff;border:1px solid #d1d5db;border-radius:1rem 1rem 1rem .25rem;padding:.6rem .8rem;overflow-wrap:anywhere}
.bubble p{margin:.2rem 0}
.bubble .text{white-space:pre-wrap}
.bubble .meta{font-size:.85rem;color:#374151;display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:center}
.bubble.wa{background:#e7f8dc;border-color:#9fd39a}
.bubble.lost{border-style:dashed;background:#f9fafb}
.badge{display:inline-block;font-size:.75rem;font-weight:600;border-radius:999px;padding:.05rem .5rem;background:#e5e7eb;color:#111827}
.badge.ucs2{background:#fef3c7;color:#78350f}
.badge.wa{background:#14532d;color:#fff}
.delivery{font-size:.85rem;color:#065f46;font-weight:600}
.delivery.bad{color:#b91c1c}
.delivery.none{color:#4b5563;font-weight:400}
a.wa-button{display:block;text-align:center;border-top:1px solid #9fd39a;margin-top:.5rem;padding:.5rem 0 .1rem;font-weight:700;color:#065f46;text-decoration:none}
a.wa-button:hover{text-decoration:underline}
table.scenarios{border-collapse:collapse;width:100%;font-size:.9rem}
table.scenarios td,table.scenarios th{border-bottom:1px solid #e5e7eb;padding:.3rem;text-align:left;vertical-align:top}
`;

export interface PageOptions {
  /** Reloads the page every N seconds (waiting pages). */
  refreshSeconds?: number;
  /** Inline script placed at the end of the body. */
  script?: string;
}

export function page(title: string, content: string, options: PageOptions = {}): string {
  const refresh =
    options.refreshSeconds === undefined
      ? ''
      : `<meta http-equiv="refresh" content="${options.refreshSeconds}">`;
  const script = options.script ? `<script>${options.script}</script>` : '';
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
${script}
</body>
</html>`;
}

/**
 * Text with its http(s) addresses as links. `newTab` opens them in a new tab (the mailbox); the
 * phone opens them in place, as a phone's browser would.
 */
export function linkify(text: string, newTab = false): string {
  const target = newTab ? ' target="_blank" rel="noopener noreferrer"' : ' rel="noreferrer"';
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += esc(text.slice(last, match.index));
    html += `<a href="${esc(url)}"${target}>${esc(url)}</a>`;
    last = match.index + url.length;
  }
  return html + esc(text.slice(last));
}

/** A status message announced to screen readers. */
export function notice(message: string | undefined, isError = false): string {
  if (!message) return '<div role="status" aria-live="polite"></div>';
  return `<div class="notice${isError ? ' error' : ''}" role="status" aria-live="polite">${esc(message)}</div>`;
}

/** Page of an unknown payment link. */
export function missingPage(message: string): string {
  return page('Introuvable', `<h1>Introuvable</h1>\n<p>${esc(message)}</p>`);
}
