// The catalogue's contents. Codes, messages and types come from docs/reference (see
// docs/graph-api.md); the explanations are ours.
extension ErrorCatalogue {
  /// Every entry, grouped by kind.
  public static let entries: [ErrorCatalogueEntry] = general + oauth + permissions + limits + login

  static let general: [ErrorCatalogueEntry] = [
    .init(
      codes: 1...1, title: "Unknown error", type: "FacebookApiException", httpStatus: 500,
      messages: [
        "An unknown error occurred", "An unknown error has occurred.",
        "Error validating client secret.",
      ],
      meaning:
        "Graph failed while handling the request and cannot say why; on `oauth/access_token` code 1 (an OAuthException, HTTP 400) means the `client_secret` is wrong, and HTTP 500 `An unknown error has occurred.` a `client_id` that is not an app id at all.",
      likelyCause:
        "A temporary problem on Facebook's side, or a request Graph chokes on; for a token request, a wrong or stale app secret, or a name or the secret sent as `client_id`.",
      fix:
        "Retry after a short wait; if it keeps failing, simplify the request to find the part Graph dislikes. For `Error validating client secret.` send the secret shown in the app dashboard."
    ),
    .init(
      codes: 2...2, title: "Service temporarily unavailable", type: "FacebookApiException",
      httpStatus: 500,
      messages: [
        "Service temporarily unavailable",
        "An unexpected error has occurred. Please retry your request later.",
      ],
      meaning: "The Graph service is down or overloaded for a moment; the error is transient.",
      likelyCause: "Downtime or load on Facebook's side, not a fault in the request.",
      fix: "Retry with an increasing delay; the same request normally succeeds later."),
    .init(
      codes: 100...100, title: "Invalid parameter", type: "OAuthException",
      messages: [
        "(#100) Tried accessing nonexisting field (foo) on node type (User)",
        "(#100) Unknown fields: x.",
        "Invalid appsecret_proof provided in the API argument",
        "Invalid verification code format.",
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      ],
      meaning: "A parameter, field or edge in the request is not valid for this node.",
      likelyCause:
        "A misspelt or removed field in `fields`, a field that belongs to another node type, or a wrong appsecret_proof.",
      fix:
        "Ask the node for `metadata=1` to see its real fields, correct `fields`, and check the app secret used for appsecret_proof."
    ),
    .init(
      codes: 100...100, subcode: 33, title: "Object does not exist or cannot be loaded",
      type: "GraphMethodException",
      messages: [
        "Unsupported get request. Object with ID 'X' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api"
      ],
      meaning:
        "The id in the path names nothing this token may see, or the node does not support this method.",
      likelyCause:
        "A wrong or deleted id, an object visible only to other users, or a POST/DELETE on a node that does not accept one.",
      fix:
        "Check the id (copy it from an answer), check the token's user may see the object, and use the method the node supports."
    ),
    .init(
      codes: 12...12, title: "Deprecated for this version", type: "OAuthException",
      messages: [
        "(#12) username field is deprecated for versions v2.0 and higher",
        "(#12) checkins API is deprecated for versions v2.0 and higher",
      ],
      meaning:
        "The field or call exists only in older Graph API versions; the version the request was served by no longer has it.",
      likelyCause:
        "Code written for v1.0 (the `username` field, `me/checkins`) running against v2.0 or later, often an unversioned call whose app default version moved.",
      fix:
        "Drop the field (use the app-scoped `id`, or `link`; for check-ins, `me/tagged_places` with `user_tagged_places`), or pin the older version in the path while it is still served (`version v1.0` in the REPL)."
    ),
    .init(
      codes: 324...324, title: "Missing or invalid image file", type: "OAuthException",
      messages: ["(#324) Requires upload file"],
      meaning: "A photo upload arrived without an image: no `source` file part and no `url`.",
      likelyCause:
        "The image was sent as a plain form field instead of a multipart file part, or the file was empty or could not be read.",
      fix:
        "Send the image as a multipart/form-data part named `source` (REPL: `POST me/photos source@file.jpg`), or pass a public `url`."
    ),
    .init(
      codes: 803...803, title: "Unknown alias or username", type: "OAuthException", httpStatus: 404,
      messages: [
        "(#803) Some of the aliases you requested do not exist: foo",
        "(#803) Cannot query users by their username (x)",
      ],
      meaning:
        "A name used in place of an id (an alias or a username) does not resolve to an object.",
      likelyCause:
        "A typo in `ids=` or in the path, or a username lookup, which Graph no longer allows for users.",
      fix: "Use numeric ids; for users, take the app-scoped id from the app's own login or `me`."),
    .init(
      codes: 2500...2500, title: "Active access token required or unknown path",
      type: "OAuthException",
      messages: [
        "An active access token must be used to query information about the current user.",
        "Unknown path components: /foo",
      ],
      meaning:
        "Graph could not resolve the path: either `me` was used without a valid user token, or a path component names no edge.",
      likelyCause:
        "No `access_token` sent (not logged in, or the token was cleared), an app token used for `me`, or a misspelt edge such as `me/freinds`.",
      fix:
        "Log in (or set a user token) before calling `me`; check each path component against the node's edges (`metadata=1`)."
    ),
    .init(
      codes: 1_611_075...1_611_075, title: "Users cannot be tagged by this app", type: "Exception",
      messages: [
        "These users can't be tagged by your app: ID. Either they aren't developers of your app or your action haven't been approved for tagging."
      ],
      meaning: "An Open Graph action tried to tag people the app is not allowed to tag.",
      likelyCause:
        "Tagging is approved only for the app's developers and testers until the action passes review.",
      fix:
        "Tag only developers or testers of the app while in development, or submit the action's tagging for review."
    ),
  ]

