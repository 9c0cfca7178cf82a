extension UIScript {
  /// The script's part for the exact JSON reader and the collapsible answer tree.
  static let json = #"""
    // JSON read keeping every number's exact text (JSON.parse would round 64-bit ids), drawn as a
    // collapsible tree whose children are built when first opened (a 5 MB answer stays light).
    function parseExact(text) {
      let i = 0;
      const stringPattern = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;
      const numberPattern = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
      const fail = (what) => { throw new Error(what + " at offset " + i); };
      const space = () => { while (i < text.length && " \t\n\r".includes(text[i])) i++; };
      const string = () => {
        stringPattern.lastIndex = i;
        const match = stringPattern.exec(text);
        if (!match) fail("a string expected");
        i = stringPattern.lastIndex;
        return JSON.parse(match[0]);
      };
      // Iterative, so deep nesting cannot overflow the stack.
      const stack = [];
      let root;
      let key = null;
      const put = (value) => {
        const top = stack[stack.length - 1];
        if (!top) root = value;
        else if (top.t === "a") top.m.push([null, value]);
        else top.m.push([key, value]);
      };
      for (;;) {
        space();
        const top = stack[stack.length - 1];
        if (top && top.t === "o" && top.expectKey) {
          if (text[i] === "}" && top.m.length === 0) { i++; stack.pop(); }
          else { key = string(); space(); if (text[i++] !== ":") fail("':' expected"); top.expectKey = false; continue; }
        } else if (top && top.t === "a" && top.m.length === 0 && text[i] === "]") { i++; stack.pop(); }
        else {
          const c = text[i];
          if (c === "{") { i++; const node = { t: "o", m: [], expectKey: true }; put(node); stack.push(node); continue; }
          if (c === "[") { i++; const node = { t: "a", m: [] }; put(node); stack.push(node); continue; }
          if (c === '"') put({ t: "s", v: string() });
          else if (text.startsWith("true", i)) { i += 4; put({ t: "b", v: "true" }); }
          else if (text.startsWith("false", i)) { i += 5; put({ t: "b", v: "false" }); }
          else if (text.startsWith("null", i)) { i += 4; put({ t: "z", v: "null" }); }
          else {
            numberPattern.lastIndex = i;
            const match = numberPattern.exec(text);
            if (!match || !match[0]) fail("a value expected");
            i = numberPattern.lastIndex;
            put({ t: "n", v: match[0] });
          }
        }
        // After a value: close what ends, or go on after a comma.
        for (;;) {
          space();
          const open = stack[stack.length - 1];
          if (!open) { if (i !== text.length) fail("text after the value"); return root; }
          const close = open.t === "o" ? "}" : "]";
          if (text[i] === ",") { i++; if (open.t === "o") open.expectKey = true; break; }
          if (text[i] === close) { i++; stack.pop(); continue; }
          fail("',' or '" + close + "' expected");
        }
      }
    }

    const SHOWN_CHILDREN = 500;

    function renderAnswer(container, body) {
      container.replaceChildren();
      let tree;
      try { tree = parseExact(body); } catch (error) {
        container.append(el("p", { text: "Not JSON (" + error.message + "):" }), el("pre", { text: body }));
        return;
      }
      container.append(drawValue(null, tree, 0, null));
    }

    function isIdKey(key) { return key === "id" || /_id$/.test(key || ""); }

    function scalar(key, node) {
      if (node.t === "s") {
        if ((key === "next" || key === "previous") && /^https?:\/\//.test(node.v)) {
          return el("a", { href: "#", class: "s paging", "data-paging": key, text: JSON.stringify(node.v),
            on: { click: (event) => { event.preventDefault(); openInQuery(node.v); } } });
        }
        if (isIdKey(key) && /^[0-9_]+$/.test(node.v)) {
          return el("a", { href: "#", class: "s id", text: JSON.stringify(node.v),
            on: { click: (event) => { event.preventDefault(); openInQuery(node.v); } } });
        }
        return el("span", { class: "s", text: JSON.stringify(node.v) });
      }
      return el("span", { class: node.t, text: node.v });
    }

    function drawValue(key, node, depth, trailing) {
      const label = key === null ? [] : [el("span", { class: "k", text: JSON.stringify(key) }), ": "];
      const comma = trailing ? "," : "";
      if (node.t !== "o" && node.t !== "a") return el("div", { class: "row" }, ...label, scalar(key, node), comma);
      const [open, close] = node.t === "o" ? ["{", "}"] : ["[", "]"];
      if (!node.m.length) return el("div", { class: "row" }, ...label, open + close + comma);
      const details = el("details", {}, el("summary", {}, ...label, open,
        el("small", { text: " " + node.m.length + (node.t === "o" ? " keys" : " items") + " " })));
      let built = false;
      const build = () => {
        if (built) return;
        built = true;
        const body = el("div", {});
        const shown = node.m.slice(0, SHOWN_CHILDREN);
        shown.forEach(([k, v], index) => body.append(drawValue(k, v, depth + 1, index < node.m.length - 1)));
        if (node.m.length > shown.length) {
          const more = el("button", { type: "button", text: "show all " + node.m.length });
          more.addEventListener("click", () => {
            more.remove();
            node.m.slice(SHOWN_CHILDREN).forEach(([k, v], index) =>
              body.append(drawValue(k, v, depth + 1, SHOWN_CHILDREN + index < node.m.length - 1)));
          });
          body.append(more);
        }
        details.append(body, el("div", { text: close + comma }));
      };
      details.addEventListener("toggle", build);
      if (depth < 3) { details.open = true; build(); }
      return details;
    }
    """#
}
