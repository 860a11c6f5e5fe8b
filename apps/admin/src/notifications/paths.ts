/**
 * Where the notification centre lives: the same paths for every role, learner or staff, since the
 * digest mails link every reader to `/notifications` on their own site. Kept free of imports: the
 * language switcher of the sign-in screen reads the preferences' address from here.
 */
export const NOTIFICATIONS_PATH = "/notifications";
export const NOTIFICATION_SETTINGS_PATH = "/notifications/settings";

/** `GET|PATCH`: each kind's choices; any PATCH also records the reader's language for their mail. */
export const NOTIFICATION_PREFERENCES_URL = "/api/profile/notification-preferences";
