/// Words written into a JSON string being written to a `ByteBuffer`: each piece escaped as
/// `JSONStringText` escapes a whole string (escaping piece by piece gives the same bytes: the escape
/// of a character never depends on its neighbours).
public struct JSONStringOutput: ~Copyable, TextOutput {
    @usableFromInline var bytes: ByteBuffer

    @inlinable
    init(bytes: consuming ByteBuffer) { self.bytes = bytes }

    /// Writes `"`, what `body` writes, escaped, and `"` to `bytes`.
    @inlinable
    public static func write(into bytes: inout ByteBuffer, _ body: (inout JSONStringOutput) -> Void) {
        bytes.append(UInt8(ascii: "\""))
        var out = JSONStringOutput(bytes: bytes)
        body(&out)
        bytes = out.finish()
        bytes.append(UInt8(ascii: "\""))
    }

    @inlinable
    consuming func finish() -> ByteBuffer { bytes }

    @inlinable
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { JSONStringText.appendEscaped($0, to: &bytes) }
    }

    @inlinable
    public mutating func write(_ text: StaticString) {
        JSONStringText.appendEscaped(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: &bytes)
    }

    @inlinable
    public mutating func write(ascii bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(bytes) }

    @inlinable
    public mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { JSONStringText.appendEscaped(bytes, to: &self.bytes) }
}
