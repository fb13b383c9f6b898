// The table's bar: the heading (the title, the game's badge) and the tools: hints, coach,
// undo, redo, replay, the panels' buttons, a new deal, the deal-code box, the bot delay,
// projector mode, the glossary's link, the rules' link and the language switch (language.js:
// choosing keeps the choice and asks Python, which sends every word again).
//
// A game's parts (`games.<name>.bar`), all optional:
//   badge(s, t)  fills t.badge, the heading's badge (shown when not empty)
//   redraw(s)    the game's parts of the state the bar is drawn from
import { h } from "../dom.js";
import { askLanguage, languageSwitch } from "../language.js";
import { intentButton, say } from "./common.js";
import { panels, partsOf } from "./parts.js";

const BAR = { badge() {}, redraw: () => null };

// help: the glossary (the cards' codes and the words), when the page gives its link
const glossaryLink = (link) => (typeof link === "string" && /^(\.\.\/)*[a-z0-9-]+\.ipynb$/.test(link)
  ? h("a", { class: "cs-btn cs-ghost cs-glossary", href: link, target: "_blank", rel: "noopener",
    title: say("glossary-title") }, say("glossary"))
  : null);
// help: the game's Rules page, when the page gives its link; opened at the rule the last
// message names (rules.ipynb#<rule id>), read from the state when it is clicked
const rulesLink = (link, model) => (typeof link === "string" && /^(\.\.\/)*[a-z0-9-]+\.ipynb$/.test(link)
  ? h("a", { class: "cs-btn cs-ghost cs-rules", href: link, target: "_blank", rel: "noopener",
    title: say("rules-title"), onclick: (e) => {
      const rule = ((model.get("state") || {}).message || {}).rule;
      e.currentTarget.href = rule ? `${link}#${encodeURIComponent(rule)}` : link;
    } }, say("rules"))
  : null);

