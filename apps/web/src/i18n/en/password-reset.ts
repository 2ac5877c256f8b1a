import type { Translation } from '../fr';

type PasswordReset = Pick<Translation, 'passwordReset'>;

export const passwordReset: PasswordReset = {
  passwordReset: {
    forgot: {
      title: 'Forgotten password',
      lead: 'Enter the e-mail address of your account: we will send you a link to choose a new password.',
      email: 'E-mail',
      emailPlaceholder: 'you@example.tg',
      submit: 'Send the link',
      submitting: 'Sending…',
      sentTitle: 'Check your inbox',
      sent: 'If an account exists for this address, a reset e-mail has just been sent. The link is valid for one hour.',
      spam: 'Nothing after a few minutes? Look in your spam folder.',
      again: 'Use another address',
      failure: 'The request could not be sent. Please try again.',
    },
    reset: {
      title: 'New password',
      lead: 'Choose the new password of your Écolage account.',
      password: 'New password',
      passwordHint: 'At least 6 characters.',
      confirm: 'Confirm the new password',
      submit: 'Save the password',
      submitting: 'Saving…',
      failure: 'The password could not be changed. Please try again.',
      invalidTitle: 'Invalid reset link',
      invalid: 'This reset link is invalid, already used or expired. Ask for a new one.',
      requestNew: 'Ask for a new link',
    },
    remembered: 'Remember it?',
    loginLink: 'Log in',
  },
};
