/// A behaviour of Graph that changed with a version: from `since` on, the rule holds.
/// Handlers ask `call.version.follows(.rule)`; they never compare version numbers.
/// Each rule names its public source; `isChoice` marks a version boundary no source fixes.
public enum VersionRule: String, Sendable, CaseIterable {
  /// `fields=username` on a user is error 12.
  case usernameFieldRefused
  /// A user can no longer be read by username (`/alice.whitfield` is 803); Pages still can.
  case usernameLookupRefused
  /// `me/friends` lists only friends who use the app; `summary.total_count` counts all friends.
  case friendsOnlyAppUsers
  /// `me/friends` needs `user_friends` (v1.0 listed friends for any token).
  case friendsNeedUserFriends
  /// `me/friends` pages by cursor; v1.0 paged it by offset, 5000 at a time.
  case friendsPagedByCursor
  /// The `friends_*` permissions are gone: another user's gated fields are never readable.
  case friendsPermissionsGone
  /// `me/permissions` lists `{"permission","status"}` items instead of one object of flags.
  case permissionsAsList
  /// Posting to another person's feed is refused (200).
  case otherPeoplesFeedRefused
  /// A user's `checkins` edge is gone: reading it, expanding it and posting to it are (#12).
  case checkinsEdgeGone
  /// A user's `tagged_places` edge (with `user_tagged_places`) lists the places they were
  /// tagged at.
  case taggedPlacesEdge
  /// A post's `reactions` edge.
  case reactionsEdge
  /// A DELETE answers `{"success":true}` instead of a bare `true`.
  case deleteAnswersSuccessObject
  /// FQL (`GET fql?q=...`) is refused with (#12).
  case fqlGone
  /// `oauth/access_token` answers JSON (`access_token`, `token_type`, `expires_in`) instead of
  /// a form-encoded body.
  case oauthAccessTokenAnswersJSON
  /// A user or Page read without `fields` answers only `name` and `id`.
  case declarativeFields
  /// The `statuses` edge is gone (use `feed`).
  case statusesEdgeGone
  /// Errors carry the modern body members where Graph added them: the duplicate-status error
  /// has subcode 1455006, `is_transient`, `error_user_title` and `error_user_msg`.
  case modernErrorBody
  /// `publish_actions` is gone: posting to a person's feed, uploading a person's photos and
  /// check-ins are refused with 200.
  case publishActionsGone
  /// Open Graph custom actions (`me/<namespace>:<action>`) can no longer be published.
  case openGraphActionsGone
  /// `search` for users, events and groups is gone.
  case searchPeopleEventsGroupsGone
  /// `search?type=place` answers PlaceInformation objects, whose `page` field leads to the
  /// place's Page.
  case placeSearchAnswersPlaceInformation
  /// A Page's insights need a Page token (a manager's user token with `read_insights` did
  /// before).
  case pageInsightsNeedPageToken
  /// `me/accounts` and a Page's `tasks` replace the role-based `perms`.
  case pageTasksReplacePerms
  /// `<app-id>/permissions` (app token) lists the app's approved permissions.
  case appPermissionsListed
  /// A Page's like count is `fan_count`; `likes` on a Page is the edge of Pages it likes.
  case pageFanCount
  /// Liking (or unliking) with a person's token is refused: only a Page's token likes.
  case likesNeedPageToken

  /// The first version the rule holds in.
  public var since: GraphVersion {
    switch self {
    case .usernameFieldRefused, .usernameLookupRefused, .friendsOnlyAppUsers,
      .friendsNeedUserFriends, .friendsPagedByCursor, .friendsPermissionsGone,
      .permissionsAsList, .otherPeoplesFeedRefused, .checkinsEdgeGone, .taggedPlacesEdge:
      return .v2_0
    case .deleteAnswersSuccessObject, .fqlGone: return .v2_1
    case .reactionsEdge: return .v2_6
    case .pageFanCount: return .v2_7
    case .likesNeedPageToken: return .v2_9
    case .oauthAccessTokenAnswersJSON: return .v2_3
    case .declarativeFields, .statusesEdgeGone, .modernErrorBody: return .v2_4
    case .publishActionsGone, .openGraphActionsGone, .searchPeopleEventsGroupsGone,
      .placeSearchAnswersPlaceInformation, .pageInsightsNeedPageToken:
      return .v3_0
    case .pageTasksReplacePerms: return .v3_1
    case .appPermissionsListed: return .v2_2
    }
  }

