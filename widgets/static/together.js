// cardschool: the page where classmates sit at one table (widgets/together.py). It opens a
// table or joins one and shows where the learner sits, with the table's code and a link to
// give the others; the seat's table itself is the game's table, drawn under this form.
// It decides nothing: what is chosen goes to Python as a message, which checks it. The seat's
// token is kept in this browser through storage.js (kind "table", name "seat"), written when
// Python sets `kept`, and sent back once as the page opens, with the page's query (a link
// `?table=CODE`), so a reload takes the seat back. Seated, the page shows who sits where, a
// button that copies the table's link, and the forms folded under one line (the table comes
// first). The open form's "Coach allowed" box (ticked by default) and, for the table's
// creator, a button that switches the coach for everyone (issue 29.2). It holds no words of
// its own.
import { h, keepPresses } from "./dom.js";
import { askLanguage } from "./language.js";
import { readEntry, writeProblem } from "./storage.js";

const KIND = "table";
const NAME = "seat";

export default {
  render({ model, el }) {
    const root = h("section", { class: "cs-together" });
    const unkeep = keepPresses(root);
    el.append(root);
    const send = (payload) => model.send(payload);
    let storageLine = null; // the code of why storage.js could not read or keep the seat
    // what the learner chose, kept across redraws (Python sends the choices, not these)
    const chosen = { game: null, level: null, people: null, mine: 0, code: "", seat: "", coach: true };
    let shownCode = "";
    let moreOpen = null; // the folded forms opened or closed by the learner (null: open once the deal is over)
    let copied = null; // "copied" or "select": what the copy button did, for the table copiedFor
    let copiedFor = "";

    function openForm(s, w) {
      const games = s.games || [];
      const game = games.find((g) => g.name === chosen.game) || games[0];
      if (!game) return null;
      chosen.game = game.name;
      const seats = game.seats;
      if (!chosen.people || chosen.people.some((n) => n >= seats.length)) chosen.people = seats.map((_, n) => n);
      if (chosen.mine >= seats.length) chosen.mine = 0;
      const gameSelect = h("select", { class: "cs-together-game", "data-field": "game",
        onchange: (e) => { chosen.game = e.target.value; chosen.people = null; draw(); } },
        games.map((g) => h("option", { value: g.name, selected: g.name === game.name }, g.title)));
      const levels = s.levels || [];
      chosen.level ??= levels.length > 1 ? levels[1][0] : (levels[0] || [""])[0];
      const levelSelect = h("select", { class: "cs-together-level", "data-field": "level",
        onchange: (e) => { chosen.level = e.target.value; } },
        levels.map(([value, label]) => h("option", { value, selected: value === chosen.level }, label)));
      const people = h("fieldset", { class: "cs-together-people" }, h("legend", { text: w.people }),
        // the learner's own seat is a person's: always ticked
        seats.map((name, n) => h("label", {}, h("input", { type: "checkbox", "data-seat": n,
          checked: chosen.people.includes(n) || n === chosen.mine, disabled: n === chosen.mine,
          onchange: (e) => {
            chosen.people = e.target.checked ? [...chosen.people, n].sort() : chosen.people.filter((m) => m !== n);
          } }), ` ${name}`)));
      const mine = h("select", { class: "cs-together-mine", "data-field": "mine",
        onchange: (e) => {
          chosen.mine = Number(e.target.value);
          if (!chosen.people.includes(chosen.mine)) chosen.people = [...chosen.people, chosen.mine].sort();
          draw();
        } },
        seats.map((name, n) => h("option", { value: n, selected: n === chosen.mine }, name)));
      const go = (event) => {
        event.preventDefault();
        send({ type: "open", game: chosen.game, level: chosen.level, people: chosen.people, mine: chosen.mine,
          coach: chosen.coach });
      };
      const coach = h("label", { class: "cs-together-coach" }, h("input", { type: "checkbox",
        "data-field": "coach", checked: chosen.coach, onchange: (e) => { chosen.coach = e.target.checked; } }),
        ` ${w["coach-allowed"]}`);
      return h("form", { class: "cs-together-open", onsubmit: go },
        h("h3", { text: w.open }),
        h("label", {}, `${w.game} `, gameSelect), " ",
        h("label", {}, `${w.level} `, levelSelect),
        people,
        h("label", {}, `${w.mine} `, mine), " ", coach, " ",
        h("button", { type: "submit", class: "cs-together-button", "data-action": "open-table", text: w["open-button"] }));
    }

    function joinForm(s, w) {
      if ((s.code || "") !== shownCode) { // Python put a code in (a link's table, the one sat at)
        shownCode = s.code || "";
        chosen.code = shownCode;
      }
      const code = h("input", { type: "text", class: "cs-together-code", "aria-label": w.code, maxlength: 40,
        spellcheck: "false", autocomplete: "off", value: chosen.code,
        oninput: (e) => { chosen.code = e.target.value; } });
      // the seats by their names, under each game's title (the table's game is the one the
      // others said); an option's value: "<game>:<seat number>"
      const seat = h("select", { class: "cs-together-seat", "data-field": "seat",
        onchange: (e) => { chosen.seat = e.target.value; } },
        h("option", { value: "", selected: chosen.seat === "" }, w["any-seat"]),
        (s.games || []).map((g) => h("optgroup", { label: g.title },
          g.seats.map((name, n) => h("option", { value: `${g.name}:${n}`, "data-seat": n,
            selected: chosen.seat === `${g.name}:${n}` }, name)))));
      const go = (event) => {
        event.preventDefault();
        const number = chosen.seat === "" ? null : Number(chosen.seat.split(":").pop());
        send({ type: "join", code: code.value.trim(), seat: number });
      };
      return h("form", { class: "cs-together-join", onsubmit: go },
        h("h3", { text: w.join }),
        h("p", { class: "cs-together-help", text: w["code-help"] }),
        h("label", {}, `${w.code} `, code), " ",
        h("label", {}, `${w.seat} `, seat), " ",
        h("button", { type: "submit", class: "cs-together-button", "data-action": "join-table", text: w["join-button"] }));
    }

    function seatedPart(s, w) {
      const seated = s.seated;
      if (!seated) return null;
      const link = `${window.location.origin}${window.location.pathname}?table=${encodeURIComponent(seated.code)}`;
      const anchor = h("a", { class: "cs-together-link", href: link, text: link });
      // the link to the clipboard; where the page may not write there (an http address
      // other than this machine's), the link is selected for the learner to copy
      const copy = () => {
        const select = () => {
          copied = "select";
          draw(); // then the link drawn anew is selected
          const shown = root.querySelector(".cs-together-link");
          if (!shown) return;
          const range = document.createRange();
          range.selectNodeContents(shown);
          const chosen = window.getSelection();
          chosen.removeAllRanges();
          chosen.addRange(range);
        };
        if (!navigator.clipboard || !window.isSecureContext) { select(); return; }
        navigator.clipboard.writeText(link).then(() => { copied = "copied"; draw(); }, select);
      };
      return h("div", { class: "cs-together-seated", role: "status" },
        h("p", { class: "cs-together-line", text: seated.line }),
        (seated.seats || []).length
          ? h("div", { class: "cs-together-seats" }, h("span", { text: w["at-table"] }),
            h("ul", {}, seated.seats.map((line) => h("li", { text: line }))))
          : null,
        h("p", { class: "cs-together-give" }, `${w.give} `,
          h("code", { class: "cs-together-table-code", text: seated.code }), " · ", anchor),
        h("div", { class: "cs-together-actions" },
          h("button", { type: "button", class: "cs-together-button", "data-action": "copy-table-link", text: w.copy,
            onclick: copy }),
          seated.creator && !seated.over
            ? h("button", { type: "button", class: "cs-together-button", "data-action": "switch-coach",
              "aria-pressed": seated.coach ? "false" : "true", text: seated.coach ? w["coach-off"] : w["coach-on"],
              onclick: () => send({ type: "coach", on: !seated.coach }) })
            : null,
          h("button", { type: "button", class: "cs-together-button", "data-action": "leave-table", text: w.leave,
            onclick: () => send({ type: "leave" }) })),
        seated.coach_line ? h("p", { class: "cs-together-coach-line", text: seated.coach_line }) : null,
        copied ? h("p", { class: "cs-together-copied", text: w[copied] }) : null,
        seated.over ? h("p", { class: "cs-together-over", text: seated.over }) : null);
    }

    function draw() {
      const s = model.get("state") || {};
      const w = s.words || {};
      const seatedCode = s.seated ? s.seated.code : "";
      if (seatedCode !== copiedFor) { // another table: nothing copied, the forms folded again
        copied = null;
        moreOpen = null;
        copiedFor = seatedCode;
      }
      // a link's table (a code put in, no seat yet): joining it comes first
      const linked = !s.seated && Boolean(s.code);
      const forms = h("div", { class: `cs-together-forms${linked ? " cs-together-linked" : ""}` },
        openForm(s, w), joinForm(s, w));
      // seated, the forms give way to the table: folded under one line, opened on demand
      const more = s.seated
        ? h("details", { class: "cs-together-more", open: moreOpen ?? Boolean(s.seated.over),
          ontoggle: (e) => { moreOpen = e.target.open; } }, h("summary", { text: w.another }), forms)
        : forms;
      const parts = [
        seatedPart(s, w),
        s.message
          ? h("p", { class: `cs-together-message cs-${s.message_kind === "info" ? "info" : "error"}`,
            role: s.message_kind === "info" ? "status" : "alert", text: s.message })
          : null,
        more,
        storageLine ? h("p", { class: "cs-together-storage", text: (w.storage || {})[storageLine] || storageLine }) : null,
      ];
      root.replaceChildren(...parts.filter(Boolean)); // (replaceChildren writes null as "null")
    }

    function keep() {
      const kept = model.get("kept") || {};
      storageLine = writeProblem(KIND, NAME, kept.code ? kept : null);
      draw();
    }

    model.on("change:state", draw);
    model.on("change:kept", keep);
    const got = readEntry(KIND, NAME);
    storageLine = got.problem;
    const kept = got.found && got.value && typeof got.value === "object" ? got.value : null;
    send({ type: "start", kept, query: window.location.search.slice(0, 2000) });
    // the page is there: while Python hears this, the seat stays its player's (a lost
    // connection stops it, and the server's bots take the seat over until it comes back)
    const every = (model.get("state") || {}).heartbeat_ms; // Python's, sent with the form
    const beat = typeof every === "number" && every > 0
      ? setInterval(() => { if ((model.get("state") || {}).seated) send({ type: "here" }); }, every)
      : null;
    askLanguage(model, send);
    draw();
    return () => {
      unkeep();
      if (beat !== null) clearInterval(beat);
      model.off("change:state", draw);
      model.off("change:kept", keep);
      root.remove();
    };
  },
};
