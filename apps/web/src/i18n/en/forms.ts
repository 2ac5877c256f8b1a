import type { Translation } from '../fr';

type Forms = Pick<Translation, 'forms'>;

export const forms: Forms = {
  forms: {
    required: 'required',
    issue: {
      required: 'This field is required.',
      tooShort: 'At least {{minimum}} characters.',
      tooLong: 'At most {{maximum}} characters.',
      tooSmall: 'The value must be at least {{minimum}}.',
      tooBig: 'The value must be at most {{maximum}}.',
      invalidEmail: 'Invalid e-mail format.',
      invalidFormat: 'Invalid format.',
      invalid: 'Invalid value.',
    },
  },
};
