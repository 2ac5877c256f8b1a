/** `« Collège Saint-Joseph de Lomé »` → `college-saint-joseph-de-lome` (at most 50 characters). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug.length >= 2 ? slug : `ecole-${slug || 'sans-nom'}`;
}
