import { describe, expect, it } from 'vitest';
import { contactRequestSchema, newsletterSubscribeRequestSchema } from './public';

describe('newsletterSubscribeRequestSchema', () => {
  it('trims the address and accepts a valid one', () => {
    expect(newsletterSubscribeRequestSchema.parse({ email: '  Ama@Exemple.tg ' }).email).toBe(
      'Ama@Exemple.tg',
    );
  });

  it.each([[''], ['   '], ['pas-une-adresse'], [42]])(
    'refuses %j with a French message',
    (email) => {
      const result = newsletterSubscribeRequestSchema.safeParse({ email });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/adresse e-mail/);
    },
  );
});

describe('contactRequestSchema', () => {
  const valid = {
    name: 'Kossi Agbéko',
    email: 'kossi@exemple.tg',
    subject: 'Démonstration',
    message: 'Bonjour, je souhaite une démonstration pour notre école.',
  };

  it('accepts a complete message', () => {
    expect(contactRequestSchema.parse(valid)).toMatchObject(valid);
  });

  it('refuses a blank field with the spec message', () => {
    const result = contactRequestSchema.safeParse({ ...valid, subject: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Veuillez remplir tous les champs obligatoires.');
  });

  it('refuses an over-long message', () => {
    const result = contactRequestSchema.safeParse({ ...valid, message: 'x'.repeat(5001) });
    expect(result.success).toBe(false);
  });
});
