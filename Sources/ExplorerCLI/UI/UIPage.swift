import GraphAPI

/// The Explorer's one HTML page: the frame the script fills in. It carries this run's key
/// (`UITransport.key`) for the API calls; everything else comes from `/ui.css` and `/ui.js`,
/// served by the same binary (no CDN, no font or script from elsewhere).
enum UIPage {
  /// The page with `key` in its `explorer-key` meta element.
  static func html(key: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="explorer-key" content="\(HTMLText.escaped(key))">
    <title>Graph API Explorer · graph-explorer</title>
    <link rel="stylesheet" href="/ui.css">
    <script src="/ui.js" defer></script>
    </head><body>
    <header><h1>Graph API Explorer</h1>
    <span id="target" class="badge"></span><span id="recording" class="badge rec" hidden></span>
    <span id="note" role="status"></span></header>
    <form id="query" autocomplete="off">
    <select id="method" aria-label="method"><option>GET</option><option>POST</option>
    <option>DELETE</option></select>
    <select id="version" aria-label="version"></select>
    <input id="path" aria-label="path" list="completions" spellcheck="false" value="me?fields=id,name">
    <datalist id="completions"></datalist>
    <button id="submit" type="submit" title="Ctrl+Enter">Submit</button>
    </form>
    <main>
    <aside id="side">
    <section id="fields-panel"><h2>Fields <span id="node-type"></span></h2>
    <input id="field-search" type="search" aria-label="search fields" placeholder="search fields">
    <ul id="field-tree" class="tree"></ul>
    </section>
    <section id="params-panel"><h2>Parameters</h2>
    <div id="params"></div>
    <button id="add-param" type="button">Add a parameter</button>
    <button id="add-file" type="button">Add a file</button>
    </section>
    <section id="token-panel"><h2>Access token</h2>
    <p id="token-shown">none</p>
    <label>Person <select id="person"></select></label>
    <div id="permissions"></div>
    <p><button id="get-token" type="button">Get Token</button>
    <button id="clear-token" type="button">Clear</button></p>
    <p><input id="paste-token" aria-label="paste a token" placeholder="or paste a token">
    <button id="set-token" type="button">Use</button></p>
    <div id="pages"></div>
    <dl id="token-info"></dl>
    </section>
    </aside>
    <section id="answer-panel">
    <nav id="tabs" role="tablist">
    <button type="button" role="tab" data-view="answer">Answer</button>
    <button type="button" role="tab" data-view="headers">Headers</button>
    <button type="button" role="tab" data-view="explain">Explain</button>
    <button type="button" role="tab" data-view="code">Get Code</button>
    <button type="button" role="tab" data-view="history">History</button>
    <button type="button" role="tab" data-view="session">Session</button>
    </nav>
    <p id="status-line"></p>
    <div id="view-answer" class="view"><div id="answer" class="json"></div></div>
    <div id="view-headers" class="view"><table id="headers"></table></div>
    <div id="view-explain" class="view"><pre id="explain"></pre></div>
    <div id="view-code" class="view"><nav id="code-tabs"></nav><pre id="code"></pre></div>
    <div id="view-history" class="view"><ol id="history"></ol>
    <p><button id="diff" type="button">Diff the two ticked</button></p><pre id="diff-out"></pre></div>
    <div id="view-session" class="view">
    <p><label>Cassette <input id="cassette" placeholder="session.json"></label>
    <button id="record" type="button">Record</button>
    <button id="record-stop" type="button">Stop recording</button>
    <button id="replay" type="button">Replay</button>
    <button id="replay-stop" type="button">Stop replaying</button></p>
    <p><button id="doctor" type="button">Timeline and findings</button></p>
    <pre id="session-out"></pre></div>
    </section>
    </main>
    </body></html>

    """
  }
}
