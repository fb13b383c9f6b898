// cardschool: a whole-deal step of the path kept as done in this browser. Python sets
// `record` once the lesson's table has played its deal to the end; this writes it through
// storage.js, where the landing page reads it. It draws nothing.
import { h } from "./dom.js";
import { writeProblem } from "./storage.js";

export default {
  render({ model, el }) {
    el.style.display = "none"; // nothing to draw (h, from dom.js, is joined in all the same)
    function keep() {
      const record = model.get("record");
      if (record && record.file) writeProblem("progress", record.file, record);
    }
    model.on("change:record", keep);
    keep();
    return () => model.off("change:record", keep);
  },
};
