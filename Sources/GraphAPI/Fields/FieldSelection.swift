/// A parsed Graph field selection such as `id,name,friends.limit(5){name,picture.width(100).as(pic)}`.
public struct FieldSelection: Sendable, Hashable, CustomStringConvertible {
  /// One selected field or edge.
  public struct Field: Sendable, Hashable {
    /// A modifier such as `.limit(5)` or `.width(100)`: its name and its comma-separated arguments.
    public struct Modifier: Sendable, Hashable {
      public var name: String
      public var arguments: [String]
      public init(name: String, arguments: [String]) {
        self.name = name
        self.arguments = arguments
      }
    }

    public var name: String
    /// Modifiers in the order written, without `.as(...)` and `.fields(...)`.
    public var modifiers: [Modifier]
    /// The name given by `.as(alias)`.
    public var alias: String?
    /// Nested selection from `{...}` or the older `.fields(...)`.
    public var subfields: FieldSelection?

    public init(
      name: String, modifiers: [Modifier] = [], alias: String? = nil,
      subfields: FieldSelection? = nil
    ) {
      self.name = name
      self.modifiers = modifiers
      self.alias = alias
      self.subfields = subfields
    }

    /// The key this field has in the answer: its alias or its name.
    public var outputName: String { alias ?? name }

    /// The arguments of the first modifier named `name`.
    public func modifier(_ name: String) -> [String]? {
      modifiers.first { $0.name == name }?.arguments
    }
  }

  public var fields: [Field]

  public init(_ fields: [Field] = []) { self.fields = fields }

  /// Parses a selection; throws a `FieldSelectionError` naming the column of the problem.
  public init(parsing text: String) throws(FieldSelectionError) {
    var parser = FieldSelectionParser(text: text)
    self = try parser.parseAll()
  }

  /// The field named `name`, if selected.
  public func field(_ name: String) -> Field? { fields.first { $0.name == name } }

  /// The canonical text: no spaces, `.fields(...)` written as braces, `.as()` after other modifiers.
  public var description: String {
    fields.map { field in
      var text = field.name
      for modifier in field.modifiers {
        text += ".\(modifier.name)(\(modifier.arguments.joined(separator: ",")))"
      }
      if let alias = field.alias { text += ".as(\(alias))" }
      if let sub = field.subfields { text += "{\(sub.description)}" }
      return text
    }.joined(separator: ",")
  }
}

/// A malformed field selection: what was expected, and the 1-based column where it went wrong.
public struct FieldSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var column: Int
  public init(message: String, column: Int) {
    self.message = message
    self.column = column
  }
  public var description: String { "fields, column \(column): \(message)" }
}
