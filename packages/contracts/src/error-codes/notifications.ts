import { defineError } from './define';

/** The staff's notifications (module `notifications`). */
export const notificationErrors = {
  /** 404 — no item with that id in the member's bell (another member's, another school's). */
  NOTIFICATION_NOT_FOUND: defineError(404, 'Cette notification est introuvable.'),
};
