// cardschool: keep the table's game in the browser, bring it back, and notice a lost kernel.
//
// An add-on of every table (core.js runs each of `addons` once per view). Python decides
// everything; this file only carries things back and forth:
// - after every redraw Python publishes the game's save in the `kept` trait; it is written
//   to the browser's storage (storage.js, kind `game`, named by the page's path and the table);
// - when the table starts, what was stored and the page's query string (`?deal=CODE`) go to
//   Python as one `resume` intent, which checks them like any click (widgets/saves.py);
// - every intent is numbered (`seq`) and Python answers each one (`{ack: seq}`): no answer
//   within ANSWER_MS, or a send that fails, means the kernel or the server is gone, and the
//   table says so in plain words (a reload continues the game from the save);
// - one tab keeps a game: a table opening a game another tab of this browser keeps (asked over
//   a BroadcastChannel) writes nothing and takes no click, and says so with a button that
//   takes the game over here (the other tab then stops keeping it, and this one reloads);
// - a "Copy link" button puts the link of the deal on show on the clipboard;
// - a page closed for good (`pagehide`, not kept in the back/forward cache) ends its kernel.
import { addons, h, say } from "./core.js";
import { heldRecord, joinedClass, keptRecords, readEntry, writeProblem } from "./storage.js";

const ANSWER_MS = 3 * 1000; // a click unanswered this long: the kernel or the server is gone
const TABS = "cardschool-tables"; // the channel the tabs of one browser ask each other on
// this tab: one id for the whole page (every table and every view of it; each widget may load
// this module anew, so the id is kept on the page, not in the module)
const TAB = (globalThis.cardschoolTab ??= Math.random().toString(36).slice(2));
const GAME_KIND = "game";

