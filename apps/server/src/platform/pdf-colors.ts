/** Colours on paper: a school's colour as bands, tints and readable text. */

/** The colour mixed with white (`share` of white): the tints of headers and boxes. */
export function tint(hex: string, share: number): string {
  return mix(hex, 255, share);
}

/** The colour mixed towards black (0) or white (255) by `share`. */
function mix(hex: string, towards: number, share: number): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(value + (towards - value) * share)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** WCAG relative luminance of `#RRGGBB`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((offset) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/** The ink readable on a band of the colour: white on a dark colour, near-black on a light one. */
export function inkOn(hex: string): string {
  return contrast(hex, '#FFFFFF') >= contrast(hex, '#1F2430') ? '#FFFFFF' : '#1F2430';
}

/**
 * The colour as text on white paper: itself when readable (contrast ≥ 4.5), else darkened until
 * it is — a school's light yellow still prints its name legibly.
 */
export function textColor(hex: string): string {
  for (let share = 0; share <= 1; share += 0.05) {
    const color = mix(hex, 0, share);
    if (contrast(color, '#FFFFFF') >= 4.5) return color;
  }
  return '#000000';
}
