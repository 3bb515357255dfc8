import TypefitAudit
import TypefitCore

/// Writes the JSON report straight into a byte buffer, in exactly the form `JSONEncoder` with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` gives for `AuditReport` (the tests compare
/// the two on real audits): two-space indentation, `"key" : value`, keys in ordinal order, empty
/// collections as `[\n\n]`, absent optionals omitted, numbers as Swift prints them without a
/// trailing `.0`.
///
/// Why not `JSONEncoder`: a large audit has 100,000+ findings, and the encoder's intermediate tree
/// took longer than the audit (3.7 s for a 128 MB report on 2 cores) and held the report twice in
/// memory. This writer is one pass with no intermediate values, and its output does not depend on
/// the platform's Foundation.
struct JSONReportWriter: ~Copyable {
    private(set) var bytes: ByteBuffer
    private var depth = 0
    /// Whether each open collection has an element yet: bit `d` for the collection at depth `d + 1`
    /// (the report nests five deep).
    private var hasElement: UInt64 = 0
    /// Where full pieces go when streaming (nil: the whole report stays in `bytes`), and the first
    /// error it threw (the rest of the report is then dropped).
    private let sink: ((UnsafeRawBufferPointer) throws -> Void)?
    private var failure: Error?
    /// The size of a streamed piece.
    static let pieceSize = 1 << 20

    init(capacity: Int) {
        sink = nil
        bytes = ByteBuffer(capacity: capacity)
    }

