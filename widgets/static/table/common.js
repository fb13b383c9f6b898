// The table's small shared parts: the seats' places, the card pictures, the rule chip, a fan
// of cards and a button that sends an intent. The regions of the table (the other files of
// this folder) and the games' modules draw with them; core.js passes them on to the games.
import { h } from "../dom.js";

// Python's words for the front end (the model's `labels`, see TableWidget.front_words), by
// key: the front end holds no sentence of its own, it places these
const LABELS = {};

/** Take Python's words (core.js does, for each view, before it draws). */
export function learnWords(labels) {
  Object.assign(LABELS, labels || {});
}

/** Python's words for `key`, each `{name}` in them filled with `params[name]`, a value Python
 * sent (a count, a name, a card's name); a count's own sentence (`key#1`: "1 card") first. */
export function say(key, params = {}) {
  const text = ("count" in params ? LABELS[`${key}#${params.count}`] : undefined) ?? LABELS[key] ?? "";
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The four places around the felt, the learner's first. */
export const ORDER = ["south", "west", "north", "east"];

// Card pictures: each SVG string becomes an image URL once; a picture is a cheap <img>
// (the browser decodes each face once and caches it; inline SVG trees, with dozens of
// elements per card, made every redraw of a full table slow to lay out and paint).
export class Faces {
  constructor() {
    this.source = null;
    this.urls = new Map();
    this.names = new Map();
  }
  load(faces) {
    if (faces === this.source) return;
    this.source = faces;
    this.urls.clear();
    this.names.clear();
    const reader = document.createElement("template");
    for (const [text, svg] of Object.entries(faces || {})) {
      reader.innerHTML = svg.trim();
      const pic = reader.content.firstElementChild;
      if (!pic) continue;
      this.names.set(text, pic.getAttribute("aria-label") || text);
      this.urls.set(text, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.trim())}`);
    }
  }
  picture(text) {
    const url = this.urls.get(text);
    if (!url) return h("span", { class: "cs-nopic", text });
    return h("img", { src: url, alt: "", "aria-hidden": "true", draggable: "false", decoding: "sync" });
  }
  name(text) {
    return this.names.get(text) || text;
  }
}

/** The chip naming a rule id, or null when there is none. */
export function ruleChip(rule) {
  return rule ? h("span", { class: "cs-rule", title: say("rule-id"), text: rule }) : null;
}

/** One card's picture in its frame. */
export function cardFace(faces, text, cls = "") {
  return h("span", { class: `cs-face ${cls}` }, faces.picture(text));
}

/** A row of cards, each over the last (`--n`: how many), as one labelled group. */
export function fan(faces, cards, cls, label) {
  const row = h("div", { class: `cs-fan ${cls}`, role: "group", "aria-label": label });
  row.style.setProperty("--n", Math.max(cards.length, 1));
  for (const text of cards) row.append(cardFace(faces, text));
  return row;
}

/** A button of the table that sends `intent` (through the view's `send`) when pressed. */
export function intentButton(view, action, label, intent, extra = {}) {
  return h("button", { type: "button", class: "cs-btn", "data-action": action, onclick: () => view.send(intent), ...extra }, label);
}
