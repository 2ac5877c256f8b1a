import { describe, expect, it } from 'vitest';
import { pageModuleFor } from './page-modules';

describe('pageModuleFor', () => {
  it('maps each public page to its chunk, ignoring case and a trailing slash', () => {
    expect(pageModuleFor('/')).toBe('landing');
    expect(pageModuleFor('/about')).toBe('about');
    expect(pageModuleFor('/Services/')).toBe('services');
    expect(pageModuleFor('/contact')).toBe('contact');
    expect(pageModuleFor('/confidentialite')).toBe('legal');
    expect(pageModuleFor('/conditions')).toBe('legal');
    expect(pageModuleFor('/login')).toBe('login');
    expect(pageModuleFor('/signup/')).toBe('signup');
    expect(pageModuleFor('/invitation')).toBe('invitation');
    expect(pageModuleFor('/mot-de-passe-oublie')).toBe('passwordReset');
    expect(pageModuleFor('/reinitialiser-mot-de-passe/')).toBe('passwordReset');
  });

  it('loads the receipt verification page for /verifier/<code> only', () => {
    expect(pageModuleFor('/verifier/Xk3_q9-LmP2rT8wZ')).toBe('receiptVerification');
    expect(pageModuleFor('/verifier/Xk3_q9-LmP2rT8wZ/')).toBe('receiptVerification');
    expect(pageModuleFor('/verifier')).toBe('notFound');
    expect(pageModuleFor('/verifier/a/b')).toBe('notFound');
  });

  it('loads the admin area for /admin and everything under it', () => {
    expect(pageModuleFor('/admin')).toBe('admin');
    expect(pageModuleFor('/admin/')).toBe('admin');
    expect(pageModuleFor('/Admin/etudiants')).toBe('admin');
    expect(pageModuleFor('/admin/nimporte-quoi')).toBe('admin');
  });

  it('loads the operator console for /operateur and everything under it', () => {
    expect(pageModuleFor('/operateur')).toBe('operator');
    expect(pageModuleFor('/Operateur/')).toBe('operator');
    expect(pageModuleFor('/operateur/ecoles/5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a41')).toBe(
      'operator',
    );
    expect(pageModuleFor('/operateurs')).toBe('notFound');
  });

  it('falls back to the not-found page for anything else', () => {
    expect(pageModuleFor('/administration')).toBe('notFound');
    expect(pageModuleFor('/dashboard')).toBe('notFound');
    expect(pageModuleFor('/nimporte-quoi')).toBe('notFound');
  });
});