    private init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
        bytes = ByteBuffer(capacity: Self.pieceSize + 64 * 1024)
    }

    /// Hands the bytes written so far to the sink once they fill a piece (`force`: whatever there is).
    mutating func flush(force: Bool = false) {
        guard let sink, !bytes.isEmpty, force || bytes.count >= Self.pieceSize else { return }
        if failure == nil {
            do { try bytes.withUnsafeBytes(sink) } catch { failure = error }
        }
        bytes.removeAll()
    }

    // MARK: Structure

    /// A newline and the indentation of `depth` (two spaces a level).
    private mutating func newline() {
        bytes.append(0x0A)
        bytes.append(repeating: 0x20, count: 2 * depth)
    }

    /// Separator and indentation before an element or key of the current collection.
    private mutating func beginElement() {
        if depth > 0 {
            let bit: UInt64 = 1 << UInt64(depth - 1)
            if hasElement & bit != 0 { bytes.append(0x2C) }
            hasElement |= bit
            newline()
        }
    }

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        precondition(depth < 64, "the JSON report nests at most 64 deep")
        hasElement &= ~(1 << UInt64(depth))
        depth += 1
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        let had = hasElement & (1 << UInt64(depth)) != 0
        if !had { bytes.append(0x0A) }  // an empty collection is "[\n\n]" at the closing indentation
        newline()
        bytes.append(bracket)
    }

    mutating func object(_ body: (inout JSONReportWriter) -> Void) {
        open(0x7B)
        body(&self)
        close(0x7D)
    }

    mutating func array(_ body: (inout JSONReportWriter) -> Void) {
        open(0x5B)
        body(&self)
        close(0x5D)
    }

    /// `"key" : ` inside an object; the caller writes the value next.
    mutating func key(_ k: StaticString) {
        beginElement()
        bytes.append(0x22)
        bytes.append(k)
        bytes.append("\" : ")
        afterKey = true
    }

    // MARK: Values (in an array, each starts a new element; after `key`, it follows on the line)

    /// A value right after `key` continues the key's line; anywhere else it starts a new element.
    private var afterKey = false

    private mutating func valueStart() {
        if afterKey { afterKey = false } else { beginElement() }
    }

    mutating func field(_ k: StaticString, _ v: String) { key(k); string(v) }
    /// A finding's fingerprint as a value (an array element, or a field's after `key`).
    mutating func fingerprintElement(_ f: Finding) {
        valueStart()
        bytes.append(0x22)
        f.appendFingerprint(to: &bytes)
        bytes.append(0x22)
    }
    /// A fingerprint as a string element.
    mutating func fingerprintElement(_ v: FingerprintValue) {
        valueStart()
        bytes.append(0x22)
        v.append(to: &bytes)
        bytes.append(0x22)
    }
    /// A finding's fingerprint (32 hex digits, nothing to escape) after `key`.
    mutating func fingerprintField(_ k: StaticString, _ f: Finding) {
        key(k)
        fingerprintElement(f)
    }
    mutating func field(_ k: StaticString, _ v: String?) { if let v { field(k, v) } }
    /// A string field whose words `body` writes (a finding's message and fix: `TextOutput`).
    mutating func wordedField(_ k: StaticString, _ body: (inout JSONStringOutput) -> Void) {
        key(k)
        valueStart()
        JSONStringOutput.write(into: &bytes, body)
    }
    mutating func field(_ k: StaticString, _ v: Int) { key(k); int(v) }
    mutating func field(_ k: StaticString, _ v: Int?) { if let v { field(k, v) } }
    mutating func field(_ k: StaticString, _ v: Double) { key(k); double(v) }
    mutating func field(_ k: StaticString, _ v: Double?) { if let v { field(k, v) } }
    mutating func field(_ k: StaticString, _ v: Bool) { key(k); bool(v) }
    mutating func field(_ k: StaticString, _ v: Bool?) { if let v { field(k, v) } }
    mutating func field(_ k: StaticString, _ v: [String]?) {
        guard let v else { return }
        key(k)
        stringArray(v)
    }
    mutating func field(_ k: StaticString, _ v: [Double]?) {
        guard let v else { return }
        key(k)
        valueStart()
        array { w in for x in v { w.double(x) } }
    }
    mutating func objectField(_ k: StaticString, _ body: (inout JSONReportWriter) -> Void) {
        key(k)
        valueStart()
        object(body)
    }
    mutating func arrayField(_ k: StaticString, _ body: (inout JSONReportWriter) -> Void) {
        key(k)
        valueStart()
        array(body)
    }

    mutating func stringArray(_ v: [String]) {
        valueStart()
        array { w in for s in v { w.string(s) } }
    }

    /// An object in an array (a finding, a problem, an element summary): when streaming, a full
    /// piece goes to the sink after it.
    mutating func arrayElementObject(_ body: (inout JSONReportWriter) -> Void) {
        valueStart()
        object(body)
        flush()
    }

    /// A JSON string: the UTF-8 bytes copied in runs, with only `"`, `\\` and control characters escaped
    /// (`JSONStringText`, as `JSONEncoder` escapes them).
    mutating func string(_ s: String) {
        valueStart()
        JSONStringText.append(s, to: &bytes)
    }

    mutating func int(_ v: Int) {
        valueStart()
        NumberText.append(v, to: &bytes)
    }

    mutating func bool(_ v: Bool) {
        valueStart()
        bytes.append(v ? "true" : "false")
    }

    /// Swift's shortest round-trip form, without a trailing ".0" (40 → 40, 27.5, 1e-07, 1e+16).
    mutating func double(_ v: Double) {
        valueStart()
        NumberText.append(v, to: &bytes)
    }
}

extension JSONReportWriter {
    /// The whole report, with a final newline.
    static func write(_ r: AuditReport) -> String {
        var w = JSONReportWriter(capacity: 1024 + r.findingList.count * 1100 + r.elementList.count * 400)
        w.report(r)
        return w.bytes.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The same bytes, handed to `sink` a piece at a time as they are written.
    static func write(_ r: AuditReport, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in
            var w = JSONReportWriter(sink: sink)
            w.report(r)
            w.flush(force: true)
            if let failure = w.failure { throw failure }
        }
    }

