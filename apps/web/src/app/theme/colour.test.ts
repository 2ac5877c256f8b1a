import { describe, expect, it } from 'vitest';
import {
  brandScale,
  brandVariables,
  contrastRatio,
  DARK_SURFACE,
  normaliseHex,
  relativeLuminance,
  SCALE_STEPS,
  whiteContrast,
} from './colour';

describe('contrast ratio (WCAG 2)', () => {
  it('gives the known ratios', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    // #767676 is the classic grey at 4.54:1 on white.
    expect(contrastRatio('#FFFFFF', '#767676')).toBeCloseTo(4.54, 2);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 5);
  });

  it('says yellow is unreadable with white and the default colour readable', () => {
    expect(whiteContrast('#FFFF00')).toBeLessThan(1.1);
    expect(whiteContrast('#484D9B')).toBeGreaterThan(7);
  });
});

describe('brand scale', () => {
  const lightness = (hex: string) => relativeLuminance(hex);

  it('keeps brand-600 the chosen colour and goes from light to dark', () => {
    for (const colour of ['#484D9B', '#0E7C3A', '#C2410C', '#FFFF00', '#000000', '#FFFFFF']) {
      const scale = brandScale(colour);
      expect(scale[600]).toBe(normaliseHex(colour));
      for (const step of SCALE_STEPS) expect(scale[step]).toMatch(/^#[0-9A-F]{6}$/);
      for (let i = 1; i < SCALE_STEPS.length; i += 1) {
        const lighter = scale[SCALE_STEPS[i - 1] as (typeof SCALE_STEPS)[number]];
        const darker = scale[SCALE_STEPS[i] as (typeof SCALE_STEPS)[number]];
        expect(lightness(lighter)).toBeGreaterThanOrEqual(lightness(darker) - 1e-9);
      }
    }
  });

  it('gives near-white and near-black ends readable against each other', () => {
    const scale = brandScale('#484D9B');
    expect(contrastRatio(scale[50], scale[900])).toBeGreaterThan(10);
    expect(contrastRatio(scale[50], '#FFFFFF')).toBeLessThan(1.15);
  });

  it('falls back on the default colour for something that is not a colour', () => {
    expect(brandScale('rouge')[600]).toBe('#484D9B');
    expect(normaliseHex('#abc')).toBe('#AABBCC');
    expect(normaliseHex('rouge')).toBeNull();
  });

  it('gives the dark theme a light brand text readable on the dark surface', () => {
    for (const colour of ['#484D9B', '#1E3A8A', '#111111']) {
      const variables = brandVariables(colour, 'dark');
      expect(variables['--color-brand-600']).toBe(normaliseHex(colour));
      expect(contrastRatio(variables['--brand-text-dark'] ?? '', DARK_SURFACE)).toBeGreaterThan(7);
    }
    expect(brandVariables('#484D9B', 'light')['--brand-text-dark']).toBeUndefined();
  });
});
