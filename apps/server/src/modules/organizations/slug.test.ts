import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Collège Saint-Joseph de Lomé', 'college-saint-joseph-de-lome'],
    ["  École  d'Œuvre  ", 'ecole-d-oeuvre'],
    ['Lycée Français — Kara', 'lycee-francais-kara'],
    ['X', 'ecole-x'],
    ['!!!', 'ecole-sans-nom'],
    ['A'.repeat(80), 'a'.repeat(50)],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
