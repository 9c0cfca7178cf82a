extension UIScript {
  /// The script's part for the wiring: controls, Ctrl+Enter, the login dialog's way back.
  static let main = #"""
    // Wiring: the controls, Ctrl+Enter, the login dialog's way back (/callback#access_token=...).
    function getToken() {
      const state = app.state;
      // The dialog is the session's emulator's: elsewhere its tokens would mean nothing.
      if (!state || !state.app || state.target !== "emulator") { note("Get Token needs the emulator as the target: paste a token instead", true); return; }
      const scope = [...document.querySelectorAll("#permissions input:checked")].map((b) => b.value);
      const nonce = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
      sessionStorage.setItem("explorer-state", nonce);
      sessionStorage.setItem("explorer-path", $("path").value);
      const query = new URLSearchParams({ client_id: state.app.id, redirect_uri: location.origin + "/callback",
        response_type: "token", scope: scope.join(","), state: nonce, person: $("person").value });
      const version = $("version").value;
      location.assign((version ? "/" + version : "") + "/dialog/oauth?" + query.toString());
    }

    async function takeCallback() {
      if (location.pathname !== "/callback") return;
      const fragment = new URLSearchParams(location.hash.slice(1));
      const query = new URLSearchParams(location.search);
      const expected = sessionStorage.getItem("explorer-state");
      sessionStorage.removeItem("explorer-state");
      const saved = sessionStorage.getItem("explorer-path");
      if (saved) $("path").value = saved;
      history.replaceState(null, "", "/");
      if (query.get("error")) { note("login: " + query.get("error_reason") + " (" + query.get("error") + ")", true); return; }
      const state = fragment.get("state") || query.get("state");
      if (!expected || state !== expected) { note("login: the answer's state does not match this page's", true); return; }
      const token = fragment.get("access_token");
      if (!token) { note("login: no token came back", true); return; }
      showTokenInfo(await api("token", { token }));
      note("logged in through the dialog");
    }

    function wire() {
      $("query").addEventListener("submit", (event) => { event.preventDefault(); submit(); });
      document.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); submit(); }
      });
      for (const tab of document.querySelectorAll("#tabs button")) tab.addEventListener("click", () => showView(tab.dataset.view));
      $("path").addEventListener("change", () => loadFields());
      $("version").addEventListener("change", () => loadFields(true));
      $("field-search").addEventListener("input", filterFields);
      $("add-param").addEventListener("click", () => addParam().querySelector("input").focus());
      $("add-file").addEventListener("click", () => addFile().querySelector("input[type=file]").focus());
      $("get-token").addEventListener("click", getToken);
      $("set-token").addEventListener("click", () => guarded(async () => {
        showTokenInfo(await api("token", { token: $("paste-token").value }));
        $("paste-token").value = "";
        loadFields(true);
      }));
      $("clear-token").addEventListener("click", () => guarded(async () => showTokenInfo(await api("token", { token: null }))));
      $("diff").addEventListener("click", () => {
        const ticked = [...document.querySelectorAll("#history input:checked")].map((b) => Number(b.value)).sort((a, b) => a - b);
        if (ticked.length !== 2) { note("tick two exchanges to diff", true); return; }
        runLine("diff #" + ticked[0] + " #" + ticked[1], "diff-out");
      });
      const cassette = () => $("cassette").value.trim();
      $("record").addEventListener("click", () => runLine("record " + cassette(), "session-out"));
      $("record-stop").addEventListener("click", () => runLine("record stop", "session-out"));
      $("replay").addEventListener("click", () => runLine("replay " + cassette(), "session-out"));
      $("replay-stop").addEventListener("click", () => runLine("replay stop", "session-out"));
      $("doctor").addEventListener("click", () => runLine("doctor", "session-out"));
    }

    document.addEventListener("DOMContentLoaded", () => guarded(async () => {
      wire();
      showView("answer");
      renderState(await api("state"));
      await takeCallback();
      if (app.state.token) showTokenInfo(await api("tokeninfo"));
      await loadFields();
      app.readyMs = Math.round(performance.now());
      document.body.dataset.ready = "true";
    }));
    """#
}
