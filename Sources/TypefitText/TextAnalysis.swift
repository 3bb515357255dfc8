import TypefitCore

/// Everything typefit needs to know about a paragraph before choosing fonts: grapheme clusters,
/// their scripts, bidi levels, whitespace, and the UAX #14 line-break opportunities (ICU, with the
/// locale's tailoring and dictionaries for Thai, Lao, Khmer and Myanmar).
///
/// Offsets are UTF-16 code units, as in ICU and in HarfBuzz's clusters for UTF-16 input.
public struct TextAnalysis: Sendable {
    public struct Cluster: Sendable, Equatable {
        /// UTF-16 range of this grapheme cluster.
        public var start: Int
        public var end: Int
        /// Resolved script (Common and Inherited take their neighbour's script).
        public var script: ScriptTag
        /// Bidi embedding level.
        public var level: UInt8
        /// A space that hangs at the end of a line (Space_Separator except no-break spaces, and tab).
        public var isHangingSpace: Bool
        /// A line-break opportunity *after* this cluster.
        public var breakAfter: BreakKind
        /// A mandatory break character (LF, CR, LS, PS, NEL) or another control such as TAB:
        /// zero width and never shaped.
        public var isLineSeparator: Bool
        /// Whether the cluster's own script was Common or Inherited before resolution (spaces,
        /// punctuation, digits): font fallback keeps the previous font for these when it covers them.
        public var isNeutralScript: Bool
    }

    public enum BreakKind: Sendable, Equatable {
        case none, allowed, mandatory
    }

    public let text: String
    public let units: [UInt16]
    public let locale: String
    public let clusters: [Cluster]
    /// The paragraph direction (first strong character).
    public let isRightToLeft: Bool

    public init(text: String, locale: String, pool: BreakIteratorPool = .shared) throws {
        self.text = text
        self.locale = locale
        let units = UTF16Units.of(text)
        self.units = units
        let graphemes =
            units.allSatisfy({ $0 < 0x300 })
            ? Self.graphemesBelowCombiningMarks(units) : try pool.with(.character, locale: locale) { $0.boundaries(units) }
        let lineBreaks = try pool.with(.line, locale: locale) { $0.boundaries(units) }
        let (runs, rtl) = Bidi.runs(units)
        isRightToLeft = rtl

        // Break kind after each UTF-16 offset (an array: one per unit, no hashing).
        var breakAt = [BreakKind](filled: .none, count: units.count + 1)
        for b in lineBreaks where (b.offset < units.count || b.isHard) && b.offset >= 0 && b.offset <= units.count {
            breakAt[b.offset] = b.isHard ? .mandatory : .allowed
        }
        var clusters: [Cluster] = []
        clusters.reserveCapacity(graphemes.count)
        var start = 0
        var runIndex = 0
        for g in graphemes {
            let end = g.offset
            guard end > start else { continue }
            let scalar = Self.firstScalar(units, at: start)
            while runIndex < runs.count - 1 && runs[runIndex].end <= start { runIndex += 1 }
            let level = runs.isEmpty ? 0 : runs[runIndex].level
            let v = scalar.value
            let isSeparator = v == 0x0A || v == 0x0D || v == 0x0B || v == 0x0C || v == 0x85 || v == 0x2028 || v == 0x2029
            // Control (Cc) and space separator (Zs) from their short lists, not a property lookup
            // per cluster (`isControl(_:)`, `isSpaceSeparator(_:)`).
            let isControlScalar = Self.isControl(v)
            let hanging = v == 0x09 || (Self.isSpaceSeparator(v) && v != 0x00A0 && v != 0x2007 && v != 0x202F)
            // Script of the first non-neutral scalar in the cluster.
            var script = ScriptTag.common
            let isControl = isControlScalar
            var i = start
            while i < end {
                let s = Self.firstScalar(units, at: i)
                let tag = s.value < 0x80 ? Self.asciiScripts[Int(s.value)] : ScriptTag(of: s)
                if !tag.isNeutral { script = tag; break }
                if script == .common && tag == .inherited { script = .inherited }
                i += s.value > 0xFFFF ? 2 : 1
            }
            clusters.append(
                Cluster(
                    start: start, end: end, script: script, level: level,
                    isHangingSpace: hanging, breakAfter: breakAt[end],
                    isLineSeparator: isSeparator || isControl,
                    isNeutralScript: script.isNeutral))
            start = end
        }
        Self.resolveNeutralScripts(&clusters)
        self.clusters = clusters
    }