  /// One line for docs/emulator.md and `help`.
  public var summary: String {
    switch self {
    case .usernameFieldRefused:
      return
        "`fields=username` on a user is (#12) `username field is deprecated for versions v2.0 and higher`"
    case .usernameLookupRefused:
      return
        "`GET /<username>` of a user is 803 `Cannot query users by their username`; Pages keep their names"
    case .friendsOnlyAppUsers:
      return
        "`me/friends` lists only friends who use the app; `summary.total_count` counts all friends"
    case .friendsNeedUserFriends:
      return "`me/friends` needs `user_friends` (empty without it; `debug=all` says why)"
    case .friendsPagedByCursor:
      return
        "`me/friends` pages by cursor (`after`, `before`); before, by offset: `next` is `offset=O+L&__after_id=<last id>` on every page that lists someone, the last included, `previous` is `offset=O-L&__before_id=<first id>`, and `limit` is 5000 unless asked; **[choice]**: Graph still paged friends by offset at v2.2 (the reference's v2.2 recording), and the emulator keeps cursors from v2.0, as its own recordings and SDK sessions pin them"
    case .friendsPermissionsGone:
      return "`friends_*` permissions are gone: another user's gated fields are left out"
    case .permissionsAsList:
      return "`me/permissions` lists `{\"permission\",\"status\"}` items, not one object of flags"
    case .otherPeoplesFeedRefused:
      return
        "`POST <friend>/feed` is (#200) `Feed story publishing to other users is disabled for this application`"
    case .checkinsEdgeGone:
      return
        "`GET`/`POST <user>/checkins` and `fields=checkins` on a user are `checkins API is deprecated for versions v2.0 and higher` (code 12 and its `(#12)` prefix **[choice]**, as the username error's); a check-in read by its id stays"
    case .taggedPlacesEdge:
      return
        "`me/tagged_places` (needs `user_tagged_places`) lists PlaceTags `{id, created_time, place}`; **[choice]**: the person's check-ins are their place tags"
    case .reactionsEdge:
      return
        "a post's `reactions` edge (and field, with `.type(T)`, `.summary(true)` or `.summary(total_count)`, `.limit()`, `.as()`) lists `{id, name, type}`; **[choice]**: every like is a `LIKE` reaction, another type lists none; `summary` carries `total_count` and `viewer_reaction`"
    case .deleteAnswersSuccessObject:
      return "a DELETE answers `{\"success\":true}`, not a bare `true`"
    case .fqlGone:
      return
        "`GET fql?q=...` is 400 (#12) `fql is deprecated for versions v2.1 and higher` (before, FQL is outside the emulator: 100/33 as an unknown id)"
    case .oauthAccessTokenAnswersJSON:
      return
        "`oauth/access_token` answers JSON `{\"access_token\",\"token_type\",\"expires_in\"}`, not a form-encoded body"
    case .declarativeFields:
      return
        "a user or Page read without `fields` answers only `name` and `id`, a post only `message` or `story`, `created_time` and `id`; other fields must be asked for"
    case .modernErrorBody:
      return
        "(#506) `Duplicate status message` carries `error_subcode` 1455006, `is_transient` false, `error_user_title` `Duplicate Status Update` and an `error_user_msg`"
    case .statusesEdgeGone:
      return
        "the `statuses` edge is gone (2500 `Unknown path components`); read and post through `feed`"
    case .publishActionsGone:
      return
        "`publish_actions` is gone: `POST me/feed` and `me/photos` are (#200) `This endpoint is deprecated since the required permission publish_actions is deprecated`, and `me/permissions` no longer lists it"
    case .openGraphActionsGone:
      return "publishing an Open Graph custom action is the same (#200)"
    case .searchPeopleEventsGroupsGone:
      return
        "`search` for `type=user`, `type=event` and `type=group` is (#100) `Unsupported type: X`; places and Pages stay"
    case .placeSearchAnswersPlaceInformation:
      return
        "`search?type=place` answers PlaceInformation objects, `fields=page` giving the place's Page (before, Page objects, and `page` is (#100)); **[choice]**: without `fields` each is `name`, `location`, `id`, and shares its Page's id"
    case .pageInsightsNeedPageToken:
      return
        "`GET <page>/insights` with a user or app token is 190 `(#190) This method must be called with a Page Access Token` (before, a manager's user token with `read_insights` read them)"
    case .pageFanCount:
      return
        "a Page's like count is `fan_count` (before, `fan_count` is (#100) nonexisting field); `fields=likes` on a Page answers the edge of Pages it likes, `{\"data\":[]}` **[choice]**, instead of the count"
    case .pageTasksReplacePerms:
      return
        "`me/accounts` items and a Page's fields carry `tasks` (`ANALYZE`, `ADVERTISE`, `MODERATE`, `CREATE_CONTENT`, `MANAGE`) instead of the role-based `perms`; asking for the other one is (#100) nonexisting field **[choice]**"
    case .likesNeedPageToken:
      return
        "`POST`/`DELETE <object>/likes` (a post, photo, check-in or comment) with a person's token is 400 `(#3) Publishing likes through the API is only available for page access tokens` (before, with `publish_actions`, the person likes it); a Page's token likes as the Page; from v3.0 a person's token gets `publishActionsGone`'s (#200) first; **[choice]**: unliking is refused alike"
    case .appPermissionsListed:
      return
        "`<app-id>/permissions` with the app token lists the permissions approved for the app (`{permission, status}`; a world's `app.permissions`, else `public_profile`, `user_friends`, `email` as `live`); before, (#100) must be called with an app access_token and requires v2.2"
    }
  }

