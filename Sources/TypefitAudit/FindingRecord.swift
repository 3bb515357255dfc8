import Foundation
import TypefitCore
import TypefitSpec

/// A finding as a compact, self-contained run of bytes (a ``FindingStore`` keeps findings this way,
/// in memory or spilled to a file): every field of ``Finding``, its numbers and budget, read back
/// equal (`==`) to the finding written. Integers are LEB128 varints (zigzag for signed ones), doubles
/// their 8 bytes, strings their length then UTF-8; each record starts with its own length (4 bytes),
/// so a reader can skip it unread.
enum FindingRecord {
    // MARK: Writing

    /// Appends `f`'s record to `out`: its length (4 bytes), then its fields, written in place.
    static func append(_ f: Finding, to out: inout [UInt8]) {
        var w = Writer()
        swap(&w.bytes, &out)
        let start = w.bytes.count
        w.bytes.append(contentsOf: [0, 0, 0, 0] as [UInt8])
        f.writeRecord(to: &w)
        let length = UInt32(w.bytes.count - start - 4)
        for i in 0..<4 { w.bytes[start + i] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(i))) }
        swap(&w.bytes, &out)
    }

    struct Writer {
        var bytes: [UInt8] = []

        static func appendUnsigned(_ v: UInt64, to out: inout [UInt8]) {
            var v = v
            while v >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: v) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }

        mutating func unsigned(_ v: UInt64) { Self.appendUnsigned(v, to: &bytes) }
        mutating func int(_ v: Int) { unsigned(UInt64(bitPattern: Int64((v << 1) ^ (v >> 63)))) }
        mutating func byte(_ v: UInt8) { bytes.append(v) }
        mutating func double(_ v: Double) {
            let bits = v.bitPattern
            for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i)))) }
        }
        mutating func string(_ s: String) {
            var s = s
            s.withUTF8 { u in
                unsigned(UInt64(u.count))
                bytes.append(contentsOf: u)
            }
        }
        /// A presence byte, then the string when present.
        mutating func string(_ s: String?) {
            guard let s else { return byte(0) }
            byte(1)
            string(s)
        }
        mutating func strings(_ a: [String]?) {
            guard let a else { return byte(0) }
            byte(1)
            unsigned(UInt64(a.count))
            for s in a { string(s) }
        }
        mutating func double(_ v: Double?) {
            guard let v else { return byte(0) }
            byte(1)
            double(v)
        }
        mutating func int(_ v: Int?) {
            guard let v else { return byte(0) }
            byte(1)
            int(v)
        }
    }

    // MARK: Reading

    /// Reads records from bytes written by `append`; a malformed record (never written by this
    /// type) reads as a trap-free failure: `nil`.
    struct Reader {
        let base: UnsafeRawBufferPointer
        var at: Int

        init(_ base: UnsafeRawBufferPointer, at: Int = 0) {
            self.base = base
            self.at = at
        }

        var isAtEnd: Bool { at >= base.count }

        mutating func unsigned() -> UInt64? {
            var v: UInt64 = 0
            var shift: UInt64 = 0
            while at < base.count, shift < 64 {
                let b = base[at]
                at += 1
                v |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return v }
                shift += 7
            }
            return nil
        }
        mutating func int() -> Int? {
            guard let u = unsigned() else { return nil }
            let v = Int64(bitPattern: u)
            return Int((v >> 1) ^ -(v & 1))
        }
        mutating func byte() -> UInt8? {
            guard at < base.count else { return nil }
            defer { at += 1 }
            return base[at]
        }
        mutating func double() -> Double? {
            guard at + 8 <= base.count else { return nil }
            var bits: UInt64 = 0
            for i in 0..<8 { bits |= UInt64(base[at + i]) << (8 * UInt64(i)) }
            at += 8
            return Double(bitPattern: bits)
        }
        mutating func string() -> String? {
            guard let n = unsigned().map(Int.init), n <= base.count - at else { return nil }
            defer { at += n }
            return String(decoding: UnsafeRawBufferPointer(rebasing: base[at..<at + n]), as: UTF8.self)
        }
        /// A record's length.
        mutating func length() -> Int? {
            guard at + 4 <= base.count else { return nil }
            var v = 0
            for i in 0..<4 { v |= Int(base[at + i]) << (8 * i) }
            at += 4
            return v <= base.count - at ? v : nil
        }

        /// An optional value: its presence byte, then the value. `.some(nil)` is an absent value,
        /// `nil` a malformed one.
        mutating func optional<T>(_ read: (inout Reader) -> T?) -> T?? {
            switch byte() {
            case 0?: return .some(nil)
            case 1?: return read(&self).map { .some($0) } ?? nil
            default: return nil
            }
        }
        mutating func strings() -> [String]? {
            guard let n = unsigned(), n <= UInt64(base.count - at) else { return nil }
            var out: [String] = []
            out.reserveCapacity(Int(n))
            for _ in 0..<n {
                guard let s = string() else { return nil }
                out.append(s)
            }
            return out
        }

        /// The next record's finding, or nil at the end or on malformed bytes.
        mutating func finding() -> Finding? {
            guard let length = length() else { return nil }
            var body = Reader(UnsafeRawBufferPointer(rebasing: base[at..<at + length]))
            at += length
            return Finding(record: &body)
        }

        /// A record's fingerprint (the first thing in it).
        mutating func fingerprint() -> FingerprintValue? {
            switch byte() {
            case 0?:
                guard let a = double(), let b = double() else { return nil }
                return FingerprintValue(a.bitPattern, b.bitPattern)
            case 1?:
                guard let text = string() else { return nil }
                var v = FingerprintValue(0, 0)
                v.text = text
                return v
            default: return nil
            }
        }

        /// The next record's fingerprint, the rest of it skipped; nil at the end or on malformed bytes.
        mutating func recordFingerprint() -> FingerprintValue? {
            guard let length = length() else { return nil }
            var body = Reader(UnsafeRawBufferPointer(rebasing: base[at..<at + length]))
            at += length
            return body.fingerprint()
        }

        /// Skips the next record; false at the end or on malformed bytes.
        mutating func skip() -> Bool {
            guard let length = length() else { return false }
            at += length
            return true
        }
    }
}