  static let oauth: [ErrorCatalogueEntry] = [
    .init(
      codes: 102...102, title: "API session invalid", type: "OAuthException",
      messages: ["Session key invalid or no longer valid"],
      exactMessages: false,
      meaning:
        "The session behind the request is no longer valid (the older REST API's name for an invalid token).",
      likelyCause: "The user logged out or the session expired.",
      fix:
        "Log the user in again to get a new token. The iOS SDK treats it like 190 and closes the session."
    ),
    .init(
      codes: 104...104, title: "Access token required", type: "OAuthException",
      messages: ["An access token is required to request this resource."],
      meaning: "The resource needs an access token and none was sent.",
      likelyCause:
        "The request was made before login, or the token was dropped on the way (e.g. a pasted URL without it).",
      fix:
        "Send a user or app access token (`token <value>` in the REPL, `access_token=` on the wire)."
    ),
    .init(
      codes: 190...190, title: "Invalid OAuth access token", type: "OAuthException",
      messages: ["Invalid OAuth access token.", "Malformed access token ..."],
      meaning: "The access token cannot be parsed or is not a token Graph issued.",
      likelyCause:
        "A token copied incompletely, a token for another environment, or a made-up placeholder.",
      fix: "Get a fresh token by logging in again; copy the whole token."),
    .init(
      codes: 190...190, subcode: 458, title: "App not authorized by the user",
      type: "OAuthException",
      messages: ["Error validating access token: User X has not authorized application Y."],
      meaning: "The user removed the app (or never installed it), so its tokens stopped working.",
      likelyCause:
        "The user de-authorized the app in their settings, or the app called `DELETE me/permissions`.",
      fix: "Send the user through login again; the app must ask for its permissions afresh."),
    .init(
      codes: 190...190, subcode: 459, title: "User checkpointed", type: "OAuthException",
      messages: [
        "Error validating access token: You cannot access the app till you log in to www.facebook.com and follow the instructions given."
      ],
      exactMessages: false,
      meaning:
        "Facebook locked the account until the user logs in on the website and passes a security check.",
      likelyCause: "Suspicious activity on the account triggered a checkpoint.",
      fix:
        "Tell the user to log into www.facebook.com and follow the instructions, then retry; logging into the app again does not help."
    ),
    .init(
      codes: 190...190, subcode: 460, title: "Password changed", type: "OAuthException",
      messages: [
        "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons."
      ],
      meaning:
        "Every session of the user was ended because the password changed or Facebook reset it.",
      likelyCause:
        "The user changed their password, or Facebook invalidated sessions for security.",
      fix: "Ask the user to log into the app again."),
    .init(
      codes: 190...190, subcode: 463, title: "Access token expired", type: "OAuthException",
      messages: [
        "Error validating access token: Session has expired on Thursday, 09-Apr-15 15:00:00 PDT. The current time is Friday, 10-Apr-15 10:26:12 PDT."
      ],
      meaning: "The token's lifetime is over.",
      likelyCause:
        "A short-lived token (about two hours) used after it lapsed, or a long-lived one after 60 days.",
      fix:
        "Log in again, or exchange tokens for long-lived ones and refresh them before they expire."),
    .init(
      codes: 190...190, subcode: 464, title: "Unconfirmed user", type: "OAuthException",
      messages: [
        "Error validating access token: Sessions for the user are not allowed because the user is not a confirmed user."
      ],
      exactMessages: false,
      meaning: "The account has not been confirmed, so it may not use apps.",
      likelyCause: "A new account whose e-mail address or phone number was never confirmed.",
      fix: "Tell the user to confirm their account on www.facebook.com, then retry."),
    .init(
      codes: 190...190, subcode: 467, title: "Invalid access token (logged out)",
      type: "OAuthException",
      messages: [
        "Error validating access token: The session is invalid because the user logged out."
      ],
      meaning: "The user logged out of Facebook, which ended the session the token belonged to.",
      likelyCause: "Logout on the website or in another app using the same session.",
      fix: "Ask the user to log into the app again."),
  ]

