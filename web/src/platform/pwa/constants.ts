// Timing of the app update flow. Product spec, section 4 "App update" and section 9 "Business constants and limits":
// "Update dismissal 1 hour; update success flag 5 min; reload 3 s after update; update check every 60000 ms;
// offline-ready dismissal stored permanently."

/** 'Later' hides the update prompt for this long, across reloads. */
export const UPDATE_DISMISS_MS = 60 * 60 * 1000;

/** After an update, the success flag (and the "Chartside was updated" notice) lasts this long. */
export const UPDATE_SUCCESS_FLAG_MS = 5 * 60 * 1000;

/** 'Update Now' reloads the app this long after it was clicked. */
export const RELOAD_AFTER_UPDATE_MS = 3000;

/** The app asks the server for a new service worker this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60000;

/**
 * Not in the spec: how long 'Update Now' waits for the new version to take over the page before it reports
 * 'Update failed: …'. Taking over needs no download (the new version was fetched before the prompt showed).
 */
export const UPDATE_TAKEOVER_TIMEOUT_MS = 15_000;