extension Finding {
    private struct Flags: OptionSet {
        let rawValue: UInt8
        static let accepted = Flags(rawValue: 1 << 0)
        static let hasPreview = Flags(rawValue: 1 << 1)
        static let stateScope = Flags(rawValue: 1 << 2)
        static let localeScope = Flags(rawValue: 1 << 3)
        static let portrait = Flags(rawValue: 1 << 4)
    }

    fileprivate func writeRecord(to w: inout FindingRecord.Writer) {
        let s = storage
        // The fingerprint first: a reader after fingerprints alone skips the rest.
        if let text = s.fingerprint.text {
            w.byte(1)
            w.string(text)
        } else {
            w.byte(0)
            w.double(Double(bitPattern: s.fingerprint.a))
            w.double(Double(bitPattern: s.fingerprint.b))
        }
        var flags: Flags = []
        if s.accepted { flags.insert(.accepted) }
        if s.hasPreview { flags.insert(.hasPreview) }
        switch s.place.scope {
        case .state(let state):
            flags.insert(.stateScope)
            if state.orientation == .portrait { flags.insert(.portrait) }
        case .locale: flags.insert(.localeScope)
        case .spec: break
        }
        w.byte(flags.rawValue)
        w.byte(UInt8(RuleID.allCases.firstIndex(of: s.rule)!))
        w.byte(UInt8(Severity.allCases.firstIndex(of: s.severity)!))
        w.int(s.line)
        w.int(s.column)
        w.string(s.place.spec)
        w.string(s.place.title)
        w.string(s.place.editing)
        switch s.place.scope {
        case .state(let state):
            w.string(state.device)
            w.string(state.locale)
            w.byte(UInt8(state.category.rawValue))
            w.string(state.focused)
        case .locale(let l): w.string(l)
        case .spec: break
        }
        w.string(s.element)
        w.string(s.cause)
        w.string(s.message)
        w.string(s.fix)
        let n = s.numbers
        w.double(n.widthNeeded)
        w.double(n.widthAvailable)
        w.int(n.linesNeeded)
        w.int(n.linesAllowed)
        w.double(n.heightNeeded)
        w.double(n.heightAvailable)
        w.double(n.overflow)
        w.double(n.fontSize)
        w.string(n.text)
        w.string(n.shown)
        w.strings(n.fonts)
        w.strings(n.missingCharacters)
        w.double(n.scale)
        w.string(n.variant)
        w.string(n.fallback)
        w.double(n.lineHeight)
        w.string(n.word)
        w.strings(n.wordParts)
        w.byte(n.borderline.map { $0 ? 2 : 1 } ?? 0)
        if let b = n.budget {
            w.byte(1)
            w.double(b.width)
            w.int(b.lines)
            w.double(b.share)
            w.double(b.averageAdvance)
            w.int(b.estimatedCharacters)
        } else {
            w.byte(0)
        }
    }

