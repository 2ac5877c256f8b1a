import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

const origin = 'https://ecolage.tg';

describe('safeNextPath', () => {
  it.each([
    ['/admin/etudiants', '/admin/etudiants'],
    ['/admin/paiements?page=2#liste', '/admin/paiements?page=2#liste'],
    ['/admin', '/admin'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeNextPath(value, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'admin',
    '',
    '/login',
    '/signup/',
    undefined,
    42,
  ])('refuses %s', (value) => {
    expect(safeNextPath(value, origin)).toBeNull();
  });
});
