import Foundation
import TypefitCore
import TypefitShaping
import TypefitSpec

/// One problem the audit found, with the numbers a developer can act on.
///
/// Its identity is typed: the rule, where it was seen (spec, screen state, element, line and column)
/// and its `scope` — one state, one locale or the whole spec. The fingerprint is computed once, in
/// `Finding.fingerprint(spec:screen:element:scope:rule:cause:)`, from exactly that identity.
///
/// A value type whose fields live in one shared, copy-on-write box: a large audit holds 100 000+
/// findings, and merging the jobs' findings and sorting them then moves one reference per finding
/// instead of copying every field (and retaining every string in them).
public struct Finding: Encodable, Sendable, Equatable {
    /// Where a finding was seen: the fields every finding of one screen state shares, in one
    /// object (a state's findings point to the same one).
    final class Place: Sendable {
        let spec: String
        /// The screen's title (the spec's `screen`).
        let title: String
        /// The field being edited in the screen state the finding was seen in (a locale-level
        /// finding seen in a keyboard state has one too, though its scope has no state).
        let editing: String?
        /// The screen state's name: the title, with ` (editing FIELD)` for a keyboard state.
        let screen: String
        let scope: Scope
        /// The scope's fields, which sorting, grouping and every report read for every finding: kept
        /// here, where reading one retains only its string (read through `scope`, each copied the
        /// whole state first, retaining and releasing its three strings).
        let device: String?
        let orientation: Orientation?
        let locale: String?
        let category: ContentSizeCategory?
        let focused: String?

        convenience init(spec: String, title: String, editing: String?, scope: Scope) {
            self.init(spec: spec, title: title, editing: editing, screen: Finding.screenName(title: title, editing: editing), scope: scope)
        }

        /// With the screen state's name made already (`Finding.screenName(title:editing:)`): a spec's
        /// jobs pass one string per screen state to all their places (`ScreenNames`), so that
        /// comparing two findings' screens (sorting, grouping) finds the same storage instead of
        /// comparing the characters (a title with "—" is compared through Unicode normalization).
        init(spec: String, title: String, editing: String?, screen: String, scope: Scope) {
            self.spec = spec
            self.title = title
            self.editing = editing
            self.screen = screen
            self.scope = scope
            let state = scope.state
            device = state?.device
            orientation = state?.orientation
            locale = scope.locale
            category = state?.category
            focused = state?.focused
        }
    }

    final class Storage: @unchecked Sendable {
        var place: Place
        var rule: RuleID
        var severity: Severity
        var line: Int
        var column: Int
        var element: String
        var cause: String?
        /// The message and fix, worded when read (`FindingWording`).
        var wording: FindingWording
        var fingerprint: FingerprintValue
        var numbers: Numbers
        var hasPreview: Bool
        var acceptance: Acceptance?
        init(
            rule: RuleID, severity: Severity, place: Place, line: Int, column: Int, element: String, cause: String?,
            wording: FindingWording, fingerprint: FingerprintValue, numbers: Numbers, hasPreview: Bool
        ) {
            self.rule = rule
            self.place = place
            self.severity = severity
            self.line = line
            self.column = column
            self.element = element
            self.cause = cause
            self.wording = wording
            self.fingerprint = fingerprint
            self.numbers = numbers
            self.hasPreview = hasPreview
        }
        func copy() -> Storage {
            let box = Storage(
                rule: rule, severity: severity, place: place, line: line, column: column, element: element, cause: cause,
                wording: wording, fingerprint: fingerprint, numbers: numbers, hasPreview: hasPreview)
            box.acceptance = acceptance
            return box
        }
    }

    var storage: Storage

    /// The box, copied first when another finding shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    // MARK: Identity (read-only: the fingerprint is computed from it)

    public var rule: RuleID { storage.rule }
    /// Spec file path as given (relative to the working directory when under it).
    public var spec: String { storage.place.spec }
    /// The screen state's name: the screen's title, with ` (editing FIELD)` for a keyboard state.
    public var screen: String { storage.place.screen }
    /// The screen's title, without the field being edited (`editing`).
    public var title: String { storage.place.title }
    /// The field being edited in the screen state (`screen` is `title (editing FIELD)`), or nil.
    public var editing: String? { storage.place.editing }
    public var element: String { storage.element }
    public var scope: Scope { storage.place.scope }
    /// What makes two findings of one element, rule and scope different problems (for
    /// `string-problem`: the key and the kind of problem); nil for the other rules.
    public var cause: String? { storage.cause }
    /// Stable identity: 32 hex digits hashed from spec, screen, element, scope, rule and cause.
    public var fingerprint: String { storage.fingerprint.string }

