/**
 * A school's main colour turned into the brand scale the back office draws with (Tailwind's
 * `brand-50…950`), and the WCAG contrast ratios of the « Apparence » screen. Pure functions:
 * hex → OKLCH (Björn Ottosson's OKLab, sRGB D65), steps of lightness around the chosen colour
 * (brand-600 stays exactly the chosen one), each step brought back into the sRGB gamut by
 * lowering its chroma.
 */

import { DEFAULT_BRAND_COLOR } from '@ecolage/contracts';

export { DEFAULT_BRAND_COLOR };

export const SCALE_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type ScaleStep = (typeof SCALE_STEPS)[number];
export type BrandScale = Record<ScaleStep, string>;

type Rgb = readonly [number, number, number];

/** `#RRGGBB` (or `#RGB`), case-insensitive; null for anything else. */
export function parseHex(value: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const digits =
    match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16) / 255) as unknown as Rgb;
}

/** `#RRGGBB`, upper-case, when `value` is a colour; null otherwise. */
export function normaliseHex(value: string): string | null {
  const rgb = parseHex(value);
  return rgb ? toHex(rgb) : null;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((channel) =>
      Math.round(Math.min(1, Math.max(0, channel)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`.toUpperCase();
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

interface Oklch {
  l: number;
  c: number;
  h: number;
}

function rgbToOklch([r, g, b]: Rgb): Oklch {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(a, bb), h: Math.atan2(bb, a) };
}

/** Linear sRGB of an OKLCH colour (may fall outside 0…1: out of gamut). */
function oklchToLinear({ l: L, c, h }: Oklch): Rgb {
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);

/** The colour in sRGB, its chroma lowered (bisection) until it fits. */
function oklchToHex(colour: Oklch): string {
  let linear = oklchToLinear(colour);
  if (!inGamut(linear)) {
    let low = 0;
    let high = colour.c;
    for (let i = 0; i < 24; i += 1) {
      const mid = (low + high) / 2;
      if (inGamut(oklchToLinear({ ...colour, c: mid }))) low = mid;
      else high = mid;
    }
    linear = oklchToLinear({ ...colour, c: low });
  }
  return toHex(
    linear.map((channel) => fromLinear(Math.min(1, Math.max(0, channel)))) as unknown as Rgb,
  );
}

// How far each lighter step goes from the chosen colour towards near-white, and each darker one
// towards near-black (close to Tailwind's own palettes).
const LIGHTER: Partial<Record<ScaleStep, number>> = {
  50: 0.95,
  100: 0.88,
  200: 0.7,
  300: 0.5,
  400: 0.3,
  500: 0.14,
};
const DARKER: Partial<Record<ScaleStep, number>> = { 700: 0.2, 800: 0.4, 900: 0.58, 950: 0.78 };
const LIGHTEST = 0.985;
const DARKEST = 0.16;

/** The brand scale of `hex` (the default colour when it is not one); brand-600 is `hex`. */
export function brandScale(hex: string): BrandScale {
  const rgb = parseHex(hex) ?? (parseHex(DEFAULT_BRAND_COLOR) as Rgb);
  const base = rgbToOklch(rgb);
  const scale = {} as BrandScale;
  for (const step of SCALE_STEPS) {
    const up = LIGHTER[step];
    const down = DARKER[step];
    if (up !== undefined) {
      const l = base.l + (Math.max(LIGHTEST, base.l) - base.l) * up;
      scale[step] = oklchToHex({ l, c: base.c * (1 - up * 0.92), h: base.h });
    } else if (down !== undefined) {
      const l = base.l - (base.l - Math.min(DARKEST, base.l)) * down;
      scale[step] = oklchToHex({ l, c: base.c * (1 - down * 0.45), h: base.h });
    } else {
      scale[step] = toHex(rgb);
    }
  }
  return scale;
}

/** WCAG 2 relative luminance of a colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const [r, g, b] = rgb.map(toLinear) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text. */
export const READABLE_CONTRAST = 4.5;

/**
 * The contrast of white text on `hex` — the same ratio as `hex` text on white (the ratio is
 * symmetric): below READABLE_CONTRAST, both buttons and links in that colour are hard to read.
 */
export function whiteContrast(hex: string): number {
  return contrastRatio('#FFFFFF', hex);
}

/** The dark theme's card surface (Tailwind's slate-900) and page background (slate-950). */
export const DARK_SURFACE = '#0F172B';

/**
 * The CSS variables of the brand for one theme, set on the admin area's root: the scale, and in
 * the dark theme tinted dark backgrounds for the light steps and a light text colour readable on
 * the dark surface (styles.css maps the `text-brand-*` utilities to it).
 */
export function brandVariables(hex: string, theme: 'light' | 'dark'): Record<string, string> {
  const scale = brandScale(hex);
  const variables: Record<string, string> = {};
  for (const step of SCALE_STEPS) variables[`--color-brand-${step}`] = scale[step];
  if (theme === 'dark') {
    variables['--color-brand-50'] = scale[950];
    variables['--color-brand-100'] = scale[900];
    variables['--color-brand-200'] = scale[800];
    variables['--color-brand-300'] = scale[700];
    const text =
      [scale[200], scale[100], scale[50]].find(
        (candidate) => contrastRatio(candidate, DARK_SURFACE) >= 7,
      ) ?? scale[50];
    variables['--brand-text-dark'] = text;
  }
  return variables;
}
