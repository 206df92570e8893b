/**
 * How long a signed-in session lives (seconds), and after how long a request extends it (seconds):
 * a session unused for 30 days ends; one in use is extended at most once a day. The auth setup
 * (src/server/auth.ts) and the staff's live-session look-up (services/staff/find-live-session.ts)
 * read the same figures.
 */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_S = 60 * 60 * 24;