    // MARK: The scope's fields (nil where the finding does not depend on them)

    public var state: State? { scope.state }
    public var device: String? { storage.place.device }
    public var orientation: Orientation? { storage.place.orientation }
    public var locale: String? { storage.place.locale }
    public var category: ContentSizeCategory? { storage.place.category }
    public var focused: String? { storage.place.focused }

    // MARK: What is reported

    public var severity: Severity {
        get { storage.severity }
        set { unique().severity = newValue }
    }
    public var line: Int { storage.line }
    public var column: Int { storage.column }
    /// What was found, in words (worded when read: `FindingWording`).
    public var message: String {
        get { storage.wording.message(storage.numbers) }
        set { unique().wording = .text(message: newValue, fix: fix) }
    }
    /// What would fix it.
    public var fix: String? {
        get { storage.wording.fix(storage.numbers) }
        set { unique().wording = .text(message: message, fix: newValue) }
    }
    /// Writes `message` into a JSON string (the JSON report writes every finding's message without
    /// building it as a String first).
    public func writeMessage(to out: inout JSONStringOutput) {
        let box = storage
        box.wording.writeMessage(box.numbers, to: &out)
    }
    /// Whether `fix` is not nil.
    public var hasFix: Bool { storage.wording.hasFix }
    /// Writes `fix` (when `hasFix`) into a JSON string.
    public func writeFix(to out: inout JSONStringOutput) {
        let box = storage
        box.wording.writeFix(box.numbers, to: &out)
    }
    /// The measurements. Changing them keeps the message and fix as they were worded.
    public var numbers: Numbers {
        get { storage.numbers }
        set {
            let box = unique()
            if case .text = box.wording {
            } else {
                box.wording = .text(message: message, fix: fix)
            }
            box.numbers = newValue
        }
    }
    /// What accepted it, the baseline (`--baseline`) or a waiver in `.typefit.yml`: reported, but
    /// never a failure. Nil when nothing did.
    public var acceptance: Acceptance? {
        get { storage.acceptance }
        set { unique().acceptance = newValue }
    }
    /// Accepted by the baseline or waived: in JSON only when true (with `waived` for a waiver).
    public var accepted: Bool { storage.acceptance != nil }
    /// Whether the verdict is within the system font stand-in's error (`numbers.borderline`).
    public var isBorderline: Bool { storage.numbers.borderline == true }
    /// A text finding in a screen state, whose text the HTML report can draw
    /// (`ScreenPictureSource.preview(of:)` lays the state out again for it). Not in the JSON report.
    public var hasPreview: Bool { storage.hasPreview }

    /// A finding on the screen titled `title`, in the state where `editing` (by default the focused
    /// field of a state scope) is being edited.
    public init(
        rule: RuleID, severity: Severity, spec: String, title: String, editing: String? = nil, element: String, line: Int,
        column: Int, scope: Scope, cause: String? = nil, message: String, fix: String?, numbers: Numbers,
        hasPreview: Bool = false
    ) {
        let place = Place(spec: spec, title: title, editing: editing ?? scope.state?.focused, scope: scope)
        self.init(
            rule: rule, severity: severity, place: place,
            prefix: Self.fingerprintPrefix(spec: spec, screen: place.screen), element: element, line: line, column: column,
            cause: cause, wording: .text(message: message, fix: fix), numbers: numbers, hasPreview: hasPreview)
    }

    /// A finding whose place is shared with the other findings of its state; `prefix` is
    /// `fingerprintPrefix(spec:screen:)` of that place, computed once for them all.
    init(
        rule: RuleID, severity: Severity, place: Place, prefix: StableHasher, element: String, line: Int, column: Int, cause: String?,
        wording: FindingWording, numbers: Numbers, hasPreview: Bool
    ) {
        let fingerprint = Self.fingerprint(after: prefix, element: element, scope: place.scope, rule: rule, cause: cause)
        storage = Storage(
            rule: rule, severity: severity, place: place, line: line, column: column, element: element, cause: cause,
            wording: wording, fingerprint: fingerprint, numbers: numbers, hasPreview: hasPreview)
    }

