import { describe, expect, it } from 'vitest';
import { inkOn, textColor, tint } from './pdf-colors';

describe('colours on paper', () => {
  it('puts white on a dark colour and dark ink on a light one', () => {
    expect(inkOn('#484D9B')).toBe('#FFFFFF');
    expect(inkOn('#0B7A3E')).toBe('#FFFFFF');
    expect(inkOn('#F2C230')).toBe('#1F2430');
    expect(inkOn('#FFFFFF')).toBe('#1F2430');
  });

  it('keeps a readable colour for text and darkens a light one until it reads on white', () => {
    expect(textColor('#484D9B')).toBe('#484d9b');
    expect(textColor('#000000')).toBe('#000000');
    const yellow = textColor('#F2C230');
    expect(yellow).not.toBe('#f2c230');
    // Darker than the yellow, still a yellow (red ≥ green > blue).
    const [r, g, b] = [1, 3, 5].map((offset) => parseInt(yellow.slice(offset, offset + 2), 16));
    expect(r! >= g! && g! > b!).toBe(true);
    expect(r!).toBeLessThan(0xf2);
  });

  it('tints towards white', () => {
    expect(tint('#000000', 0.5)).toBe('#808080');
    expect(tint('#484D9B', 0)).toBe('#484d9b');
    expect(tint('#484D9B', 1)).toBe('#ffffff');
  });
});
