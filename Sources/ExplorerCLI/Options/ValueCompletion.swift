/// What the shell offers for an option's value or a command's operands: declared on the row,
/// read by the bash, zsh and fish completion scripts.
enum ValueCompletion: Sendable, Equatable {
  /// Free text (an address, a number, a URL): nothing is offered.
  case nothing
  /// A file's path (a cassette, a world, a JSON document).
  case file
  /// A folder's path.
  case directory
  /// One of these words (a format's name, a Graph version, a level).
  case words([String])
}
