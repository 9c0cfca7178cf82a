extension UIScript {
  /// The script's part for helpers, the API call, the state and token panels.
  static let core = #"""
    "use strict";
    // graph-explorer ui: the page's script. Plain DOM APIs; data is only ever set as text
    // (textContent, value), never parsed as HTML.
    const KEY = document.querySelector("meta[name=explorer-key]").content;
    const $ = (id) => document.getElementById(id);
    const app = { state: null, exchange: null, codeLanguage: "curl", meta: null };

    function el(tag, props, ...children) {
      const node = document.createElement(tag);
      for (const [name, value] of Object.entries(props || {})) {
        if (name === "text") node.textContent = value;
        else if (name === "on") for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
        else if (name in node && typeof value !== "string") node[name] = value;
        else node.setAttribute(name, value);
      }
      for (const child of children) node.append(child);
      return node;
    }

    async function api(name, body) {
      const response = await fetch("/api/" + name, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Explorer-Key": KEY },
        body: JSON.stringify(body || {}),
      });
      const text = await response.text();
      let answer;
      try { answer = JSON.parse(text); } catch (e) { throw new Error(text.trim() || String(response.status)); }
      if (!response.ok) throw new Error(answer.error || String(response.status));
      return answer;
    }

    function note(text, isError) {
      const node = $("note");
      node.textContent = text;
      node.className = isError ? "error" : "";
    }

    async function guarded(fn) {
      try { await fn(); } catch (error) { note(String(error.message || error), true); }
    }

    function showView(name) {
      for (const tab of document.querySelectorAll("#tabs button")) {
        const shown = tab.dataset.view === name;
        tab.setAttribute("aria-selected", String(shown));
        $("view-" + tab.dataset.view).classList.toggle("shown", shown);
      }
    }

    function renderState(state) {
      app.state = state;
      $("target").textContent = state.target;
      $("recording").hidden = !state.recording;
      $("recording").textContent = state.recording ? "recording " + state.recording : "";
      if (state.recording && !$("cassette").value) $("cassette").value = state.recording;
      const version = $("version");
      if (!version.options.length) {
        version.append(el("option", { value: "", text: "unversioned" }));
        for (const v of state.versions) version.append(el("option", { value: v, text: v }));
        version.value = state.version || "v2.2";
      }
      $("token-shown").textContent = state.token ? "token " + state.token : "no token";
      const person = $("person");
      const chosen = person.value;
      person.replaceChildren(...state.people.map((p) => el("option", { value: p.id, text: p.name + " (" + p.id + ")" })));
      if (chosen) person.value = chosen;
      if (!$("permissions").childElementCount) {
        for (const group of state.permissions) {
          const set = el("fieldset", {}, el("legend", { text: group.group }));
          for (const name of group.names) {
            set.append(el("label", {}, el("input", { type: "checkbox", value: name, name: "scope" }), " " + name));
          }
          $("permissions").append(set);
        }
      }
      renderHistory(state.history);
    }

    function showTokenInfo(answer) {
      if (answer.state) renderState(answer.state);
      const info = answer.info && answer.info.data;
      // The Pages of the person (me/accounts, with manage_pages): a Page's token in one click.
      $("pages").replaceChildren(...(answer.pages || []).map((page) =>
        el("button", { type: "button", "data-page": page.id, text: "Page token: " + page.name,
          on: { click: () => guarded(async () => showTokenInfo(await api("pagetoken", { page: page.id }))) } })));
      const list = $("token-info");
      list.replaceChildren();
      if (!info) {
        if (answer.info && answer.info.error) list.append(el("dt", { text: "error" }), el("dd", { text: answer.info.error.message }));
        return;
      }
      const rows = [["valid", String(info.is_valid)], ["type", info.type], ["app", info.application],
        ["user", info.user_id], ["profile", info.profile_id],
        ["expires", info.expires_at ? new Date(info.expires_at * 1000).toISOString() : "never"],
        ["scopes", (info.scopes || []).join(", ")],
        ["why not", info.error ? info.error.message : undefined]];
      for (const [name, value] of rows) {
        if (value === undefined || value === null) continue;
        list.append(el("dt", { text: name }), el("dd", { text: String(value) }));
      }
    }
    """#
}
