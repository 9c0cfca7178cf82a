// Errors of the login surface: `oauth/access_token` and the app-only endpoints (test users).
// Messages are verbatim from public recordings (docs/emulator.md, "Login, apps and dialogs").
extension ErrorCatalogue {
  static let login: [ErrorCatalogueEntry] = [
    .init(
      codes: 101...101, title: "Invalid application ID",
      messages: [
        "Error validating application. Invalid application ID.", "Missing client_id parameter.",
      ],
      meaning: "The app named by `client_id` (or the app of the call) is not a known Facebook app.",
      likelyCause:
        "A missing or mistyped `client_id`, an app id from another environment, or a deleted app.",
      fix:
        "Send `client_id` with the app id shown in the app dashboard (the id of the app whose secret you send)."
    ),
    .init(
      codes: 191...191, title: "Missing or disallowed redirect_uri",
      messages: ["Missing redirect_uri parameter."],
      meaning: "A code exchange came without the `redirect_uri` the OAuth dialog was opened with.",
      likelyCause:
        "The server-side code exchange leaves out `redirect_uri`, or the SDK builds it empty.",
      fix:
        "Send exactly the `redirect_uri` given to `/dialog/oauth` (same scheme, host, path and query)."
    ),
    .init(
      codes: 100...100, subcode: 36_009, title: "Authorization code already used",
      messages: ["This authorization code has been used."],
      meaning:
        "The code from the OAuth dialog was exchanged for a token before; a code is single-use.",
      likelyCause:
        "The callback ran twice (a reload, a back button, a retry) or two servers exchanged the same code.",
      fix:
        "Exchange each code once and keep the token; send the person through the dialog again for a new code."
    ),
    .init(
      codes: 100...100, subcode: 36_007, title: "Authorization code expired",
      messages: ["This authorization code has expired."],
      meaning: "The code from the OAuth dialog is older than its ten minutes.",
      likelyCause: "The code was kept (or queued) before being exchanged.",
      fix:
        "Exchange the code as soon as the redirect arrives; send the person through the dialog again."
    ),
    .init(
      codes: 15...15, title: "App access token required",
      messages: ["(#15) This method must be called with an app access_token."],
      meaning: "The endpoint works only with the app's token (`APPID|...`), not a user's.",
      likelyCause: "Creating or listing test users, or another app-only call, with a user token.",
      fix:
        "Get the app token from `oauth/access_token?grant_type=client_credentials` (or send `APPID|APPSECRET` from a server)."
    ),
    .init(
      codes: 3000...3000, title: "Not the app's own insights",
      messages: [
        "(#3000) Reading insights of a Page, business, app, domain or event source group not owned by the querying user or application"
      ],
      meaning:
        "The app's event types and insights are read only by the app or people with a role on it.",
      likelyCause:
        "Reading `<app-id>/app_event_types` with the token of someone who is not an admin, developer or tester of the app.",
      fix: "Use the app token, or the token of a person with a role on the app."
    ),
  ]
}
