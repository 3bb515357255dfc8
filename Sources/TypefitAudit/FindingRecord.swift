import Foundation
import TypefitCore
import TypefitSpec

/// A run's findings (``RecordStore``), and some of them (a problem's, a report's).
public typealias FindingStore = RecordStore<Finding>
public typealias FindingList = RecordList<Finding>

extension RecordStore where Record == Finding {
    /// Spill to a file beyond 250,000 findings (about 170 MB of them in memory; the benchmark
    /// corpus has 121,579, the shipped specs 47,644).
    public static var defaultMemoryLimit: Int { 250_000 }

    /// - Parameters:
    ///   - memoryLimit: findings kept in memory before they all go to a file (`Int.max`: never).
    ///   - directory: where the file is made (the system's temporary folder, `TMPDIR`).
    ///   - sharedStringBytes: the most text the records share (`RecordStrings`); more is written in place.
    convenience init(
        memoryLimit: Int = FindingStore.defaultMemoryLimit, directory: String = NSTemporaryDirectory(),
        sharedStringBytes: Int = RecordStrings.defaultMaximumBytes
    ) {
        self.init(codec: Finding.recordCodec, memoryLimit: memoryLimit, directory: directory, sharedStringBytes: sharedStringBytes)
    }

    /// The findings of `findings`, in memory.
    public convenience init(_ findings: [Finding]) {
        self.init(memoryLimit: .max)
        // Cannot fail: nothing is written to a file.
        try? append(contentsOf: findings)
    }

    /// The fingerprints of the findings at `range`, in order (from the file, the rest of each record
    /// unread).
    func fingerprints(in range: Range<Int>) -> [FingerprintValue] {
        if let kept = inMemory(range) { return kept.map(\.fingerprintValue) }
        var out: [FingerprintValue] = []
        out.reserveCapacity(range.count)
        read(range) { r in
            guard let f = r.recordFingerprint() else { return false }
            out.append(f)
            return true
        }
        return out
    }
}

extension RecordList where Record == Finding {
    /// The findings of an array, in a store of their own (in memory).
    public init(_ findings: [Finding]) {
        self.init(store: FindingStore(findings), ranges: [0..<findings.count])
    }

    /// Each finding's fingerprint, in order, without decoding the findings (the JSON report lists
    /// every problem's findings by fingerprint).
    public func forEachFingerprint(_ body: (FingerprintValue) -> Void) {
        for r in ranges {
            var start = r.lowerBound
            while start < r.upperBound {
                let end = Swift.min(r.upperBound, start + 4096)
                let batch = store.fingerprints(in: start..<end)
                batch.forEach(body)
                // A read error ends the list (`RecordStore.readError`).
                guard batch.count == end - start else { return }
                start = end
            }
        }
    }
}

extension RecordBytes.Reader {
    /// A record's fingerprint (the first thing in it).
    mutating func fingerprint() -> FingerprintValue? {
        switch byte() {
        case 0?:
            guard let a = word(), let b = word() else { return nil }
            return FingerprintValue(a, b)
        case 1?:
            // Never 32 hex digits (else it would be kept as integers): kept as text again.
            return string().map(FingerprintValue.init)
        default: return nil
        }
    }

    /// The next record's fingerprint, the rest of it skipped; nil at the end or on malformed bytes.
    mutating func recordFingerprint() -> FingerprintValue? {
        guard var body = record() else { return nil }
        return body.fingerprint()
    }
}

/// A finding as a record: every field of ``Finding``, its numbers and budget, read back equal
/// (`==`) to the finding written; its fingerprint first, so the fingerprints are read alone.
extension Finding {
    static let recordCodec = RecordCodec<Finding>(
        name: "findings",
        encode: { f, out, strings in RecordBytes.append(to: &out, strings: strings) { f.writeRecord(to: &$0) } },
        makeDecoder: {
            // The last place decoded, with its bytes: the findings of one screen state come together,
            // and share it (read once, not once per finding).
            var lastPlace: (bytes: [UInt8], scope: UInt8, place: Place)?
            return { r in
                guard var body = r.record() else { return nil }
                return Finding(record: &body, lastPlace: &lastPlace)
            }
        },
        unreadable: Finding(
            rule: .doesNotFit, severity: .error, spec: "", title: "", element: "", line: 0, column: 0, scope: .spec,
            message: "the finding could not be read back from its temporary file", fix: nil, numbers: .init()))

    private struct Flags: OptionSet {
        let rawValue: UInt8
        static let accepted = Flags(rawValue: 1 << 0)
        static let hasPreview = Flags(rawValue: 1 << 1)
        static let stateScope = Flags(rawValue: 1 << 2)
        static let localeScope = Flags(rawValue: 1 << 3)
        static let portrait = Flags(rawValue: 1 << 4)
        /// With `accepted`: by a waiver, not the baseline.
        static let waived = Flags(rawValue: 1 << 5)
    }

