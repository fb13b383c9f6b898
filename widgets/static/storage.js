// cardschool's one browser-storage module: everything the app keeps in the browser goes
// through here (exercise progress now; saved games and class membership later).
//
// Keys are versioned and named by kind and name: `cardschool/v1/<kind>/<name>`, e.g.
// `cardschool/v1/progress/<game>/<topic>.toml`. An entry is JSON text of at most MAX_ENTRY
// characters. Nothing read back is trusted here: the value (or the raw text, when it is not
// JSON) goes to Python, which checks it. Every failure (storage blocked, quota full, an
// entry too big) is a plain line for the page, never an exception.

export const STORAGE_VERSION = "v1";
export const MAX_ENTRY = 16384;

/** The storage key of an entry: `cardschool/v1/<kind>/<name>`. */
export function storageKey(kind, name) {
  return `cardschool/${STORAGE_VERSION}/${kind}/${name}`;
}

function store() {
  try {
    return window.localStorage || null;
  } catch (_error) {
    return null; // blocked by the browser's settings
  }
}

/** Read an entry: { found, value, error }; value is the parsed JSON or the raw text. */
export function readEntry(kind, name) {
  const box = store();
  if (!box) return { found: false, value: null, error: "This browser keeps no progress here (storage is blocked)." };
  let text;
  try {
    text = box.getItem(storageKey(kind, name));
  } catch (_error) {
    return { found: false, value: null, error: "This browser's storage could not be read." };
  }
  if (text === null) return { found: false, value: null, error: null };
  if (text.length > MAX_ENTRY) return { found: true, value: text.slice(0, 64), error: null };
  try {
    return { found: true, value: JSON.parse(text), error: null };
  } catch (_error) {
    return { found: true, value: text, error: null };
  }
}

/** Write an entry; null when kept, else the plain line saying why not. */
export function writeEntry(kind, name, value) {
  const box = store();
  if (!box) return "Your progress cannot be kept in this browser (storage is blocked).";
  const text = JSON.stringify(value);
  if (text.length > MAX_ENTRY) return "Your progress is too big to keep in this browser.";
  try {
    box.setItem(storageKey(kind, name), text);
    return null;
  } catch (_error) {
    return "Your progress could not be kept: this browser's storage is full.";
  }
}