  static let permissions: [ErrorCatalogueEntry] = [
    .init(
      codes: 3...3, title: "Capability", type: "OAuthException",
      messages: [
        "(#3) Application does not have the capability to make this API call.",
        "(#3) Publishing likes through the API is only available for page access tokens",
      ],
      meaning:
        "The app may not make this call with this kind of token, whatever the user granted.",
      likelyCause:
        "A call Graph restricted to some tokens or apps: since November 2016 (v2.9 in the emulator) liking or unliking with a person's token.",
      fix:
        "Like as a Page with the Page's access token (`me/accounts` lists it), or drop the call."
    ),
    .init(
      codes: 10...10, title: "Application does not have permission", type: "OAuthException",
      httpStatus: 403,
      messages: ["(#10) Application does not have permission for this action"],
      meaning: "The app itself is not allowed to do this, whatever the user granted.",
      likelyCause: "A feature the app has not been approved for, or one restricted to some apps.",
      fix:
        "Check the app's settings and review status in the developer dashboard; request the feature through review."
    ),
    .init(
      codes: 200...299, title: "Requires extended permission", type: "OAuthException",
      httpStatus: 403,
      messages: [
        "(#200) Requires extended permission: publish_actions",
        "(#200) This endpoint is deprecated since the required permission publish_actions is deprecated",
        "(#200) The user hasn't authorized the application to perform this action",
        "(#299) Requires extended permission: rsvp_event",
      ],
      meaning: "The token lacks a permission this call needs; the message usually names it.",
      likelyCause:
        "Publishing without `publish_actions` (or reading without the `user_*` permission), or the user declined it at login.",
      fix:
        "Ask for the named permission (a new login with that scope), check `GET me/permissions`, then retry. From v3.0 `publish_actions` no longer exists: share through the Share dialog instead of posting for the user."
    ),
  ]

  static let limits: [ErrorCatalogueEntry] = [
    .init(
      codes: 4...4, title: "Application request limit reached", type: "OAuthException",
      httpStatus: 403,
      messages: ["(#4) Application request limit reached"],
      meaning: "The app as a whole made too many calls and is being throttled.",
      likelyCause:
        "A loop or a burst of calls, or too many users at once for the app's rate limit.",
      fix: "Slow down and back off; batch calls, cache answers, and watch the `x-app-usage` header."
    ),
    .init(
      codes: 17...17, title: "User request limit reached", type: "OAuthException",
      messages: ["(#17) User request limit reached"],
      meaning: "Too many calls were made for this one user.",
      likelyCause: "Polling or re-fetching the same user's data in a tight loop.",
      fix: "Back off for this user, cache answers, and spread calls over time."),
    .init(
      codes: 32...32, title: "Page request limit reached", type: "OAuthException",
      messages: ["(#32) Page request limit reached"],
      meaning: "Too many calls were made with this Page's token.",
      likelyCause: "Heavy automated traffic on one Page.",
      fix: "Back off and spread the calls; watch the usage headers."),
    .init(
      codes: 341...341, title: "Feed action request limit reached", type: "OAuthException",
      messages: ["(#341) Feed action request limit reached"],
      meaning: "The user or app posted to feeds too often.",
      likelyCause: "Automated or repeated posting in a short time.",
      fix: "Post less often; wait before trying again."),
    .init(
      codes: 368...368, title: "Action deemed abusive", type: "OAuthException",
      messages: ["(#368) The action attempted has been deemed abusive or is otherwise disallowed"],
      meaning: "Facebook's integrity systems blocked the action.",
      likelyCause:
        "Content or behaviour that looks like spam, or a user temporarily blocked from posting.",
      fix: "Change the content or the posting pattern; the block may lift after a while."),
    .init(
      codes: 506...506, title: "Duplicate status message", type: "OAuthException",
      messages: ["(#506) Duplicate status message"],
      meaning: "The same status text was just posted; Graph refuses the duplicate.",
      likelyCause: "A retried or double-submitted post with identical text.",
      fix: "Change the message, or treat the first post as the one that succeeded."),
    .init(
      codes: 506...506, subcode: 1_455_006, title: "Duplicate Status Update",
      type: "OAuthException",
      messages: ["(#506) Duplicate status message"],
      meaning:
        "The newer form of the duplicate-post error, with a user-facing title `Duplicate Status Update`.",
      likelyCause: "A retried or double-submitted post with identical text.",
      fix: "Show `error_user_msg` to the user and do not post the same text twice."),
    .init(
      codes: 613...613, title: "Rate limit exceeded", type: "OAuthException",
      messages: ["(#613) Calls to this api have exceeded the rate limit."],
      meaning: "This particular API has its own rate limit and it was exceeded.",
      likelyCause: "Many calls to one endpoint (search is a common one) in a short time.",
      fix: "Back off and retry later; cache results."),
  ]
}
