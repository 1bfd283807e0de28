/** Business constants of the specification (section 9) that the live-score part uses. */
export const HOT_LIST_PAGE_SIZE = 30;
/** Not-started lists drop matches whose start was more than this long ago. */
export const NOT_STARTED_STALE_SECONDS = 120 * 60;
export const GOAL_POPUP_MS = 5000;
export const GOAL_SOUND_MIN_GAP_MS = 2000;
export const SCORE_CHANGED_FLAG_MS = 10_000;
export const MOBILE_REDIRECT_MAX_WIDTH = 1024;
export const VIRTUAL_LIST_ITEM_LIMIT = 1000;
export const RELOAD_GUARD_MS = 10_000;
export const LOADING_DELAY_MS = 200;
export const NOTIFICATION_DURATION_MS = 4500;
export const LIVE_WATCHDOG_MS = 35_000;
export const MQTT_RECONNECT_PERIOD_MS = 1000;
export const MQTT_CONNECT_TIMEOUT_MS = 5000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const REQUEST_RETRY_DELAY_MS = 300;
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
export const VIEWPORT_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
export const RESIZE_DEBOUNCE_MS = 50;
/** Soon list: not started, kick-off within this window. */
export const SOON_WINDOW_SECONDS = 60 * 60;
export const CONTACT_SCROLL_DELAY_MS = 300;
export const CONTACT_SCROLL_RETRIES = 5;
export const CONTACT_SCROLL_RETRY_MS = 500;
export const NOT_FOUND_REDIRECT_MS = 3000;
/** Relative time labels: under this many seconds reads 'just'. */
export const RELATIVE_TIME_JUST_SECONDS = 300;
/** Relative time labels count days up to this many, then months. */
export const RELATIVE_TIME_MAX_DAYS = 30;
/** Root font size: 16 px scaled by window width over a design width (430 under 1024 px, else 1440). */
export const ROOT_FONT_SIZE_PX = 16;
export const ROOT_FONT_MOBILE_BASE_WIDTH = 430;
export const ROOT_FONT_DESKTOP_BASE_WIDTH = 1440;
