import TypefitCore

/// A JSON file parsed with the positions of its values, for readers in other modules (the
/// baseline): the bytes are decoded as String Catalogs are (UTF-8 or UTF-16, nothing replaced
/// silently) and every syntax error is an `InputError` with its line and column.
public struct JSONDocument: Sendable {
    /// The top-level value.
    public let root: JSONNode
    private let utf8: [UInt8]

    /// Decodes and parses `bytes`; `file` names the input in errors.
    public init(bytes: [UInt8], file: String) throws {
        let text = try TextFileDecoder.decode(bytes, file: file)
        root = try JSONParser.parse(text, file: file)
        utf8 = Array(text.utf8)
    }

    /// The 1-based line and column where `node` starts.
    public func position(of node: JSONNode) -> (line: Int, column: Int) {
        let p = TextPosition(utf8: utf8, offset: node.offset)
        return (p.line, p.column)
    }
}
