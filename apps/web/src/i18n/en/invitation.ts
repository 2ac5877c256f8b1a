import type { Translation } from '../fr';

type Invitation = Pick<Translation, 'invitation'>;

export const invitation: Invitation = {
  invitation: {
    title: 'Invitation',
    heading: 'Join {{school}}',
    lead: '{{school}} invites you to join Écolage with the role {{role}}.',
    invitee: 'Invited person',
    name: 'Name',
    email: 'E-mail',
    newAccount: {
      title: 'Choose your password',
      lead: 'You will then log in with your e-mail address and this password.',
      password: 'Password',
      passwordHint: 'At least 6 characters.',
      confirm: 'Confirm the password',
    },
    existingAccount: {
      title: 'Confirm with the password of your Écolage account',
      lead: 'This address already has an Écolage account: the school will be added to your schools.',
      password: 'Password of your account',
      forgot: 'Forgot your password?',
    },
    submit: 'Accept the invitation',
    submitting: 'Activating…',
    failure: 'The invitation could not be accepted. Please try again.',
    joined: 'Welcome to {{school}}!',
    loading: 'Loading the invitation…',
    loadErrorTitle: 'The invitation cannot be shown',
    loadError: 'Check your connection, then try again.',
    retry: 'Try again',
    invalidTitle: 'Invalid invitation link',
    invalid:
      'This invitation link is invalid, already used or expired. Ask the school for a new invitation.',
    home: 'Back to the home page',
    hasAccess: 'Already accepted?',
    loginLink: 'Log in',
  },
};
