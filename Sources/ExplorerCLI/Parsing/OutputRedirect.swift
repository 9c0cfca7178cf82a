/// Where a command's output goes: the console, a file (`> file`, `>> file`) or a shell
/// command's standard input (`| jq .data`).
enum OutputRedirect: Equatable, Sendable {
  case none
  case file(String, append: Bool)
  case pipe(String)
}
