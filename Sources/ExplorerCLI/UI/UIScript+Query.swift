extension UIScript {
  /// The script's part for the query bar, parameters, an exchange and the history.
  static let query = #"""
    // The query bar, the parameters editor and what an exchange shows.
    function splitPath(text) {
      const mark = text.indexOf("?");
      if (mark < 0) return { base: text, query: [] };
      const query = text.slice(mark + 1).split("&").filter((p) => p).map((pair) => {
        const eq = pair.indexOf("=");
        return eq < 0 ? [pair, null] : [pair.slice(0, eq), pair.slice(eq + 1)];
      });
      return { base: text.slice(0, mark), query };
    }

    function joinPath(parts) {
      const query = parts.query.map(([n, v]) => (v === null ? n : n + "=" + v)).join("&");
      return parts.base + (query ? "?" + query : "");
    }

    function fieldsOfPath() {
      const parts = splitPath($("path").value);
      const pair = parts.query.find(([n]) => n === "fields");
      return pair && pair[1] !== null ? decodeURIComponent(pair[1]) : "";
    }

    function setFieldsOfPath(fields) {
      const parts = splitPath($("path").value);
      const index = parts.query.findIndex(([n]) => n === "fields");
      if (!fields) { if (index >= 0) parts.query.splice(index, 1); }
      else if (index >= 0) parts.query[index][1] = fields;
      else parts.query.push(["fields", fields]);
      $("path").value = joinPath(parts);
    }

    function addParam(name, value) {
      const row = el("div", {},
        el("input", { "aria-label": "name", placeholder: "name", value: name || "" }),
        el("input", { "aria-label": "value", placeholder: "value", value: value || "" }));
      row.append(el("button", { type: "button", "aria-label": "remove", text: "×", on: { click: () => row.remove() } }));
      $("params").append(row);
      return row;
    }

    // A file to upload (sent multipart, as the REPL's name@file): a name and a file input.
    function addFile() {
      const row = el("div", { "data-file": "true" },
        el("input", { "aria-label": "file's name", placeholder: "name", value: "source" }),
        el("input", { type: "file", "aria-label": "file" }));
      row.append(el("button", { type: "button", "aria-label": "remove", text: "×", on: { click: () => row.remove() } }));
      $("params").append(row);
      return row;
    }

    function params() {
      return [...$("params").children].filter((row) => !row.dataset.file).map((row) => {
        const [name, value] = row.querySelectorAll("input");
        return [name.value.trim(), value.value];
      }).filter(([name]) => name);
    }

    function base64(bytes) {
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    }

    // The chosen files as [name, file name, type, base64 of the bytes].
    async function files() {
      const rows = [...$("params").children].filter((row) => row.dataset.file);
      const chosen = await Promise.all(rows.map(async (row) => {
        const [name, input] = row.querySelectorAll("input");
        const file = input.files[0];
        if (!name.value.trim() || !file) return null;
        return [name.value.trim(), file.name, file.type, base64(new Uint8Array(await file.arrayBuffer()))];
      }));
      return chosen.filter((item) => item);
    }

    // A URL from an answer (a paging link) or an id, as the query bar shows it: the path and
    // query without the origin, the version (the picker says it) or the token (the session's).
    function openInQuery(target, method) {
      let text = target;
      const match = /^https?:\/\/[^/]+(\/.*)$/.exec(text);
      if (match) text = match[1];
      const version = /^\/(v\d+\.\d+)\//.exec(text);
      if (version) { $("version").value = version[1]; text = text.slice(version[0].length); }
      text = text.replace(/^\//, "");
      const parts = splitPath(text);
      parts.query = parts.query.filter(([n]) => n !== "access_token");
      $("path").value = joinPath(parts);
      $("method").value = method || "GET";
      return submit();
    }

    async function submit() {
      await guarded(async () => {
        note("sending…");
        const exchange = await api("send", { method: $("method").value, version: $("version").value,
          path: $("path").value.trim(), params: params(), files: await files() });
        showExchange(exchange);
        note("");
        renderState(await api("state"));
        loadFields();
      });
    }

    function showExchange(exchange) {
      app.exchange = exchange;
      const line = $("status-line");
      line.textContent = "#" + exchange.number + " " + exchange.method + " " + exchange.line.replace(/^\S+ /, "") +
        " → HTTP " + exchange.status + " · " + exchange.ms + " ms · answered as " + exchange.version;
      line.className = exchange.status >= 400 ? "error" : "";
      renderAnswer($("answer"), exchange.body);
      $("headers").replaceChildren(...exchange.headers.map(([n, v]) => el("tr", {}, el("td", { text: n }), el("td", { text: v }))));
      $("explain").textContent = exchange.explain || "HTTP " + exchange.status + ": no error to explain.";
      renderCode();
      showView(exchange.explain ? "explain" : "answer");
    }

    // One tab per language the server declares (CodeLanguage), titled as the Graph API Explorer's.
    function renderCode() {
      const exchange = app.exchange;
      if (!exchange) return;
      const chosen = exchange.code.find((c) => c.language === app.codeLanguage) || exchange.code[0];
      $("code-tabs").replaceChildren(...exchange.code.map((c) => el("button", {
        type: "button", "data-language": c.language, "aria-selected": String(c === chosen), text: c.title,
        on: { click: () => { app.codeLanguage = c.language; renderCode(); } } })));
      $("code").textContent = chosen ? chosen.text : "";
    }

    function renderHistory(history) {
      $("history").replaceChildren(...history.slice().reverse().map((item) => {
        const tick = el("input", { type: "checkbox", "aria-label": "diff #" + item.number, value: String(item.number) });
        const link = el("a", { href: "#", text: "#" + item.number + " " + item.line + " → " + item.status + " (" + item.ms + " ms)",
          on: { click: (event) => { event.preventDefault(); guarded(async () => showExchange(await api("exchange", { number: item.number }))); } } });
        return el("li", {}, tick, " ", link);
      }));
    }

    async function runLine(line, out) {
      await guarded(async () => {
        const answer = await api("line", { line });
        $(out).textContent = answer.text;
        renderState(answer.state);
      });
    }
    """#
}
