/// An argument a key's source text reads: what an element's `arguments` entry of the same number
/// fills (`LocalizedStrings.sourceArguments(key:)`).
public struct StringArgument: Sendable, Hashable {
    /// The argument's number, 1-based.
    public var index: Int
    /// The specifiers that read it, as written (`%lld`, `%1$@`), each once, in the order met.
    public var specifiers: [String]
    /// The kinds of argument they read, each once, in the order met.
    public var kinds: [FormatArgumentKind]
}
