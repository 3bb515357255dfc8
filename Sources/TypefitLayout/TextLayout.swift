import TypefitCore
import TypefitShaping
import TypefitText

/// The result of laying out one text at one size and width: what UILabel would show.
public struct TextLayout: Sendable {
    public struct Line: Sendable, Equatable {
        /// A piece of a line: a UTF-16 range of the paragraph, or literal text such as "…".
        public enum Part: Sendable, Equatable {
            case range(Range<Int>)
            case literal(String)
        }
        /// The paragraph's text (shared, not copied); the pieces index it in UTF-16 offsets.
        @usableFromInline let source: String
        /// The line as at most three pieces in logical order — `head`, the `literal` ("…") and `tail` —
        /// stored inline: a line is built for every layout, and an array of parts would cost an
        /// allocation each time (most lines are one range).
        @usableFromInline let head: Range<Int>?
        @usableFromInline let literal: String?
        @usableFromInline let tail: Range<Int>?
        /// Width in points, trailing spaces excluded, ellipsis included.
        public var width: Double
        /// Whether the line has an ellipsis.
        public var ellipsis: Bool

        init(source: String, head: Range<Int>?, literal: String? = nil, tail: Range<Int>? = nil, width: Double, ellipsis: Bool) {
            self.source = source
            self.head = head
            self.literal = literal
            self.tail = tail
            self.width = width
            self.ellipsis = ellipsis
        }

        /// The pieces in logical order: UTF-16 ranges of the paragraph and literal text such as "…".
        public var parts: [Part] {
            var out: [Part] = []
            if let head { out.append(.range(head)) }
            if let literal { out.append(.literal(literal)) }
            if let tail { out.append(.range(tail)) }
            return out
        }

        /// Calls `body` with the line's pieces in logical order as UTF-8 bytes — the head's bytes in
        /// the source, the literal's, the tail's — and the source's whole byte count. Ranges fall on
        /// grapheme cluster boundaries, so each piece is whole scalars; the UTF-16 offsets are converted
        /// in one walk of the source's bytes (`String.UTF16View` walks a short non-ASCII string from
        /// its start for every index).
        @inlinable
        func withPieces<R>(
            _ body: (
                _ head: UnsafeBufferPointer<UInt8>, _ literal: UnsafeBufferPointer<UInt8>, _ tail: UnsafeBufferPointer<UInt8>,
                _ sourceCount: Int
            )
                -> R
        ) -> R {
            var source = self.source
            var literal = self.literal ?? ""
            return source.withUTF8 { bytes in
                literal.withUTF8 { l in
                    var walked = (utf8: 0, utf16: 0)
                    func bytesOf(_ r: Range<Int>?) -> UnsafeBufferPointer<UInt8> {
                        guard let r, !r.isEmpty else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
                        if r.lowerBound < walked.utf16 { walked = (0, 0) }
                        let lo = UTF8Offset.of(utf16: r.lowerBound, in: bytes, from: &walked)
                        let hi = UTF8Offset.of(utf16: r.upperBound, in: bytes, from: &walked)
                        return UnsafeBufferPointer(rebasing: bytes[lo..<hi])
                    }
                    let h = bytesOf(head)
                    return body(h, l, bytesOf(tail), bytes.count)
                }
            }
        }

        /// The text shown on this line, ellipsis included (built on demand: most layouts only need
        /// widths), its pieces copied from the source's UTF-8 bytes (`withPieces`) into one string of
        /// the exact length (appending piece by piece grew it once or twice). A line that is its whole
        /// paragraph is the paragraph's own string.
        public var text: String {
            withPieces { h, l, t, sourceCount in
                if h.count == sourceCount && t.isEmpty && l.isEmpty { return self.source }
                let count = h.count + l.count + t.count
                return String(unsafeUninitializedCapacity: count) { out in
                    var at = 0
                    func put(_ piece: UnsafeBufferPointer<UInt8>) {
                        guard let from = piece.baseAddress, !piece.isEmpty else { return }
                        UnsafeMutableRawPointer(out.baseAddress! + at).copyMemory(from: from, byteCount: piece.count)
                        at += piece.count
                    }
                    put(h)
                    put(l)
                    put(t)
                    return count
                }
            }
        }