    private mutating func report(_ r: AuditReport) {
        object { w in
            w.field("$schema", r.schema)
            if let b = r.baseline {
                w.objectField("baseline") { w in
                    w.field("accepted", b.accepted)
                    w.field("entries", b.entries)
                    w.field("file", b.file)
                    w.arrayField("stale") { w in
                        for e in b.stale {
                            w.arrayElementObject { w in
                                w.field("element", e.element)
                                w.field("from", e.from)
                                w.field("line", e.line)
                                w.field("matched", e.matched)
                                w.field("nowFailsFrom", e.nowFailsFrom)
                                w.field("rule", e.rule.rawValue)
                                w.field("screen", e.screen)
                                w.field("spec", e.spec)
                                w.field("unmatchedDevices", e.unmatchedDevices)
                                w.field("unmatchedEditing", e.unmatchedEditing)
                                w.field("unmatchedLocales", e.unmatchedLocales)
                                w.field("unmatchedOrientations", e.unmatchedOrientations)
                            }
                        }
                    }
                }
            }
            w.arrayField("elements") { w in
                for e in r.elementList {
                    w.arrayElementObject { w in
                        w.field("buttonHeights", e.buttonHeights)
                        w.field("categories", e.categories.map(\.rawValue))
                        w.field("element", e.element)
                        w.field("fallbackFrom", e.fallbackFrom?.name)
                        w.field("firstFailingCategory", e.firstFailingCategory?.name)
                        w.field("largestFittingCategory", e.largestFittingCategory?.name)
                        w.field("locale", e.locale)
                        w.field("screen", e.screen)
                        w.field("spec", e.spec)
                    }
                }
            }
            w.field("filesRead", r.filesRead)
            w.arrayField("findings") { w in
                for f in r.findingList {
                    w.arrayElementObject { w in
                        // The scope once (each of category, device, locale… copies it).
                        let scope = f.scope
                        let state = scope.state
                        if f.accepted { w.field("accepted", true) }
                        w.field("category", state?.category.name)
                        w.field("column", f.column)
                        w.field("device", state?.device)
                        w.field("element", f.element)
                        w.fingerprintField("fingerprint", f)
                        if f.hasFix { w.wordedField("fix") { f.writeFix(to: &$0) } }
                        w.field("line", f.line)
                        w.field("locale", scope.locale)
                        w.wordedField("message") { f.writeMessage(to: &$0) }
                        w.objectField("numbers") { w in
                            let n = f.numbers
                            w.field("borderline", n.borderline)
                            if let b = n.budget {
                                w.objectField("budget") { w in
                                    w.field("averageAdvance", b.averageAdvance)
                                    w.field("estimatedCharacters", b.estimatedCharacters)
                                    w.field("lines", b.lines)
                                    w.field("share", b.share)
                                    w.field("width", b.width)
                                }
                            }
                            w.field("fallback", n.fallback)
                            w.field("fontSize", n.fontSize)
                            w.field("fonts", n.fonts)
                            w.field("heightAvailable", n.heightAvailable)
                            w.field("heightNeeded", n.heightNeeded)
                            w.field("lineHeight", n.lineHeight)
                            w.field("linesAllowed", n.linesAllowed)
                            w.field("linesNeeded", n.linesNeeded)
                            w.field("missingCharacters", n.missingCharacters)
                            w.field("overflow", n.overflow)
                            w.field("scale", n.scale)
                            if n.hasShown { w.wordedField("shown") { n.writeShown(to: &$0) } }
                            w.field("text", n.text)
                            w.field("variant", n.variant)
                            w.field("widthAvailable", n.widthAvailable)
                            w.field("widthNeeded", n.widthNeeded)
                            w.field("word", n.word)
                            w.field("wordParts", n.wordParts)
                        }
                        w.field("orientation", state?.orientation.rawValue)
                        w.field("rule", f.rule.rawValue)
                        w.field("screen", f.screen)
                        w.field("severity", f.severity.rawValue)
                        w.field("spec", f.spec)
                        if f.acceptance == .waiver { w.field("waived", true) }
                    }
                }
            }
            w.arrayField("fonts") { w in
                for font in r.fonts {
                    w.arrayElementObject { w in
                        w.field("file", font.file)
                        w.field("sha256", font.sha256)
                    }
                }
            }
            if let left = r.leftOut {
                w.objectField("leftOut") { w in
                    w.field("categories", left.categories.map(\.name))
                    w.field("devices", left.devices)
                    w.arrayField("rules") { w in
                        for r in left.rules {
                            w.arrayElementObject { w in
                                w.field("rule", r.rule.rawValue)
                                w.field("screens", r.screens)
                            }
                        }
                    }
                    if !left.specCategories.isEmpty {
                        w.arrayField("specCategories") { w in
                            for s in left.specCategories {
                                w.arrayElementObject { w in
                                    w.field("categories", s.categories.map(\.name))
                                    w.field("screens", s.screens)
                                }
                            }
                        }
                    }
                }
            }
            w.arrayField("locales") { w in
                for l in r.locales {
                    w.arrayElementObject { w in
                        w.field("auditedAs", l.auditedAs)
                        w.field("fallbacks", l.fallbacks)
                        w.field("leftOut", l.leftOut?.rawValue)
                        w.field("localization", l.localization)
                        w.field("requested", l.requested)
                        w.field("strings", l.strings)
                    }
                }
            }
            w.arrayField("problems") { w in
                for p in r.problems {
                    w.arrayElementObject { w in
                        if p.acceptedCount > 0 { w.field("acceptedFindings", p.acceptedCount) }
                        w.field("categories", p.categories.map(\.name))
                        w.field("cause", p.cause)
                        w.field("column", p.column)
                        w.field("devices", p.devices)
                        w.field("element", p.element)
                        w.field("failsAtDefaultSize", p.failsAtDefaultSize)
                        w.field("failsInSourceLanguage", p.failsInSourceLanguage)
                        w.arrayField("findings") { w in p.findings.forEachFingerprint { w.fingerprintElement($0) } }
                        w.arrayField("firstFailing") { w in
                            for entry in p.firstCategories {
                                w.arrayElementObject { w in
                                    w.field("category", entry.category.name)
                                    w.field("locales", entry.locales)
                                }
                            }
                        }
                        w.field("fix", p.fix)
                        w.field("id", p.id)
                        w.field("line", p.line)
                        w.field("locales", p.locales)
                        w.field("orientations", p.orientations)
                        w.field("rank", p.rank)
                        w.field("rule", p.rule.rawValue)
                        w.field("severity", p.severity.rawValue)
                        w.field("spec", p.spec)
                        w.field("states", p.states)
                        if p.waivedCount > 0 { w.field("waivedFindings", p.waivedCount) }
                        w.objectField("worst") { w in
                            let f = p.worst
                            w.field("category", f.category?.name)
                            w.field("device", f.device)
                            w.field("finding", f.fingerprint)
                            w.field("locale", f.locale)
                            w.field("magnitude", p.worstMagnitude)
                            w.wordedField("message") { f.writeMessage(to: &$0) }
                            w.field("orientation", f.orientation?.rawValue)
                            w.field("screen", f.screen)
                        }
                    }
                }
            }
            w.field("schemaVersion", r.schemaVersion)
            w.objectField("summary") { w in
                let s = r.summary
                w.field("baselined", s.baselined)
                w.field("borderline", s.borderline)
                w.field("checks", s.checks)
                w.field("errors", s.errors)
                w.field("failed", s.failed)
                w.field("infos", s.infos)
                w.field("screens", s.screens)
                if let shard = s.shard {
                    w.objectField("shard") { w in
                        w.field("count", shard.count)
                        w.field("index", shard.index)
                        w.field("run", shard.run)
                        w.field("specFiles", shard.specFiles)
                        w.field("strict", shard.strict)
                    }
                }
                w.field("specs", s.specs)
                w.field("waived", s.waived)
                w.field("warnings", s.warnings)
            }
            if let system = r.systemFont {
                w.objectField("systemFont") { w in
                    w.arrayField("files") { w in
                        for f in system.files {
                            w.arrayElementObject { w in
                                w.field("family", f.family)
                                w.field("file", f.file)
                                w.field("sha256", f.sha256)
                                w.field("version", f.version)
                            }
                        }
                    }
                    w.field("kind", system.kind.rawValue)
                }
            }
            w.objectField("tool") { w in
                let t = r.tool
                w.field("freetype", t.freetype)
                w.field("harfbuzz", t.harfbuzz)
                w.field("icu", t.icu)
                w.field("name", t.name)
                w.field("version", t.version)
            }
        }
        bytes.append(0x0A)
    }
}