  /// The public page the rule comes from.
  public var source: String {
    switch self {
    case .usernameFieldRefused, .usernameLookupRefused, .friendsOnlyAppUsers,
      .friendsNeedUserFriends, .friendsPermissionsGone, .permissionsAsList,
      .otherPeoplesFeedRefused:
      return "https://developers.facebook.com/docs/apps/changelog#v2_0"
    case .friendsPagedByCursor:
      return
        "https://github.com/higepon/dochi_api/blob/master/fixtures/vcr_cassettes/facebook_new.yml"
    case .checkinsEdgeGone:
      return "https://github.com/agorapulse/grails-facebook-sdk/issues/70"
    case .taggedPlacesEdge:
      return "https://developers.facebook.com/docs/apps/changelog#v2_0_permissions"
    case .deleteAnswersSuccessObject:
      return "https://developers.facebook.com/docs/graph-api/changelog/version2.1"
    case .fqlGone:
      return "https://github.com/restfb/restfb-examples/issues/3"
    case .reactionsEdge:
      return "https://developers.facebook.com/docs/graph-api/changelog/version2.6"
    case .oauthAccessTokenAnswersJSON:
      return "https://developers.facebook.com/docs/graph-api/changelog/version2.3"
    case .declarativeFields, .statusesEdgeGone:
      return "https://developers.facebook.com/docs/apps/upgrading#v23tov24"
    case .modernErrorBody:
      return "https://developers.facebook.com/docs/graph-api/guides/error-handling"
    case .publishActionsGone, .openGraphActionsGone:
      return
        "https://developers.facebook.com/docs/graph-api/changelog/non-versioned-changes/apr-24-2018"
    case .searchPeopleEventsGroupsGone:
      return
        "https://developers.facebook.com/docs/graph-api/changelog/non-versioned-changes/apr-4-2018"
    case .placeSearchAnswersPlaceInformation:
      return "https://developers.facebook.com/docs/places/web/search"
    case .pageInsightsNeedPageToken:
      return "https://github.com/halsandr/Facebook_Connector/issues/1"
    case .pageFanCount:
      return "https://stackoverflow.com/questions/31569567"
    case .likesNeedPageToken:
      return "https://github.com/arsduo/koala/issues/562"
    case .pageTasksReplacePerms:
      return
        "https://developers.facebook.com/blog/post/2018/07/26/introducing-graph-api-v3.1-marketing-api-v3.1-graph-api-explorer-beta/"
    case .appPermissionsListed:
      return
        "https://github.com/G5/g5_facebook_api_client/blob/master/spec/fixtures/vcr_cassettes/user.yml"
    }
  }

  /// A later rule that replaces this one's answer (from v3.0 no post to a person's feed gets
  /// far enough to be refused for its target or to be a duplicate).
  public var supersededBy: VersionRule? {
    [.otherPeoplesFeedRefused, .modernErrorBody, .likesNeedPageToken].contains(self)
      ? .publishActionsGone : nil
  }

  /// Whether the version boundary is the emulator's choice: the April 2018 removals were
  /// announced outside a version; the emulator ties them to v3.0, the first version released
  /// after them, and serves v2.12 and older as they were before; likewise the Nov 17, 2016
  /// change to publishing likes (the v2.8 reference's note) starts with v2.9. The error handling guide
  /// describes the modern error members without saying when each appeared; the emulator
  /// starts them with v2.4.
  public var isChoice: Bool {
    switch self {
    case .publishActionsGone, .openGraphActionsGone, .searchPeopleEventsGroupsGone,
      .modernErrorBody, .pageInsightsNeedPageToken, .friendsPagedByCursor, .likesNeedPageToken:
      return true
    default: return false
    }
  }

  /// The Markdown table docs/emulator.md carries (a test checks the two agree).
  public static var markdownTable: String {
    var lines = ["| rule | since | what changes | source |", "|---|---|---|---|"]
    for rule in allCases {
      let source = rule.source + (rule.isChoice ? " **[choice]** for the version" : "")
      lines.append("| `\(rule.rawValue)` | \(rule.since) | \(rule.summary) | \(source) |")
    }
    return lines.joined(separator: "\n")
  }
}