    fileprivate func writeRecord(to w: inout RecordBytes.Writer) {
        let s = storage
        // The fingerprint first: a reader after fingerprints alone skips the rest.
        if let text = s.fingerprint.text {
            w.byte(1)
            w.string(text)
        } else {
            w.byte(0)
            w.word(s.fingerprint.a)
            w.word(s.fingerprint.b)
        }
        var flags: Flags = []
        switch s.acceptance {
        case .baseline?: flags.insert(.accepted)
        case .waiver?: flags.formUnion([.accepted, .waived])
        case nil: break
        }
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
        Self.writeWording(s.wording, to: &w)
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
        w.optional(n.budget) { w, b in
            w.double(b.width)
            w.int(b.lines)
            w.double(b.share)
            w.double(b.averageAdvance)
            w.int(b.estimatedCharacters)
        }
    }

    /// Every form of an overflow's wording, numbered by its place here in a record.
    private static let overflowForms: [TextOverflow.Wording.Form] = [
        .height, .oneLine(.line), .oneLine(.typedText), .oneLine(.placeholder), .lines, .word
    ]

    /// The wording as the rule made it (`FindingWording`), not its words: a report words a finding
    /// read back from its numbers, exactly as it words one kept in memory. (Wording the message and
    /// fix of every finding a large run writes here was most of the cost of writing its records.)
    private static func writeWording(_ wording: FindingWording, to w: inout RecordBytes.Writer) {
        switch wording {
        case .text(let message, let fix):
            w.byte(0)
            w.string(message)
            w.string(fix)
        case .overflow(let o):
            w.byte(1)
            w.byte(UInt8(Self.overflowForms.firstIndex(of: o.form)!))
            w.string(o.language)
            w.double(o.autoshrinkScale)
            Self.writeBorderline(o.borderline, to: &w)
            w.optional(o.heightCut) { w, c in
                w.int(c.lines)
                w.byte(UInt8(Element.Kind.allCases.firstIndex(of: c.kind)!))
                w.double(c.fixedHeight)
                w.double(c.frameHeight)
                w.double(c.height)
                w.double(c.lineHeight)
                w.double(c.limit)
            }
            w.byte((o.noneShown ? 1 : 0) | (o.holdsSample ? 2 : 0) | (o.measuredWithMissingGlyphs ? 4 : 0))
            w.double(o.rowResistance)
        case .touchTarget(let width, let height, let sizing):
            w.byte(2)
            w.double(width)
            w.double(height)
            w.byte(sizing.rawValue)
        case .wordSplit(let s):
            w.byte(3)
            w.byte((s.barelyOver ? 1 : 0) | (s.measuredWithMissingGlyphs ? 2 : 0))
            w.string(s.sampleSpecifier)
            Self.writeBorderline(s.borderline, to: &w)
        case .doesNotFit(.content(let height, let available, let overTop, let overBottom, let overWidth, let belowBar)):
            w.byte(4)
            w.byte(belowBar ? 1 : 0)
            w.double(height)
            w.double(available)
            w.double(overTop)
            w.double(overBottom)
            w.double(overWidth)
        case .doesNotFit(.bar(let above)):
            w.byte(5)
            w.double(above)
        }
    }

    private static func writeBorderline(_ borderline: Borderline?, to w: inout RecordBytes.Writer) {
        w.optional(borderline) { w, b in
            w.double(b.bound)
            w.double(b.size)
            w.int(b.weight.rawValue)
        }
    }

    /// The borderline `writeBorderline` wrote (nil inside: none); nil when malformed.
    private static func borderline(_ r: inout RecordBytes.Reader) -> Borderline?? {
        r.optional { r -> Borderline? in
            guard let bound = r.double(), let size = r.double(), let weight = r.int() else { return nil }
            return Borderline(bound: bound, size: size, weight: FontWeight(rawValue: weight))
        }
    }

