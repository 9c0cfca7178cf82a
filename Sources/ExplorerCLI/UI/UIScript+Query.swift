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

    function params() {
      return [...$("params").children].map((row) => {
        const [name, value] = row.querySelectorAll("input");
        return [name.value.trim(), value.value];
      }).filter(([name]) => name);
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
          path: $("path").value.trim(), params: params() });
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

    function renderCode() {
      const exchange = app.exchange;
      if (!exchange) return;
      $("code-tabs").replaceChildren(...Object.keys(exchange.code).map((language) => el("button", {
        type: "button", "aria-selected": String(language === app.codeLanguage), text: language,
        on: { click: () => { app.codeLanguage = language; renderCode(); } } })));
      $("code").textContent = exchange.code[app.codeLanguage] || "";
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
