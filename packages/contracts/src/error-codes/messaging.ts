import { MessagesMessages } from '../messages';
import { defineError } from './define';

/** The school's messages (module `messaging`: « Messages » in Automatisations). */
export const messagingErrors = {
  /** 404 — no message with that id in the school. */
  MESSAGE_NOT_FOUND: defineError(404, MessagesMessages.notFound),
  /** 409 — retrying a message that is neither failed nor dead. */
  MESSAGE_NOT_RETRYABLE: defineError(409, MessagesMessages.notRetryable),
};