function keepGame({ model, root, via, again }) {
  const notice = h("div", { class: "cs-notice", role: "alert", hidden: true });
  root.prepend(notice);
  const notify = (text) => {
    notice.textContent = text || "";
    notice.hidden = !text;
  };
  const place = () => `${window.location.pathname}|${(model.get("kept") || {}).name || "table"}`;

  // ---- every intent numbered; a missing answer says the kernel is gone
  let seq = 0;
  let lost = false;
  const waiting = new Map();
  const gone = () => {
    lost = true;
    root.classList.add("cs-lost");
    notify(say("lost"));
  };
  const post = via.send;
  let here = true; // false while another tab keeps this game: nothing sent, nothing kept
  via.send = (payload) => {
    if (!here) return;
    seq += 1;
    const number = seq;
    try {
      post({ ...payload, seq: number });
    } catch (_error) {
      gone();
      return;
    }
    waiting.set(number, setTimeout(gone, ANSWER_MS));
  };
  const answered = (content) => {
    // a line that must stay readable (a class membership refused): the notice, which stays
    if (content && typeof content.notice === "string" && !lost) notify(content.notice);
    if (!content || typeof content.ack !== "number" || !waiting.has(content.ack)) return;
    clearTimeout(waiting.get(content.ack));
    waiting.delete(content.ack);
    if (lost && waiting.size === 0) { // a slow answer after all: the kernel is there
      lost = false;
      root.classList.remove("cs-lost");
      notify("");
    }
  };
  model.on("msg:custom", answered);
  model.on("msg:custom", heldRecord); // class records the database refused, kept here

  let channel = null;
  const cleanup = () => {
    for (const timer of waiting.values()) clearTimeout(timer);
    model.off("msg:custom", answered);
    model.off("msg:custom", heldRecord);
    via.send = post;
    if (channel) channel.close();
  };
  if (model.get("kept") === undefined) return cleanup; // a picture, not a game: nothing to keep

  // ---- one tab keeps a game: the others say so and offer to take it over
  const words = () => (model.get("kept") || {}).words || {};
  const elsewhereText = h("p", { class: "cs-elsewhere-text" });
  const takeOver = h("button", {
    type: "button", class: "cs-btn", "data-action": "take-over",
    onclick: () => {
      if (channel) channel.postMessage({ place: place(), took: TAB });
      window.location.reload(); // the game as the other tab kept it, from the browser's save
    },
  });
  const elsewhere = h("div", { class: "cs-elsewhere", role: "alert", hidden: true }, elsewhereText, takeOver);
  root.prepend(elsewhere);
  const keptElsewhere = () => {
    here = false;
    elsewhereText.textContent = words().elsewhere || "";
    takeOver.textContent = words().take || "";
    elsewhere.hidden = false;
    root.classList.add("cs-not-here");
  };
  try {
    channel = new BroadcastChannel(TABS);
  } catch (_error) {
    channel = null; // an old browser: each tab keeps the game, as before
  }
  if (channel) {
    channel.onmessage = (event) => {
      const said = event.data || {};
      if (said.place !== place() || [said.ask, said.kept, said.took].includes(TAB)) return; // this page's
      if (said.ask && here) channel.postMessage({ place: place(), kept: TAB });
      else if (said.kept || said.took) keptElsewhere();
    };
    channel.postMessage({ place: place(), ask: TAB });
  }

  // ---- the save: read once as the table starts, written after every change
  const stored = readEntry(GAME_KIND, place());
  const keep = () => {
    const kept = model.get("kept") || {};
    if (!kept.save || !here) return; // another tab keeps this game: never overwritten
    const problem = writeProblem(GAME_KIND, place(), kept.save); // a code, for the console
    if (problem) console.warn(`cardschool: the game could not be kept (${problem})`);
  };
  model.on("change:kept", keep);
  // a class joined on this browser (class page, storage kind `class`), with the class server's
  // address typed there if any: Python checks both, and records this table's finished deals
  // only if they hold (once per page: not again when the table is built anew in another language)
  const member = again ? null : joinedClass();
  if (member) model.send({ ...member, records: keptRecords() });
  if (!again) via.send({ type: "resume", save: stored.found ? stored.value : null, query: window.location.search.slice(0, 2000) });
  // a link's deal (`?deal=CODE`): the table shows no other deal while Python opens it, so no
  // card of another deal is seen or clicked (that click would be refused as stale)
  if (!again && here && new URLSearchParams(window.location.search).get("deal")) {
    const resumed = seq;
    const heard = (content) => { if (content && content.ack === resumed) shown(); };
    const shown = () => {
      root.style.visibility = "";
      model.off("msg:custom", heard);
      clearTimeout(safety);
    };
    const safety = setTimeout(shown, ANSWER_MS); // unanswered: the lost notice must be seen
    root.style.visibility = "hidden";
    model.on("msg:custom", heard);
  }

  // ---- a link to the deal on show
  const copied = h("span", { class: "cs-copied", "aria-live": "polite" });
  const copy = h("button", {
    type: "button", class: "cs-btn cs-ghost", "data-action": "copy-link",
    title: say("copy-link-title"),
    onclick: async () => {
      const code = ((model.get("state") || {}).code || "").trim();
      if (!code) return;
      const link = `${window.location.origin}${window.location.pathname}?deal=${encodeURIComponent(code)}`;
      try {
        await navigator.clipboard.writeText(link);
        copied.textContent = say("link-copied");
      } catch (_error) {
        copied.textContent = link; // no clipboard here: show it to copy by hand
      }
      copy.dataset.link = link;
    },
  }, say("copy-link"));
  const tools = root.querySelector(".cs-tools");
  if (tools) tools.append(copy, copied);

  return () => {
    cleanup();
    model.off("change:kept", keep);
  };
}

// ---- a page closed for good ends its kernel (once per page, whatever the number of tables);
// Voilà itself does so on `beforeunload`, which a closed tab or a killed browser may skip
let ending = false;
function endKernelOnClose() {
  if (ending || typeof window === "undefined") return;
  ending = true;
  let unloaded = false; // Voilà's own `beforeunload` ends the kernel then
  window.addEventListener("beforeunload", () => { unloaded = true; });
  window.addEventListener("pagehide", (event) => {
    if (event.persisted || unloaded) return; // kept in the back/forward cache: it may come back
    let config = {};
    try {
      config = JSON.parse(document.getElementById("jupyter-config-data")?.textContent || "{}");
    } catch (_error) {
      return;
    }
    if (!config.kernelId || typeof config.baseUrl !== "string") return; // not a Voilà page
    const form = new FormData();
    const xsrf = document.cookie.match(/\b_xsrf=([^;]*)\b/);
    form.append("_xsrf", xsrf ? xsrf[1] : "");
    navigator.sendBeacon(`${config.baseUrl}voila/api/shutdown/${encodeURIComponent(config.kernelId)}`, form);
  });
}

addons.push((view) => {
  endKernelOnClose();
  return keepGame(view);
});
