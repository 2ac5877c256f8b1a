/**
 * The form kit's own words (components/ui/form.tsx): a field's problem said from the code of
 * the schema's issue and its bounds, for a reader of another language than the schemas' French
 * (a French reader sees the schema's own sentence), and the marker of a required field.
 */
export const forms = {
  forms: {
    required: 'obligatoire',
    issue: {
      required: 'Ce champ est obligatoire.',
      tooShort: 'Au moins {{minimum}} caractères.',
      tooLong: 'Au plus {{maximum}} caractères.',
      tooSmall: 'La valeur doit être au moins {{minimum}}.',
      tooBig: 'La valeur doit être au plus {{maximum}}.',
      invalidEmail: "Format d'e-mail invalide.",
      invalidFormat: 'Format invalide.',
      invalid: 'Valeur invalide.',
    },
  },
} as const;
