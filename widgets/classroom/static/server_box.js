// cardschool: the class server's address, typed once on the static site's class or teacher
// page (a site built without one) and kept in this browser through storage.js (kind "class",
// name "server"). It decides nothing: the address kept or typed goes to Python, which checks
// it (an http(s) address, a server that answers) and sets `kept` to what this browser keeps.
// It holds no words of its own: every label, button and line comes rendered in the state.
import { h } from "./dom.js";
import { readEntry, writeProblem } from "./storage.js";

export default {
  render({ model, el }) {
    const root = h("section", { class: "cs-server-box" });
    el.append(root);
    let typed = "";
    let storageLine = null; // the code of why storage.js could not read or keep the address

    function draw() {
      const s = model.get("state") || {};
      const w = s.words || {};
      root.setAttribute("aria-label", w.region || "");
      const address = h("input", { type: "url", class: "cs-server-address", "aria-label": w.address,
        placeholder: "https://", autocomplete: "url", maxlength: 300, value: typed });
      address.addEventListener("input", () => { typed = address.value; });
      const use = () => model.send({ type: "server", address: address.value });
      root.replaceChildren(
        h("p", { class: "cs-server-how", text: w.how }),
        h("form", { class: "cs-server-form", onsubmit: (event) => { event.preventDefault(); use(); } },
          h("label", {}, `${w.address} `, address), " ",
          h("button", { type: "submit", class: "cs-server-use", text: w.use })),
        s.message ? h("p", { class: "cs-server-message", role: "status", text: s.message }) : null,
        storageLine ? h("p", { class: "cs-server-storage", text: (w.storage || {})[storageLine] || storageLine }) : null);
    }

    function keep() {
      const kept = model.get("kept") || "";
      if (kept) storageLine = writeProblem("class", "server", kept);
      draw();
    }

    model.on("change:state", draw);
    model.on("change:kept", keep);
    const got = readEntry("class", "server");
    storageLine = got.problem;
    if (got.found && typeof got.value === "string") {
      typed = got.value; // shown, should the server not answer this time
      model.send({ type: "server", address: got.value, kept: true });
    }
    draw();
    return () => {
      model.off("change:state", draw);
      model.off("change:kept", keep);
      root.remove();
    };
  },
};