/** The bar of one view: its node, the game's badge, its region, and what every draw sets. */
export function toolbar(view) {
  const { model, uid, send, replaying } = view;
  const title = h("h2", { class: "cs-title" });
  const badge = h("div", { class: "cs-badge" }); // the game's to fill (its bar's badge)
  const codeShown = h("span", { class: "cs-code" });
  const codeInput = h("input", {
    type: "text", class: "cs-code-input", "aria-label": say("deal-code"), placeholder: say("deal-code"),
    maxlength: 40, spellcheck: "false",
  });
  // why the last code was refused, next to the box (Python's words), and what the code on
  // show means (its suffix in words), under the bar
  const codeError = h("span", { class: "cs-code-error", role: "alert" });
  // what a deal code is: said behind a "?" beside the code, not on every table of a page
  const codeAbout = h("p", { class: "cs-code-about", id: `${uid}-code-about`, hidden: true });
  // the rules the code on show changes, in plain words: always in sight, never behind "?"
  const codeRules = h("p", { class: "cs-code-rules", hidden: true });
  let aboutOpen = false;
  const codeHelp = h("button", { type: "button", class: "cs-btn cs-ghost cs-code-help", "data-action": "code-help",
    "aria-expanded": "false", "aria-controls": codeAbout.id, "aria-label": say("code-help"),
    title: say("code-help"), onclick: () => { aboutOpen = !aboutOpen; showAbout(); } }, "?");
  const showAbout = () => {
    codeHelp.setAttribute("aria-expanded", String(aboutOpen));
    codeAbout.hidden = !aboutOpen || !codeAbout.textContent;
  };
  const dealCode = () => send({ type: "new-deal", code: codeInput.value.trim() || null });
  codeInput.addEventListener("keydown", (e) => { if (e.key === "Enter") dealCode(); });
  // the slider's bounds come with the state (s.limits: Python's own, never copied here)
  const speed = h("input", { type: "range", "data-action": "speed", "aria-label": say("bot-delay-ms") });
  speed.addEventListener("change", () => send({ type: "speed", ms: Number(speed.value) }));
  // Projector mode is a matter of this screen only: Python sets the default, the button
  // toggles it here without telling Python (the browser sends intents, nothing else).
  let largeHere = null;
  const isLarge = () => (largeHere === null ? Boolean(model.get("large")) : largeHere);
  const large = h("button", { type: "button", class: "cs-btn cs-ghost", "data-action": "large", "aria-pressed": "false",
    onclick: () => { largeHere = !isLarge(); view.draw(); } }, say("large"));
  const tools = {
    hint: intentButton(view, "hint", say("hints"), { type: "hint" }, { "aria-pressed": "false" }),
    coach: intentButton(view, "coach", say("coach"), { type: "coach" }, { "aria-pressed": "false" }),
    undo: intentButton(view, "undo", say("undo"), { type: "undo" }),
    redo: intentButton(view, "redo", say("redo"), { type: "redo" }),
    replay: h("button", { type: "button", class: "cs-btn", "data-action": "replay", "aria-pressed": "false",
      onclick: () => send({ type: "replay", go: replaying() ? "close" : "open" }) }, say("replay")),
  };
  const panelTools = panels.map((p) => (p.tool ? p.tool({ send, replaying }) : null));
  const language = languageSwitch(model, send); // any picture: Python reads no counter on it
  const node = h("header", { class: "cs-bar" },
    h("div", { class: "cs-heading" }, title, badge),
    h("div", { class: "cs-tools", role: "toolbar", "aria-label": say("tools") },
      tools.hint, tools.coach, tools.undo, tools.redo, tools.replay, ...panelTools,
      intentButton(view, "new-deal", say("new-deal"), { type: "new-deal", code: null }),
      h("span", { class: "cs-codebox" }, codeShown, codeHelp, codeInput,
        h("button", { type: "button", class: "cs-btn", "data-action": "deal-code", onclick: dealCode }, say("deal")), codeError),
      h("label", { class: "cs-speed" }, h("span", { text: say("bot-delay") }), speed),
      large, glossaryLink(model.get("glossary")), rulesLink(model.get("rules"), model), language.node),
    codeRules, codeAbout);

  const paint = (s) => {
    const game = partsOf(s.game, "bar", BAR);
    title.textContent = s.title || say(`${s.game}:front.title`);
    view.root.setAttribute("aria-label", say("card-table-of", { title: title.textContent }));
    codeShown.textContent = s.code ? say("code-shown", { code: s.code }) : "";
    const box = s.codebox || { example: "", about: "", error: "" };
    codeInput.placeholder = box.example ? say("code-example", { example: box.example }) : say("deal-code");
    codeError.textContent = box.error;
    codeInput.setAttribute("aria-invalid", String(Boolean(box.error)));
    codeAbout.textContent = box.about;
    codeRules.textContent = box.rules || "";
    codeRules.hidden = !box.rules;
    codeHelp.hidden = !box.about;
    showAbout();
    tools.hint.setAttribute("aria-pressed", String(s.hints !== null && s.hints !== undefined));
    tools.coach.setAttribute("aria-pressed", String(Boolean(s.coach)));
    tools.undo.disabled = !s.can_undo;
    tools.redo.disabled = !s.can_redo;
    tools.replay.setAttribute("aria-pressed", String(Boolean(s.replay)));
    badge.replaceChildren();
    game.badge(s, view.table);
    panels.forEach((p, i) => p.drawTool?.(s, panelTools[i]));
  };
  const key = (s) => [s.title, s.game, s.code, s.codebox, s.can_undo, s.can_redo, s.hints !== null, Boolean(s.coach),
    Boolean(s.replay), partsOf(s.game, "bar", BAR).redraw(s), panels.map((p) => p.key(s))];

  /** What every draw sets, the state or not: projector mode, the slider's bounds and value. */
  const settle = (s) => {
    view.root.classList.toggle("cs-large", isLarge());
    large.setAttribute("aria-pressed", String(isLarge()));
    if (s && s.limits) { // before the value: a range input clamps its value to its bounds
      speed.min = String(s.limits.speed_min);
      speed.max = String(s.limits.speed_max);
      speed.step = String(s.limits.speed_step);
    }
    speed.value = String(model.get("speed"));
  };
  /** Python changed the default of projector mode: this screen's own choice is dropped. */
  const forgetLarge = () => { largeHere = null; };
  /** Ask Python for the language the page asks for (nothing sent when it speaks it). */
  const ask = () => askLanguage(model, send);
  return { node, badge, region: { name: "bar", key, paint }, settle, forgetLarge, ask, dispose: language.dispose };
}
