extension UIScript {
  /// The script's part for the field tree from metadata=1 and its edits to fields=.
  static let tree = #"""
    // The field tree: the node's fields and edges from metadata=1 at the chosen version; ticking
    // edits fields= in the query bar, and an edge opens into its own fields.
    function splitTop(text) {
      const out = [];
      let depth = 0, start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === "{" || c === "(") depth++;
        else if (c === "}" || c === ")") depth--;
        else if (c === "," && depth === 0) { out.push(text.slice(start, i)); start = i + 1; }
      }
      out.push(text.slice(start));
      return out.map((s) => s.trim()).filter((s) => s);
    }

    function parseFields(text) {
      return splitTop(text).map((item) => {
        const match = /^([^.{(]+)((?:\.[a-z_]+\([^)]*\))*)(?:\{([\s\S]*)\})?$/.exec(item);
        if (!match) return { name: item, modifiers: "", sub: null };
        return { name: match[1], modifiers: match[2], sub: match[3] === undefined ? null : splitTop(match[3]) };
      });
    }

    function writeFields(items) {
      return items.map((f) => f.name + f.modifiers + (f.sub && f.sub.length ? "{" + f.sub.join(",") + "}" : "")).join(",");
    }

    function toggleField(name, on, subfield) {
      const items = parseFields(fieldsOfPath());
      let item = items.find((f) => f.name === name);
      if (subfield === undefined) {
        if (on && !item) items.push({ name, modifiers: "", sub: null });
        if (!on && item) items.splice(items.indexOf(item), 1);
      } else {
        if (!item && on) { item = { name, modifiers: ".limit(10)", sub: [] }; items.push(item); }
        if (item) {
          item.sub = (item.sub || []).filter((f) => f !== subfield);
          if (on) item.sub.push(subfield);
        }
      }
      setFieldsOfPath(writeFields(items));
      syncChecks();
    }

    function syncChecks() {
      const items = parseFields(fieldsOfPath());
      for (const box of document.querySelectorAll("#field-tree input[type=checkbox]")) {
        const item = items.find((f) => f.name === box.dataset.field);
        box.checked = box.dataset.sub ? !!(item && item.sub && item.sub.includes(box.dataset.sub)) : !!item;
      }
    }

    function fieldRow(field, edge) {
      const box = el("input", { type: "checkbox", "data-field": edge || field.name, "aria-label": field.name });
      if (edge) box.dataset.sub = field.name;
      box.addEventListener("change", () => toggleField(edge || field.name, box.checked, edge ? field.name : undefined));
      const row = el("li", { "data-name": field.name, title: field.description || "" },
        el("label", {}, box, " " + field.name + " "), el("small", { text: (field.type || "") + (field.description ? " · " + field.description : "") }));
      return row;
    }

    function edgeRow(name, base) {
      const box = el("input", { type: "checkbox", "data-field": name, "aria-label": name });
      box.addEventListener("change", () => toggleField(name, box.checked));
      const children = el("ul", { class: "tree", hidden: true });
      const open = el("button", { type: "button", "aria-expanded": "false", "aria-label": "open " + name, text: "▸" });
      open.addEventListener("click", () => guarded(async () => {
        const shown = children.hidden;
        children.hidden = !shown;
        open.setAttribute("aria-expanded", String(shown));
        open.textContent = shown ? "▾" : "▸";
        if (shown && !children.childElementCount) {
          children.append(el("li", { text: "loading…" }));
          try {
            const meta = await api("metadata", { path: base + "/" + name, version: $("version").value });
            children.replaceChildren(...meta.fields.map((f) => fieldRow(f, name)));
          } catch (error) {
            children.replaceChildren(el("li", { text: String(error.message) }));
          }
          syncChecks();
        }
      }));
      return el("li", { class: "edge", "data-name": name }, open, el("label", {}, box, " " + name + " "), el("small", { text: "edge" }), children);
    }

    async function loadFields(force) {
      const base = splitPath($("path").value.trim()).base.replace(/^\/?(v\d+\.\d+\/)?/, "");
      const key = base + "@" + $("version").value;
      if (!base || /^https?:/.test(base)) return;
      if (!force && app.metaKey === key) { syncChecks(); return; }
      app.metaKey = key;
      try {
        const meta = await api("metadata", { path: base, version: $("version").value });
        $("node-type").textContent = meta.type ? "· " + meta.type : "";
        $("field-tree").replaceChildren(...meta.fields.map((f) => fieldRow(f)), ...meta.connections.map((c) => edgeRow(c, base)));
        $("completions").replaceChildren(...meta.connections.map((c) => el("option", { value: base + "/" + c })),
          ...meta.fields.map((f) => el("option", { value: base + "?fields=" + f.name })));
        filterFields();
        syncChecks();
      } catch (error) {
        $("node-type").textContent = "";
        $("field-tree").replaceChildren(el("li", { text: String(error.message) }));
      }
    }

    function filterFields() {
      const text = $("field-search").value.trim().toLowerCase();
      for (const row of $("field-tree").children) {
        const words = ((row.dataset.name || "") + " " + (row.title || "")).toLowerCase();
        row.hidden = !!text && !words.includes(text);
      }
    }
    """#
}