    /// The finding a record holds (`FindingRecord.Reader.finding()`), nil when malformed.
    fileprivate init?(record r: inout FindingRecord.Reader) {
        guard let fingerprint = r.fingerprint(), let flagByte = r.byte(), let ruleIndex = r.byte().map(Int.init), ruleIndex < RuleID.allCases.count,
            let severityIndex = r.byte().map(Int.init), severityIndex < Severity.allCases.count,
            let line = r.int(), let column = r.int(), let spec = r.string(), let title = r.string(),
            case let editing? = r.optional({ $0.string() })
        else { return nil }
        let flags = Flags(rawValue: flagByte)
        let scope: Scope
        if flags.contains(.stateScope) {
            guard let device = r.string(), let locale = r.string(), let c = r.byte().map(Int.init),
                let category = ContentSizeCategory(rawValue: c), case let focused? = r.optional({ $0.string() })
            else { return nil }
            scope = .state(
                State(
                    device: device, orientation: flags.contains(.portrait) ? .portrait : .landscape, locale: locale,
                    category: category, focused: focused))
        } else if flags.contains(.localeScope) {
            guard let l = r.string() else { return nil }
            scope = .locale(l)
        } else {
            scope = .spec
        }
        guard let element = r.string(), case let cause? = r.optional({ $0.string() }), let message = r.string(),
            case let fix? = r.optional({ $0.string() })
        else { return nil }
        var n = Numbers()
        guard case let widthNeeded? = r.optional({ $0.double() }), case let widthAvailable? = r.optional({ $0.double() }),
            case let linesNeeded? = r.optional({ $0.int() }), case let linesAllowed? = r.optional({ $0.int() }),
            case let heightNeeded? = r.optional({ $0.double() }), case let heightAvailable? = r.optional({ $0.double() }),
            case let overflow? = r.optional({ $0.double() }), case let fontSize? = r.optional({ $0.double() }),
            case let text? = r.optional({ $0.string() }), case let shown? = r.optional({ $0.string() }),
            case let fonts? = r.optional({ $0.strings() }), case let missing? = r.optional({ $0.strings() }),
            case let scale? = r.optional({ $0.double() }), case let variant? = r.optional({ $0.string() }),
            case let fallback? = r.optional({ $0.string() }), case let lineHeight? = r.optional({ $0.double() }),
            case let word? = r.optional({ $0.string() }), case let wordParts? = r.optional({ $0.strings() }),
            let borderline = r.byte(), borderline <= 2, let hasBudget = r.byte()
        else { return nil }
        n.widthNeeded = widthNeeded
        n.widthAvailable = widthAvailable
        n.linesNeeded = linesNeeded
        n.linesAllowed = linesAllowed
        n.heightNeeded = heightNeeded
        n.heightAvailable = heightAvailable
        n.overflow = overflow
        n.fontSize = fontSize
        n.text = text
        n.shown = shown
        n.fonts = fonts
        n.missingCharacters = missing
        n.scale = scale
        n.variant = variant
        n.fallback = fallback
        n.lineHeight = lineHeight
        n.word = word
        n.wordParts = wordParts
        n.borderline = borderline == 0 ? nil : borderline == 2
        if hasBudget == 1 {
            guard let width = r.double(), let lines = r.int(), let share = r.double(), let average = r.double(),
                let estimated = r.int()
            else { return nil }
            n.budget = FindingBudget(width: width, lines: lines, share: share, averageAdvance: average, estimatedCharacters: estimated)
        }
        let place = Place(spec: spec, title: title, editing: editing, scope: scope)
        storage = Storage(
            rule: RuleID.allCases[ruleIndex], severity: Severity.allCases[severityIndex], place: place, line: line,
            column: column, element: element, cause: cause, message: message, fix: fix, fingerprint: fingerprint,
            numbers: n, hasPreview: flags.contains(.hasPreview))
        storage.accepted = flags.contains(.accepted)
    }
}