    /// The grapheme cluster boundaries of text whose every code unit is below U+0300 (ASCII, Latin-1
    /// and Latin Extended: most Latin-script translations): every scalar there is CR, LF, Control or
    /// Other for UAX #29 (the combining marks start at U+0300), so a cluster is one scalar except CR
    /// LF (GB3). What ICU's character iterator gives for such text (tested against it for every pair
    /// of these code units), without it.
    static func graphemesBelowCombiningMarks(_ units: [UInt16]) -> [BreakIterator.Boundary] {
        var out: [BreakIterator.Boundary] = []
        out.reserveCapacity(units.count)
        for i in units.indices where !(units[i] == 0x0D && i + 1 < units.count && units[i + 1] == 0x0A) {
            out.append(.init(offset: i + 1, isHard: false))
        }
        return out
    }

    /// Whether a scalar's general category is Control (Cc): U+0000–U+001F and U+007F–U+009F, a set
    /// Unicode's stability policy keeps closed. (Tested against the standard library's property for
    /// every scalar.)
    @inline(__always)
    static func isControl(_ v: UInt32) -> Bool { v < 0x20 || (v >= 0x7F && v <= 0x9F) }

    /// Whether a scalar's general category is Space_Separator (Zs): the 17 of Unicode 15 and 16.
    /// (Tested against the standard library's property for every scalar: a Unicode version that
    /// adds one fails that test.)
    @inline(__always)
    static func isSpaceSeparator(_ v: UInt32) -> Bool {
        if v < 0x1680 { return v == 0x20 || v == 0xA0 }
        return v == 0x1680 || (v >= 0x2000 && v <= 0x200A) || v == 0x202F || v == 0x205F || v == 0x3000
    }

    /// ICU's script of each ASCII character, looked up once.
    static let asciiScripts: [ScriptTag] = (0..<128).map { ScriptTag(of: Unicode.Scalar(UInt8($0))) }

    /// The scalar starting at a UTF-16 offset (U+FFFD for a lone surrogate). Inlinable: the analysis
    /// and the font choice ask for every cluster of every text, and a call across modules cost more
    /// than the lookup.
    @inlinable
    public static func firstScalar(_ units: [UInt16], at index: Int) -> Unicode.Scalar {
        let u = units[index]
        if UTF16.isLeadSurrogate(u), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
            // A lead surrogate followed by a trail one always decodes to a scalar.
            return UTF16.decode(UTF16.EncodedScalar([u, units[index + 1]]))
        }
        return Unicode.Scalar(u) ?? "\u{FFFD}"
    }

    /// Neutral clusters take the script of the previous non-neutral cluster, leading ones the next
    /// (libraqm's resolution, simplified: paired brackets are not tracked).
    static func resolveNeutralScripts(_ clusters: inout [Cluster]) {
        var last: ScriptTag?
        for i in clusters.indices {
            if clusters[i].script.isNeutral {
                if let last { clusters[i].script = last }
            } else {
                last = clusters[i].script
            }
        }
        var next: ScriptTag?
        for i in clusters.indices.reversed() {
            if clusters[i].script.isNeutral {
                if let next { clusters[i].script = next }
            } else {
                next = clusters[i].script
            }
        }
    }

    /// The substring for a UTF-16 range whose ends are scalar boundaries (cluster offsets are). Its
    /// UTF-8 bytes are copied from the text's, the offsets found in one walk from the start
    /// (`UTF8Offset`): decoding the UTF-16 units again (`String(decoding:as:)` has no fast path for
    /// UTF-16) cost about 9,000 instructions per word a finding quotes.
    public func substring(_ start: Int, _ end: Int) -> String {
        guard start < end else { return "" }
        var text = self.text
        return text.withUTF8 { bytes in
            var walked = (utf8: 0, utf16: 0)
            let lo = UTF8Offset.of(utf16: start, in: bytes, from: &walked)
            let hi = UTF8Offset.of(utf16: end, in: bytes, from: &walked)
            return String(unsafeUninitializedCapacity: hi - lo) { out in
                guard hi > lo, let from = bytes.baseAddress, let to = out.baseAddress else { return 0 }
                UnsafeMutableRawPointer(to).copyMemory(from: from + lo, byteCount: hi - lo)
                return hi - lo
            }
        }
    }
}