    /// The same finding under another spec path (a report shown relative to another folder) or
    /// element id, with the fingerprint of that identity.
    public func with(spec: String? = nil, element: String? = nil) -> Finding {
        let x = storage
        let place = Place(spec: spec ?? x.place.spec, title: x.place.title, editing: x.place.editing, scope: x.place.scope)
        var f = Finding(
            rule: x.rule, severity: x.severity, place: place, prefix: Self.fingerprintPrefix(spec: place.spec, screen: place.screen),
            element: element ?? x.element, line: x.line, column: x.column, cause: x.cause, wording: x.wording, numbers: x.numbers,
            hasPreview: x.hasPreview)
        f.acceptance = x.acceptance
        return f
    }

    /// Appends the fingerprint's 32 hex digits to `bytes` (what `fingerprint` spells, without a
    /// String: the JSON report writes two fingerprints per finding).
    public func appendFingerprint(to bytes: inout ByteBuffer) { storage.fingerprint.append(to: &bytes) }

    /// A screen state's name: the title, with ` (editing FIELD)` for a keyboard state.
    static func screenName(title: String, editing: String?) -> String {
        editing.map { "\(title) (editing \($0))" } ?? title
    }

    /// The fingerprint as stored (compares as the strings do, without building them).
    var fingerprintValue: FingerprintValue { storage.fingerprint }

    enum CodingKeys: String, CodingKey {
        case rule, severity, spec, line, column, screen, element, device, orientation, locale, category, message, fix, fingerprint, numbers
        case accepted, waived
    }

    /// The JSON report's finding (docs/report-format.md): the scope's fields only where it has them.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rule, forKey: .rule)
        try c.encode(severity, forKey: .severity)
        try c.encode(spec, forKey: .spec)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(screen, forKey: .screen)
        try c.encode(element, forKey: .element)
        try c.encodeIfPresent(device, forKey: .device)
        try c.encodeIfPresent(orientation, forKey: .orientation)
        try c.encodeIfPresent(locale, forKey: .locale)
        try c.encodeIfPresent(category?.name, forKey: .category)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(fix, forKey: .fix)
        try c.encode(fingerprint, forKey: .fingerprint)
        try c.encode(numbers, forKey: .numbers)
        if accepted { try c.encode(true, forKey: .accepted) }
        if acceptance == .waiver { try c.encode(true, forKey: .waived) }
    }

    public static func == (a: Finding, b: Finding) -> Bool {
        if a.storage === b.storage { return true }
        let x = a.storage, y = b.storage
        let p = x.place, q = y.place
        return x.rule == y.rule && x.severity == y.severity && p.spec == q.spec && x.line == y.line && x.column == y.column
            && p.screen == q.screen && x.element == y.element && p.scope == q.scope && x.cause == y.cause && a.message == b.message
            && a.fix == b.fix && x.fingerprint == y.fingerprint && x.numbers == y.numbers && x.hasPreview == y.hasPreview
            && x.acceptance == y.acceptance
    }

    // MARK: The fingerprint (the one place it is computed)

    /// The hasher after the spec and the screen, the fields every finding of a screen state shares.
    static func fingerprintPrefix(spec: String, screen: String) -> StableHasher {
        var h = StableHasher()
        h.feed(spec, separator: false)
        h.feed(screen)
        return h
    }

    /// The fingerprint of an identity, from the hasher that has taken its spec and screen: element,
    /// then device, orientation, locale and category (`all` for a field the scope does not have),
    /// then the rule, then the cause when there is one. Fingerprints of state findings are those of
    /// typefit 0.1.0.
    private static func fingerprint(
        after prefix: StableHasher, element: String, scope: Scope, rule: RuleID, cause: String?
    ) -> FingerprintValue {
        var h = prefix
        h.feed(element)
        let unscoped = "all"
        switch scope {
        case .state(let s):
            h.feed(s.device)
            h.feed(s.orientation.rawValue)
            h.feed(s.locale)
            h.feed(s.category.name)
        case .locale(let l):
            h.feed(unscoped)
            h.feed(unscoped)
            h.feed(l)
            h.feed(unscoped)
        case .spec:
            for _ in 0..<4 { h.feed(unscoped) }
        }
        h.feed(rule.rawValue)
        if let cause { h.feed(cause) }
        return FingerprintValue(h.a, h.b)
    }
}
