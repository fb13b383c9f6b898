// cardschool's one browser-storage module: everything the app keeps in the browser goes
// through here (exercise progress now; saved games and class membership later).
//
// Keys are versioned and named by kind and name: `cardschool/v1/<kind>/<name>`, e.g.
// `cardschool/v1/progress/<game>/<topic>.toml`, for a school at the host's root; a school in a
// folder of its host keeps its own: `cardschool@<folder>/v1/<kind>/<name>` (the folder holding
// its pages, `/voici/render/` on the static site, `/voila/render/` served), so two copies on
// one host keep separate stars and saves. An entry not found there is read from the host-wide
// key these were all kept under before, and copied, so no learner loses progress. An entry is JSON text of at most MAX_ENTRY
// characters. Nothing read back is trusted here: the value (or the raw text, when it is not
// JSON) goes to Python, which checks it. Every failure (storage blocked, quota full, an
// entry too big) is a code, said in Python's words by the page, never an exception.

export const STORAGE_VERSION = "v1";
export const MAX_ENTRY = 16384;

const PAGES = /\/vo(?:ici|ila)\/render\//;

/** The folder of this copy of the school on its host: `/` at its root. */
export function schoolFolder(path = window.location.pathname) {
  const pages = PAGES.exec(path);
  return pages ? path.slice(0, pages.index + 1) : path.slice(0, path.lastIndexOf("/") + 1) || "/";
}

/** The storage key of an entry: `cardschool/v1/<kind>/<name>`, with the school's folder. */
export function storageKey(kind, name, folder = schoolFolder()) {
  const school = folder === "/" ? "cardschool" : `cardschool@${folder.replace(/\/$/, "")}`;
  return `${school}/${STORAGE_VERSION}/${kind}/${name}`;
}

/** The key of an entry before keys had the school's folder (kept for reading). */
export function hostKey(kind, name) {
  return storageKey(kind, name, "/");
}

function store() {
  try {
    return window.localStorage || null;
  } catch (_error) {
    return null; // blocked by the browser's settings
  }
}

// Why an entry could not be read or kept is a code ("read-blocked", "read-failed",
// "write-blocked", "too-big", "full": the `problem` of readEntry, what writeProblem gives),
// never a sentence: a page says it in the words Python sent for that code.
const unreadEntry = (problem) => ({ found: false, value: null, problem });

/** Read an entry: { found, value, problem }: problem is null, or the code of why it could
 * not be read; value is the parsed JSON or the raw text. */
export function readEntry(kind, name) {
  const box = store();
  if (!box) return unreadEntry("read-blocked");
  let text;
  try {
    const key = storageKey(kind, name);
    text = box.getItem(key);
    if (text === null && key !== hostKey(kind, name)) {
      text = box.getItem(hostKey(kind, name)); // kept before keys had the school's folder
      if (text !== null) box.setItem(key, text);
    }
  } catch (_error) {
    return unreadEntry("read-failed");
  }
  if (text === null) return { found: false, value: null, problem: null };
  if (text.length > MAX_ENTRY) return { found: true, value: text.slice(0, 64), problem: null };
  try {
    return { found: true, value: JSON.parse(text), problem: null };
  } catch (_error) {
    return { found: true, value: text, problem: null };
  }
}

/** Write an entry; null when kept, else the code of why not ("write-blocked", "too-big",
 * "full"). */
export function writeProblem(kind, name, value) {
  const box = store();
  if (!box) return "write-blocked";
  const text = JSON.stringify(value);
  if (text.length > MAX_ENTRY) return "too-big";
  try {
    box.setItem(storageKey(kind, name), text);
    return null;
  } catch (_error) {
    return "full";
  }
}

// ---- class records the class database refused (issue 26.7): Python seals each one and sends
// it here to keep ({"keep-record": {uid, body, sig}}), and says when the database holds it
// ({"drop-record": uid}); the next page sends what is kept back with the class membership.
// Nothing here is trusted: Python takes a record back only if its seal holds.
const RECORDS = "records";
const RECORD_KIND = "class-record";
const UID = /^[0-9a-f]{32}$/;

function recordUids() {
  const index = readEntry("class", RECORDS);
  return index.found && Array.isArray(index.value) ? index.value.filter((uid) => UID.test(uid)) : [];
}

/** The class joined on this browser as a page sends it to Python (which checks it all):
 * `{type: "member", entry}`, with `server`, the class server's address typed once on this
 * browser (kind `class`, name `server`: the static site's address box), when there is one;
 * null when no class was joined here. */
export function joinedClass() {
  const member = readEntry("class", "membership");
  if (!member.found || !member.value) return null;
  const said = { type: "member", entry: member.value };
  const server = readEntry("class", "server");
  if (server.found && typeof server.value === "string") said.server = server.value;
  return said;
}

/** The sealed class records this browser keeps, oldest first. */
export function keptRecords() {
  return recordUids()
    .map((uid) => readEntry(RECORD_KIND, uid))
    .filter((got) => got.found && got.value && typeof got.value === "object")
    .map((got) => got.value);
}

/** Keep or drop a sealed class record, as a message from Python says (others: nothing). */
export function heldRecord(content) {
  const kept = content && content["keep-record"];
  const dropped = content && content["drop-record"];
  let uids = recordUids();
  if (kept && UID.test(kept.uid)) {
    if (writeProblem(RECORD_KIND, kept.uid, kept)) return; // too big or full: Python keeps it
    uids = [...uids.filter((uid) => uid !== kept.uid), kept.uid];
  } else if (typeof dropped === "string" && UID.test(dropped)) {
    try {
      store()?.removeItem(storageKey(RECORD_KIND, dropped));
    } catch (_error) { /* blocked: the index no longer names it */ }
    uids = uids.filter((uid) => uid !== dropped);
  } else {
    return;
  }
  writeProblem("class", RECORDS, uids);
}
