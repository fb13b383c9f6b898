// cardschool landing page: each game's path with the progress kept in this browser.
// It decides nothing: it reads the progress records Python names (`files`) through
// storage.js, sends them to Python, which checks them, and draws the `state` Python sends
// back, as text (every title and line goes through textContent; links are checked). Every
// word comes from Python (`state.words`, each step's `progress`): this file only places them.
// The language switch (language.js) stands above the path; the page's language is asked for
// as it is drawn, and Python sends the path again in it.
import { h, keepPresses } from "./dom.js";
import { askLanguage, switchAbove } from "./language.js";
import { joinedClass, readEntry } from "./storage.js";

const LINK = /^[a-z0-9-]+\/[a-z0-9-]+\.ipynb$/;

function link(target, text, cls) {
  const href = target && LINK.test(target) ? target : null;
  return href ? h("a", { href, class: cls, text }) : h("span", { class: cls, text });
}

export default {
  render({ model, el }) {
    const root = h("section", { class: "cs-landing" });
    const unkeep = keepPresses(root);
    const { send, language } = switchAbove(model, el, root);

    function draw() {
      const s = model.get("state") || {};
      const w = s.words || {};
      root.setAttribute("aria-label", w.label || "");
      const parts = [];
      for (const line of s.notices || []) parts.push(h("p", { class: "cs-landing-notice", role: "status", text: line }));
      if (s.member) { // checked by Python against the class store; shown as text
        parts.push(h("p", { class: "cs-landing-class" }, w["member.before"], h("strong", { text: s.member.title }),
          w["member.between"], h("strong", { text: s.member.name }), " · ", h("a", { href: "class.ipynb", text: w["member.link"] })));
      }
      for (const game of s.games || []) {
        const go = game.continue || {};
        const steps = (game.steps || []).map((step, i) =>
          h("li", { class: step.done ? "cs-landing-done" : null, "data-href": step.href },
            h("span", { class: "cs-landing-mark", "aria-hidden": "true", text: step.done ? "✓" : `${i + 1}.` }),
            link(step.href, step.title, "cs-landing-title"),
            h("span", { class: "cs-landing-progress", text: step.progress })));
        parts.push(h("div", { class: "cs-landing-game", "data-game": game.name },
          h("h3", { text: game.title }),
          h("p", { class: "cs-landing-continue" }, h("span", { text: w.continue }),
            link(go.href, go.title, "cs-landing-go")),
          h("ol", { class: "cs-landing-steps", "aria-label": game.steps_label }, steps)));
      }
      root.replaceChildren(...parts);
    }

    model.on("change:state", draw);
    draw();

    // read what this browser kept, and let Python check it
    const records = {};
    const problems = [];
    for (const name of model.get("files") || []) {
      const got = readEntry("progress", name);
      if (got.problem) problems.push(got.problem); // a code, said in Python's words
      else if (got.found) records[name] = got.value;
    }
    askLanguage(model, send);
    model.send({ type: "progress", records });
    const member = joinedClass(); // a class joined on this browser (its server's address too), checked by Python
    if (member) model.send(member);
    if (problems.length) {
      const said = ((model.get("state") || {}).words || {}).storage || {};
      const line = h("p", { class: "cs-landing-notice", role: "status", text: said[problems[0]] || problems[0] });
      root.prepend(line);
    }
    return () => {
      unkeep();
      model.off("change:state", draw);
      language.dispose();
    };
  },
};