        /// Writes the text shown on this line without the line separators it ends with (what
        /// `TextLayout.visibleText` joins), its pieces (`withPieces`) written as they are, without
        /// making a String.
        @inlinable
        func writeVisible<Out: TextOutput & ~Copyable>(to out: inout Out) {
            withPieces { head, literal, tail, _ in
                // The separators the line ends with are cut from the last piece that has any bytes
                // (and from the one before, once that one is empty).
                var h = head, m = literal, t = tail
                func cut(_ piece: inout UnsafeBufferPointer<UInt8>) -> Bool {
                    let n = TextLayout.trailingBreakLength(piece)
                    if n > 0 { piece = UnsafeBufferPointer(rebasing: piece[0..<(piece.count - n)]) }
                    return n > 0
                }
                while !t.isEmpty ? cut(&t) : !m.isEmpty ? cut(&m) : cut(&h) {}
                if !h.isEmpty { out.write(utf8: h) }
                if !m.isEmpty { out.write(utf8: m) }
                if !t.isEmpty { out.write(utf8: t) }
            }
        }

        /// Whether the line shows none of the paragraph's text: at most its ellipsis.
        public var showsNoText: Bool { (head?.isEmpty ?? true) && (tail?.isEmpty ?? true) }

        public static func == (a: Line, b: Line) -> Bool {
            a.text == b.text && a.width == b.width && a.ellipsis == b.ellipsis
        }
    }

    public var size: Double
    public var lineHeight: Double
    /// Single-line advance width (widest hard-broken paragraph line), trailing spaces excluded.
    public var naturalWidth: Double
    /// Lines needed at the width with no line limit.
    public var lineCount: Int
    /// Lines shown, after the line limit and truncation.
    public var lines: [Line]
    public var truncated: Bool
    /// Whether no shown line has any of the text: squeezed to an ellipsis, or to nothing.
    public var showsNoText: Bool { lines.allSatisfy(\.showsNoText) }
    /// Widest shown line.
    public var width: Double
    /// lines shown × line height.
    public var height: Double
    /// Height needed to show every line (lineCount × line height).
    public var fullHeight: Double
    /// The first word broken inside between two shown lines (word wrapping's emergency break, when
    /// the word alone is wider than the line); nil when every line ends at a break opportunity, and
    /// always for `byCharWrapping`, which breaks anywhere on purpose.
    public var wordSplit: WordSplit? = nil
    /// The text on screen, lines joined by "\n".
    public var visibleText: String { Self.visibleText(lines) }

    /// The text on screen of these shown lines, joined by "\n" (what a layout's `visibleText` is).
    public static func visibleText(_ lines: [Line]) -> String {
        // One line (most findings) needs no array and no join.
        if lines.count == 1 { return withoutTrailingBreaks(lines[0].text) }
        return lines.map { withoutTrailingBreaks($0.text) }.joined(separator: "\n")
    }

    /// Writes the text on screen of these shown lines, joined by "\n" (`visibleText(_:)`), straight
    /// to `out`: a report writes a finding's shown text without making it a String.
    @inlinable
    public static func writeVisibleText<Out: TextOutput & ~Copyable>(_ lines: [Line], to out: inout Out) {
        for (i, line) in lines.enumerated() {
            if i > 0 { out.write("\n") }
            line.writeVisible(to: &out)
        }
    }

    /// The UTF-8 length of the line separator (LF, CR, NEL, U+2028, U+2029) `bytes` end with, or 0.
    /// The bytes are whole scalars: 0xC2 and 0xE2 are lead bytes, never a continuation.
    @usableFromInline
    static func trailingBreakLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        guard n > 0 else { return 0 }
        let last = bytes[n - 1]
        if last == 0x0A || last == 0x0D { return 1 }
        if last == 0x85, n >= 2, bytes[n - 2] == 0xC2 { return 2 }
        if last == 0xA8 || last == 0xA9, n >= 3, bytes[n - 3] == 0xE2, bytes[n - 2] == 0x80 { return 3 }
        return 0
    }

    /// A line's text without the line separators it ends with (LF, CR, NEL, U+2028, U+2029).
    private static func withoutTrailingBreaks(_ text: String) -> String {
        // Each of them ends in one of these UTF-8 bytes; a line that does not is returned as it is.
        guard let last = text.utf8.last, [0x0A, 0x0D, 0x85, 0xA8, 0xA9].contains(last) else { return text }
        var t = text
        while let last = t.unicodeScalars.last, [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains(last.value) {
            t.unicodeScalars.removeLast()
        }
        return t
    }
}
