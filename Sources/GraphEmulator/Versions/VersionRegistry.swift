/// One Graph API release: its version, the day it was introduced and the day it stopped
/// being served (`nil`: not announced yet).
public struct GraphVersionRelease: Sendable, Hashable {
  public var version: GraphVersion
  /// `YYYY-MM-DD`.
  public var released: String
  /// `YYYY-MM-DD`, or `nil` while the changelog says TBD.
  public var endOfLife: String?
}

/// Every Graph API version there has been, with its dates, and where those dates come from.
///
/// The emulator serves each of them as Graph did while that version was current, expired or
/// not (a call to an expired version is not upgraded): it is a workbench for seeing what
/// changed between versions. Version-dependent behaviour lives in `VersionRule`.
public enum VersionRegistry {
  /// The changelog's table of versions, v1.0 to v26.0 with dates
  /// (the `ja_JP` rendering is the one that lists v2.8 back to v1.0).
  public static let versionsSource =
    "https://developers.facebook.com/docs/graph-api/changelog/versions/?locale=ja_JP"
  /// The changelog updated 2026-10-29, whose table starts with a version introduced
  /// November 4, 2026 (its version column is not in the stored page).
  public static let currentSource =
    "https://developers.facebook.com/documentation/development/graph-api/changelog"
  /// The announcement naming that version v27.0.
  public static let latestSource =
    "https://developers.facebook.com/blog/post/2026/11/04/introducing-graph-api-v27-and-marketing-api-v27/"

  /// Oldest first.
  public static let releases: [GraphVersionRelease] = table.map { row in
    GraphVersionRelease(
      version: GraphVersion(shape: row.0)!, released: row.1, endOfLife: row.2)
  }

  private static let table: [(String, String, String?)] = [
    ("v1.0", "2010-04-21", "2015-04-30"),
    ("v2.0", "2014-04-30", "2016-08-08"),
    ("v2.1", "2014-08-07", "2016-10-31"),
    ("v2.2", "2014-10-30", "2017-03-27"),
    ("v2.3", "2015-03-25", "2017-07-10"),
    ("v2.4", "2015-07-08", "2017-10-09"),
    ("v2.5", "2015-10-07", "2018-04-12"),
    ("v2.6", "2016-04-12", "2018-07-13"),
    ("v2.7", "2016-07-13", "2018-10-05"),
    ("v2.8", "2016-10-05", "2019-04-18"),
    ("v2.9", "2017-04-18", "2019-07-22"),
    ("v2.10", "2017-07-18", "2019-11-07"),
    ("v2.11", "2017-11-07", "2020-01-28"),
    ("v2.12", "2018-01-30", "2020-05-05"),
    ("v3.0", "2018-05-01", "2020-07-28"),
    ("v3.1", "2018-07-26", "2020-10-27"),
    ("v3.2", "2018-10-23", "2021-05-04"),
    ("v3.3", "2019-04-30", "2021-08-03"),
    ("v4.0", "2019-07-29", "2021-11-02"),
    ("v5.0", "2019-10-29", "2022-02-03"),
    ("v6.0", "2020-02-03", "2022-05-05"),
    ("v7.0", "2020-05-05", "2022-08-04"),
    ("v8.0", "2020-08-04", "2022-11-01"),
    ("v9.0", "2020-11-10", "2023-02-23"),
    ("v10.0", "2021-02-23", "2023-06-08"),
    ("v11.0", "2021-06-08", "2023-09-14"),
    ("v12.0", "2021-09-14", "2024-02-08"),
    ("v13.0", "2022-02-08", "2024-05-28"),
    ("v14.0", "2022-05-25", "2024-09-17"),
    ("v15.0", "2022-09-15", "2024-11-20"),
    ("v16.0", "2023-02-02", "2025-05-14"),
    ("v17.0", "2023-05-23", "2025-09-12"),
    ("v18.0", "2023-09-12", "2026-01-26"),
    ("v19.0", "2024-01-23", "2026-05-21"),
    ("v20.0", "2024-05-21", "2026-09-24"),
    ("v21.0", "2024-10-02", "2027-01-21"),
    ("v22.0", "2025-01-21", "2027-05-20"),
    ("v23.0", "2025-05-29", "2027-10-08"),
    ("v24.0", "2025-10-08", "2028-02-18"),
    ("v25.0", "2026-02-18", "2028-07-29"),
    ("v26.0", "2026-07-29", nil),
    ("v27.0", "2026-11-04", nil),
  ]

  /// The release of `version`, or `nil` for a version Graph never had.
  public static func release(of version: GraphVersion) -> GraphVersionRelease? {
    releases.first { $0.version == version }
  }

  /// `v1.0, v2.0-v2.12, v3.0-v3.3, v4.0-v27.0`: the served versions in runs.
  public static var servedSummary: String {
    var runs: [[GraphVersion]] = []
    for release in releases {
      let version = release.version
      if let last = runs.last?.last,
        (last.major == version.major && last.minor + 1 == version.minor)
          || (last.minor == 0 && version.minor == 0 && last.major + 1 == version.major
            && last.major >= 4)
      {
        runs[runs.count - 1].append(version)
      } else {
        runs.append([version])
      }
    }
    return runs.map { run in
      run.count == 1 ? "\(run[0])" : "\(run[0])-\(run[run.count - 1])"
    }.joined(separator: ", ")
  }

  /// The Markdown table docs/emulator.md carries (a test checks the two agree).
  public static var markdownTable: String {
    var lines = ["| version | released | served by Graph until |", "|---|---|---|"]
    for release in releases {
      lines.append("| \(release.version) | \(release.released) | \(release.endOfLife ?? "TBD") |")
    }
    return lines.joined(separator: "\n")
  }
}
