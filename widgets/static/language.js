// The language a page speaks (issue 27): which one the page asks for, and the switch that
// changes it. Python decides: it checks the language asked for (an intent, like any click)
// and sends every word again in it. This file only works out what to ask for, keeps the
// learner's choice in the browser (storage.js: kind "settings", name "language") and draws
// the switch from a widget's `speech` trait (the language spoken, the switch's label in it,
// and the choices, each language named in its own language).
//
// The page asks for, in this order: its address's `?lang=xx`; else the choice kept in this
// browser; else the first of the browser's preferred languages (`navigator.languages`)
// whose primary subtag the school speaks; else the school's own language (the first
// choice, English). Preheated kernels and the static site never see the address: the
// browser sends what it chose, as deal links' codes are sent.
//
// The page does not wait for Python to show the language it asked for: `<html lang>` (the
// notebooks' prose cells follow it, voila_template/languages.css) and every switch on the
// page (`aria-pressed`) show it at once, the words following when Python sends them.
import { h } from "./dom.js";
import { readEntry, writeProblem } from "./storage.js";

const LANGUAGE_KIND = "settings";
const LANGUAGE_NAME = "language";
const LANGUAGE_QUERY = "lang";
const ASKED = "csLanguageAsked"; // <html data-cs-language-asked>: what the page asked of Python
const ASKED_EVENT = "cs-language-asked"; // on `document`: every switch shows it at once

/** Show `code` on the page at once, before Python speaks it: `<html lang>` and every
 * switch (each widget's front end joins its own copy of this file: the page is shared). */
function showAsked(code) {
  if (typeof document === "undefined") return;
  document.documentElement.dataset[ASKED] = code;
  document.documentElement.lang = code;
  document.dispatchEvent(new Event(ASKED_EVENT));
}

/** The language a switch shows: the one the page asked for, else (none asked, or Python
 * refused a language since) the one spoken. */
function shownLanguage(speech) {
  const root = document.documentElement;
  if (speech.refused && root.dataset[ASKED] !== speech.lang) delete root.dataset[ASKED];
  return root.dataset[ASKED] || speech.lang;
}

const linkLanguage = (query) => {
  try {
    return new URLSearchParams(query || "").get(LANGUAGE_QUERY);
  } catch (_error) {
    return null;
  }
};

/** The language a page asks for, one of `codes` (the school's own first), from the page's
 * query string, the choice kept in the browser and the browser's preferred languages. */
export function chooseLanguage({ query = "", stored = null, preferred = [], codes = [] }) {
  const known = (code) => {
    const lower = typeof code === "string" ? code.trim().toLowerCase() : null;
    return lower && codes.includes(lower) ? lower : null;
  };
  const wished = (Array.isArray(preferred) ? preferred : []).map((tag) => known(String(tag).split("-")[0]));
  return known(linkLanguage(query)) || known(stored) || wished.find(Boolean) || codes[0] || null;
}

/** The codes of the languages a widget's `speech` offers. */
const codesOf = (speech) => (Array.isArray(speech.choices) ? speech.choices.map((choice) => choice[0]) : []);

/** The language this page asks for now, of those a widget's `speech` offers (or null). */
export function chosenLanguage(speech) {
  const kept = readEntry(LANGUAGE_KIND, LANGUAGE_NAME);
  const preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  return chooseLanguage({
    query: window.location.search, stored: kept.found ? kept.value : null, preferred, codes: codesOf(speech),
  });
}

/** Keep `code` as the learner's choice (the next pages ask for it); a page opened by a
 * `?lang=` link names it in its address from now on, so a reload keeps it too. */
export function keepLanguage(code) {
  const problem = writeProblem(LANGUAGE_KIND, LANGUAGE_NAME, code); // a code, for the console
  if (problem) console.warn(`cardschool: the language could not be kept (${problem})`);
  const linked = linkLanguage(window.location.search);
  if (linked !== null && linked !== code) {
    const url = new URL(window.location.href);
    url.searchParams.set(LANGUAGE_QUERY, code);
    window.history.replaceState(window.history.state, "", url.href);
  }
}

/** As a widget is drawn: show the language the page asks for at once and ask Python
 * (`send`) for it, unless it speaks it already; a `?lang=` link's language is kept for the
 * next pages. */
export function askLanguage(model, send) {
  const speech = model.get("speech") || {};
  const wanted = chosenLanguage(speech);
  if (!wanted) return;
  const linked = linkLanguage(window.location.search);
  if (linked && linked.trim().toLowerCase() === wanted) keepLanguage(wanted);
  showAsked(wanted);
  if (speech.lang !== wanted) send({ type: "language", lang: wanted });
}

/** A page's switch in a bar above its `root`, both put in `el`: { send, language } (the
 * switch; `send` gives the widget an intent). */
export function switchAbove(model, el, root) {
  const send = (intent) => model.send(intent);
  const language = languageSwitch(model, send);
  el.append(h("div", { class: "cs-landing-bar" }, language.node), root);
  return { send, language };
}

/** The language switch of a widget: a button per language, named in its own language, the
 * one asked for (else spoken) pressed; choosing one keeps it, shows it at once and asks
 * Python (`send`). It follows the widget's `speech` and what the page asks (and sets the
 * page's `lang`) until `dispose()`. */
export function languageSwitch(model, send) {
  const choices = h("span", { class: "cs-lang-choices" });
  const refused = h("span", { class: "cs-lang-refused", role: "alert" });
  const node = h("div", { class: "cs-lang", role: "group" }, choices, refused);
  const buttons = new Map();
  const draw = () => {
    const speech = model.get("speech") || {};
    const shown = shownLanguage(speech);
    node.setAttribute("aria-label", speech.label || "");
    if (typeof shown === "string" && shown) document.documentElement.lang = shown;
    for (const [code, name] of Array.isArray(speech.choices) ? speech.choices : []) {
      if (!buttons.has(code)) {
        const button = h("button", {
          type: "button", class: "cs-btn cs-ghost cs-lang-choice", "data-action": "language", "data-lang": code,
          lang: code, onclick: () => {
            keepLanguage(code);
            showAsked(code);
            send({ type: "language", lang: code });
          },
        });
        buttons.set(code, button);
        choices.append(button);
      }
      buttons.get(code).textContent = name;
      buttons.get(code).setAttribute("aria-pressed", String(code === shown));
    }
    refused.textContent = speech.refused || "";
    refused.hidden = !speech.refused;
  };
  draw();
  model.on("change:speech", draw);
  document.addEventListener(ASKED_EVENT, draw);
  return {
    node,
    dispose: () => {
      model.off("change:speech", draw);
      document.removeEventListener(ASKED_EVENT, draw);
    },
  };
}
