/// The Explorer page's style sheet (`/ui.css`): system fonts only, readable at 1280x800 and,
/// one column, at a phone's width.
enum UIStyle {
  static let text = """
    :root{--blue:#4267b2;--line:#dddfe2;--dim:#606770;--bg:#f5f6f7}
    *{box-sizing:border-box}
    body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;
    background:var(--bg);color:#1c1e21}
    header{background:#3b5998;color:#fff;padding:8px 16px;display:flex;gap:12px;align-items:center;
    flex-wrap:wrap}
    header h1{font-size:16px;margin:0}
    .badge{background:rgba(255,255,255,.2);border-radius:3px;padding:1px 6px;font-size:12px}
    .badge.rec{background:#c0392b}
    #note{font-size:12px;margin-left:auto}
    #query{display:flex;gap:6px;padding:8px 16px;background:#fff;border-bottom:1px solid var(--line);
    flex-wrap:wrap}
    #path{flex:1;min-width:12em;font:13px ui-monospace,Menlo,Consolas,monospace;padding:4px 6px}
    button{background:#fff;border:1px solid #ccd0d5;border-radius:3px;padding:3px 10px;cursor:pointer;
    font:inherit}
    button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible,
    a:focus-visible{outline:2px solid var(--blue);outline-offset:1px}
    #submit,#get-token{background:var(--blue);color:#fff;border-color:var(--blue)}
    main{display:grid;grid-template-columns:minmax(260px,340px) 1fr;gap:12px;padding:12px 16px}
    @media (max-width:760px){main{grid-template-columns:1fr}}
    section{background:#fff;border:1px solid var(--line);border-radius:4px;padding:8px 10px;
    margin-bottom:12px;min-width:0}
    h2{font-size:13px;margin:0 0 6px;color:var(--dim);text-transform:uppercase}
    fieldset{border:1px solid var(--line);margin:4px 0;padding:4px 6px;font-size:12px}
    fieldset label{display:inline-block;margin-right:8px;white-space:nowrap}
    .tree{list-style:none;padding-left:0;margin:4px 0;max-height:420px;overflow:auto;font-size:13px}
    .tree .tree{padding-left:16px;max-height:none}
    .tree small{color:var(--dim)}
    .edge>button{border:0;padding:0 4px;color:var(--blue)}
    #params div{display:flex;gap:4px;margin-bottom:4px}
    #params input{flex:1;min-width:0}
    #params input[type=file]{font-size:12px}
    #tabs{display:flex;gap:4px;flex-wrap:wrap}
    #tabs button[aria-selected=true]{background:var(--blue);color:#fff}
    #code-tabs{display:flex;gap:4px;flex-wrap:wrap;margin-bottom:6px}
    #code-tabs button[aria-selected=true]{border-color:var(--blue);color:var(--blue)}
    .view{display:none}.view.shown{display:block}
    pre,.json{font:12px/1.45 ui-monospace,Menlo,Consolas,monospace;white-space:pre-wrap;
    word-break:break-word;margin:0}
    .json details{padding-left:14px}.json summary{margin-left:-14px;cursor:pointer}
    .json .row{padding-left:14px}
    .k{color:#881391}.s{color:#1a1aa6}.n{color:#1c00cf}.b,.z{color:#0d22aa;font-weight:bold}
    .json a{color:var(--blue)}
    #status-line{font-size:13px;margin:6px 0;color:var(--dim)}
    #status-line.error{color:#c0392b}
    #history{list-style:none;padding-left:0}
    #history li{cursor:pointer;font:12px ui-monospace,Menlo,Consolas,monospace}
    #headers td{font:12px ui-monospace,Menlo,Consolas,monospace;padding:1px 8px 1px 0;
    vertical-align:top}
    #token-info{font-size:12px;display:grid;grid-template-columns:auto 1fr;gap:2px 8px}
    #token-info dt{color:var(--dim)}#token-info dd{margin:0;word-break:break-word}
    #pages button{display:block;margin:2px 0}

    """
}
