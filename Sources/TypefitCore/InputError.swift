/// A problem with something the user gave typefit: a spec, a strings file, a font, an argument.
///
/// Always reported as one line, `file:line:column: error: message (hint)`, and exit code 2. Control and
/// bidi characters from the input (in the file name, the message or the hint) are shown escaped
/// (`ControlCharacters`), so the line stays one line and nothing reaches the terminal raw.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    public var hint: String?
    /// For an error about one value of a list option (`--locales`, `--devices`), that value's index
    /// in the list: a list that came from `.typefit.yml` is reported at the value's line and column.
    public var entry: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, hint: String? = nil, entry: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
        self.entry = entry
    }

    public var description: String { located(severity: "error: ") }

    /// The error inside another one's line (a failed request of a JSONL batch, itself reported as
    /// `batch.jsonl:3: error: …`): `file:line:column: message (hint)`, without a second "error:".
    public var nestedDescription: String { located(severity: "") }

    private func located(severity: String) -> String {
        var where_ = ControlCharacters.escaped(file)
        if let line { where_ += ":\(line)"; if let column { where_ += ":\(column)" } }
        var text = "\(where_): \(severity)\(ControlCharacters.escaped(message))"
        if let hint { text += " (\(ControlCharacters.escaped(hint)))" }
        return text
    }
}

/// Process exit codes, documented in `typefit --help`.
public enum ExitStatus: Int32, Sendable {
    /// Nothing failing.
    case ok = 0
    /// The audit found failing findings.
    case findings = 1
    /// Invalid input or usage.
    case invalidInput = 2
}
