// cardschool class widget: a student joins a class (code + name) and the membership Python
// issued is kept in this browser through storage.js (kind "class"). It decides nothing:
// what comes back from storage is sent to Python, which checks it against the class store.
// It holds no words of its own: every label, button and line comes rendered in the state.
// The language switch (language.js) stands above the form, as on the landing page.
import { h, keepPresses } from "./dom.js";
import { askLanguage, switchAbove } from "./language.js";
import { readEntry, writeProblem } from "./storage.js";

export default {
  render({ model, el }) {
    const root = h("section", { class: "cs-class" });
    const unkeep = keepPresses(root);
    const { send, language } = switchAbove(model, el, root);
    let storageLine = null; // the code of why storage.js could not read or keep the membership
    let typedCode = "";
    let typedName = "";
    let typedRejoin = "";

    function draw() {
      const s = model.get("state") || {};
      const w = s.words || {};
      root.setAttribute("aria-label", w.region || "");
      const lines = [];
      if (s.message) lines.push(h("p", { class: "cs-class-message", role: "status", text: s.message }));
      if (storageLine) { // a code, said in Python's words
        lines.push(h("p", { class: "cs-class-storage", text: (w.storage || {})[storageLine] || storageLine }));
      }
      if (s.down) { // the class database does not answer: no form to fill in for nothing
        root.replaceChildren(...lines, h("button", { type: "button", class: "cs-class-retry", text: s.retry,
          onclick: () => {
            const kept = readEntry("class", "membership");
            model.send(kept.found && kept.value ? { type: "restore", entry: kept.value } : { type: "retry" });
          } }));
        return;
      }
      if (s.joined) {
        const joined = h("p", { class: "cs-class-joined" });
        joined.innerHTML = s.joined_html || ""; // Python's sentence, its class and name escaped there
        root.replaceChildren(
          joined,
          s.hub_name ? null : h("button", { type: "button", class: "cs-class-leave", text: w.leave,
            onclick: () => model.send({ type: "leave" }) }),
          ...lines);
        return;
      }
      const code = h("input", { type: "text", class: "cs-class-code", "aria-label": w.code, placeholder: w["code-example"],
        maxlength: 8, autocomplete: "off", value: typedCode });
      code.addEventListener("input", () => { typedCode = code.value; });
      const name = h("input", { type: "text", class: "cs-class-yourname", "aria-label": w.name, maxlength: 40,
        value: s.hub_name || typedName, disabled: !!s.hub_name });
      name.addEventListener("input", () => { typedName = name.value; });
      // a code the teacher gives a student who lost their membership (Let in again)
      const rejoin = h("input", { type: "text", class: "cs-class-rejoin", "aria-label": s.rejoin_label || "",
        maxlength: 8, autocomplete: "off", value: typedRejoin });
      rejoin.addEventListener("input", () => { typedRejoin = rejoin.value; });
      const join = () => model.send({ type: "join", code: code.value, name: s.hub_name || name.value,
        rejoin: rejoin.value });
      root.replaceChildren(
        h("form", { class: "cs-class-form", onsubmit: (event) => { event.preventDefault(); join(); } },
          h("label", {}, `${w.code} `, code), " ",
          h("label", {}, `${w.name} `, name), " ",
          h("button", { type: "submit", class: "cs-class-join", text: w.join }), " ",
          s.hub_name ? null : h("label", { class: "cs-class-rejoin-label" }, `${s.rejoin_label || ""} `, rejoin)),
        ...lines);
    }

    function keep() {
      const m = model.get("membership") || {};
      storageLine = writeProblem("class", "membership", m.token ? m : null);
      draw();
    }

    model.on("change:state", draw);
    model.on("change:membership", keep);
    draw();
    const got = readEntry("class", "membership");
    storageLine = got.problem;
    if (got.found && got.value) model.send({ type: "restore", entry: got.value });
    draw();
    askLanguage(model, send);
    return () => {
      unkeep();
      language.dispose();
      model.off("change:state", draw);
      model.off("change:membership", keep);
      root.remove();
    };
  },
};
