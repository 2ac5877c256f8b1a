/**
 * Server-rendered HTML for the light pages (the payer's pages, the pre-registration form): a tagged
 * template that escapes every interpolated value unless it is already `Html` (another template, or
 * `trustedHtml` for markup the code itself wrote).
 */

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0] ?? '';
  parts.forEach((part, index) => {
    out += render(part) + (strings[index + 1] ?? '');
  });
  return new Html(out);
}

/** Markup written by the code itself (an inline SVG logo), never user input. */
export function trustedHtml(markup: string): Html {
  return new Html(markup);
}
