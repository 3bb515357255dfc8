/// Where words are written a piece at a time: a `String`, or the JSON report's bytes inside a JSON
/// string (`JSONStringOutput`). A finding's message and fix are worded through one (`FindingWording`),
/// so the JSON report writes 100,000+ messages without building a String for each, and the words are
/// the same bytes whichever output they go to.
public protocol TextOutput: ~Copyable {
    /// Text as it is.
    mutating func write(_ text: String)
    /// Fixed text.
    mutating func write(_ text: StaticString)
    /// Printable ASCII bytes (digits, signs, a decimal point): nothing in them needs escaping anywhere.
    mutating func write(ascii bytes: UnsafeBufferPointer<UInt8>)
    /// Text as UTF-8 bytes: whole scalars of valid UTF-8 (a piece of a String's bytes cut at scalar
    /// boundaries), escaped as any text is.
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}

extension TextOutput where Self: ~Copyable {
    /// `String(v)`.
    @inlinable
    public mutating func write(_ v: Int) {
        writeASCII(atMost: 20) { NumberText.append(v, to: &$0) }
    }

    /// A point value as messages print it (`PointText`): "40", "27.5", "-3".
    @inlinable
    public mutating func write(points v: Double) {
        writeASCII(atMost: 24) { PointText.append(v, to: &$0) }
    }

    /// The at most `capacity` ASCII bytes `body` writes (a number's digits), through a buffer on the stack.
    @inlinable
    mutating func writeASCII(atMost capacity: Int, _ body: (inout ASCIIDigits) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var digits = ASCIIDigits(buffer)
            body(&digits)
            write(ascii: UnsafeBufferPointer(rebasing: buffer[0..<digits.count]))
        }
    }
}

/// A few ASCII bytes written into a buffer the caller sized (a number's digits).
@usableFromInline
struct ASCIIDigits: ByteSink {
    @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
    @usableFromInline var count = 0

    @inlinable
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    @inlinable
    mutating func append(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    @inlinable
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        for b in bytes { append(b) }
    }
}

extension String: TextOutput {
    @inlinable
    public mutating func write(_ text: String) { append(text) }

    @inlinable
    public mutating func write(_ text: StaticString) {
        append(String(decoding: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), as: UTF8.self))
    }

    @inlinable
    public mutating func write(ascii bytes: UnsafeBufferPointer<UInt8>) { append(String(decoding: bytes, as: UTF8.self)) }

    @inlinable
    public mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { append(String(decoding: bytes, as: UTF8.self)) }
}