    /// The wording `writeWording` wrote; nil when malformed.
    private static func wording(_ r: inout RecordBytes.Reader) -> FindingWording? {
        switch r.byte() {
        case 0?:
            guard let message = r.string(), case let fix? = r.optional({ $0.string() }) else { return nil }
            return .text(message: message, fix: fix)
        case 1?:
            guard let formIndex = r.byte().map(Int.init), formIndex < Self.overflowForms.count else { return nil }
            let form = Self.overflowForms[formIndex]
            guard case let language? = r.optional({ $0.string() }), case let scale? = r.optional({ $0.double() }) else { return nil }
            guard case let borderline? = Self.borderline(&r) else { return nil }
            let readHeightCut = r.optional { r -> TextOverflow.HeightCut? in
                guard let lines = r.int(), let kind = r.byte().map(Int.init), kind < Element.Kind.allCases.count,
                    case let fixedHeight? = r.optional({ $0.double() }), let frameHeight = r.double(), let height = r.double(),
                    let lineHeight = r.double(), let limit = r.double()
                else { return nil }
                return TextOverflow.HeightCut(
                    lines: lines, kind: Element.Kind.allCases[kind], fixedHeight: fixedHeight, frameHeight: frameHeight, height: height,
                    lineHeight: lineHeight, limit: limit)
            }
            guard case let heightCut? = readHeightCut else { return nil }
            guard let flags = r.byte(), flags <= 7, case let rowResistance? = r.optional({ $0.double() }) else { return nil }
            var wording = TextOverflow.Wording(
                form: form, language: language, autoshrinkScale: scale, borderline: borderline, heightCut: heightCut)
            wording.noneShown = flags & 1 != 0
            wording.holdsSample = flags & 2 != 0
            wording.measuredWithMissingGlyphs = flags & 4 != 0
            wording.rowResistance = rowResistance
            return .overflow(wording)
        case 2?:
            guard let width = r.double(), let height = r.double(), let sizing = r.byte(),
                sizing & ~TouchTargetRule.Sizing.all.rawValue == 0
            else { return nil }
            return .touchTarget(width: width, height: height, sizing: TouchTargetRule.Sizing(rawValue: sizing))
        case 3?:
            guard let flags = r.byte(), flags <= 3, case let specifier? = r.optional({ $0.string() }),
                case let borderline? = Self.borderline(&r)
            else { return nil }
            return .wordSplit(
                WordSplitRule.Wording(
                    barelyOver: flags & 1 != 0, sampleSpecifier: specifier, borderline: borderline,
                    measuredWithMissingGlyphs: flags & 2 != 0))
        case 4?:
            guard let belowBar = r.byte(), belowBar <= 1, let height = r.double(), let available = r.double(),
                case let overTop? = r.optional({ $0.double() }), case let overBottom? = r.optional({ $0.double() }),
                case let overWidth? = r.optional({ $0.double() })
            else { return nil }
            return .doesNotFit(
                .content(
                    height: height, available: available, overTop: overTop, overBottom: overBottom, overWidth: overWidth,
                    belowBar: belowBar == 1))
        case 5?:
            guard let above = r.double() else { return nil }
            return .doesNotFit(.bar(above: above))
        default: return nil
        }
    }

    /// A record's place: spec, title, field being edited, scope.
    private static func place(_ r: inout RecordBytes.Reader, flags: Flags) -> Place? {
        guard let spec = r.string(), let title = r.string(), case let editing? = r.optional({ $0.string() }) else { return nil }
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
        return Place(spec: spec, title: title, editing: editing, scope: scope)
    }

    /// The finding a record holds (`Finding.recordCodec`), nil when malformed; `lastPlace` is the
    /// previous record's place, shared when the bytes are the same.
    fileprivate init?(
        record r: inout RecordBytes.Reader, lastPlace: inout (bytes: [UInt8], scope: UInt8, place: Place)?
    ) {
        guard let fingerprint = r.fingerprint(), let flagByte = r.byte(), let ruleIndex = r.byte().map(Int.init),
            ruleIndex < RuleID.allCases.count,
            let severityIndex = r.byte().map(Int.init), severityIndex < Severity.allCases.count,
            let line = r.int(), let column = r.int()
        else { return nil }
        let flags = Flags(rawValue: flagByte)
        let scopeBits = flagByte & (Flags.stateScope.rawValue | Flags.localeScope.rawValue | Flags.portrait.rawValue)
        let place: Place
        if let last = lastPlace, last.scope == scopeBits, last.bytes.count <= r.base.count - r.at,
            last.bytes.withUnsafeBytes({ $0.elementsEqual(UnsafeRawBufferPointer(rebasing: r.base[r.at..<(r.at + last.bytes.count)])) })
        {
            place = last.place
            r.at += last.bytes.count
        } else {
            let start = r.at
            guard let read = Self.place(&r, flags: flags) else { return nil }
            place = read
            lastPlace = (Array(r.base[start..<r.at]), scopeBits, read)
        }
        guard let element = r.string(), case let cause? = r.optional({ $0.string() }), let wording = Self.wording(&r) else { return nil }
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
        storage = Storage(
            rule: RuleID.allCases[ruleIndex], severity: Severity.allCases[severityIndex], place: place, line: line,
            column: column, element: element, cause: cause, wording: wording, fingerprint: fingerprint,
            numbers: n, hasPreview: flags.contains(.hasPreview))
        storage.acceptance = flags.contains(.accepted) ? (flags.contains(.waived) ? .waiver : .baseline) : nil
    }
}
