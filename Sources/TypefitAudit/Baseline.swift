import Foundation
import TypefitCore
import TypefitSpec

/// A committed list of accepted problems: the gate fails only on findings it does not accept.
///
/// Format version 2 (docs/report-format.md#baseline-files): one readable entry per spec, screen,
/// element, rule, first failing category, and set of devices, orientations and focused fields,
/// listing the locales that fail that way. Spec paths are relative to the baseline file's folder, so
/// the gate gives the same result from any working directory.
///
/// An entry accepts a finding when the spec, screen, element and rule are the same, the finding's
/// locale is in `locales`, its device in `devices`, its orientation in `orientations`, its focused
/// field in `editing`, and its category is `from` or larger. Anything worse — a new element, rule,
/// locale, device, orientation or focused field, or failing from a smaller category — is not accepted.
public struct Baseline: Sendable, Equatable {
    /// The format version written and read.
    public static let version = 2
    /// Largest baseline file read, in bytes (checked before reading).
    public static let maximumFileSize = 16 << 20

    /// One accepted problem.
    public struct Entry: Sendable, Hashable {
        /// The spec file, relative to the baseline file's folder.
        public var spec: String
        /// The screen title, without the `(editing FIELD)` of keyboard states.
        public var screen: String
        public var element: String
        public var rule: RuleID
        /// The smallest category it fails at; nil for findings that do not depend on the category.
        public var from: ContentSizeCategory?
        /// Devices it fails on, sorted; empty for findings that do not depend on the device.
        public var devices: [String]
        /// Orientations it fails in (only with devices; `[.portrait]` when the file leaves them out).
        public var orientations: [Orientation]
        /// Focused fields of the keyboard states it fails in, sorted; empty for screens without them.
        public var editing: [String]
        /// Locales that fail this way, sorted (`all` for locale-independent findings).
        public var locales: [String]

        public init(
            spec: String, screen: String, element: String, rule: RuleID, from: ContentSizeCategory?,
            devices: [String], orientations: [Orientation], editing: [String], locales: [String]
        ) {
            self.spec = spec
            self.screen = screen
            self.element = element
            self.rule = rule
            self.from = from
            self.devices = devices
            self.orientations = devices.isEmpty ? [] : orientations
            self.editing = editing
            self.locales = locales
        }
    }

    /// Sorted (see `Entry.precedes`).
    public var entries: [Entry]
    /// The folder entries' spec paths are relative to: absolute, symbolic links resolved.
    public var directory: String
    /// The file it was read from, as given; nil for a baseline built from findings.
    public var file: String?
    /// The line of each entry in `file` (empty for a baseline built from findings).
    public var lines: [Int] = []

    public init(entries: [Entry], directory: String, file: String? = nil, lines: [Int] = []) {
        self.entries = entries
        self.directory = directory
        self.file = file
        self.lines = lines
    }

    /// The baseline that accepts exactly `findings` (their errors and warnings: info findings never
    /// fail), with spec paths relative to `directory`.
    public init(findings: any Sequence<Finding>, directory: String) {
        self.directory = Self.resolvedPath(directory)
        struct Key: Hashable {
            var spec: String, screen: String, element: String, rule: RuleID, locale: String
        }
        struct Extent {
            var from: ContentSizeCategory?
            var devices: Set<String> = []
            var orientations: Set<Orientation> = []
            var editing: Set<String> = []
        }
        var specs: [String: String] = [:]
        var extents: [Key: Extent] = [:]
        for f in findings where f.severity != .info {
            let spec = specs[f.spec] ?? Self.relativePath(Self.resolvedPath(f.spec), from: self.directory)
            specs[f.spec] = spec
            let key = Key(spec: spec, screen: f.title, element: f.element, rule: f.rule, locale: f.locale ?? Self.independent)
            var extent = extents[key] ?? Extent()
            // A finding about every size (fixed-font-size) counts from where it matters (AX1).
            if let c = f.category ?? f.rule.firstRelevantCategory { extent.from = min(extent.from ?? c, c) }
            if let state = f.state {
                extent.devices.insert(state.device)
                extent.orientations.insert(state.orientation)
                if let e = state.focused { extent.editing.insert(e) }
            }
            extents[key] = extent
        }
        var locales: [Entry: [String]] = [:]
        for (key, extent) in extents {
            let entry = Entry(
                spec: key.spec, screen: key.screen, element: key.element, rule: key.rule, from: extent.from,
                devices: extent.devices.sorted(), orientations: extent.orientations.sorted { $0.rawValue < $1.rawValue },
                editing: extent.editing.sorted(), locales: [])
            locales[entry, default: []].append(key.locale)
        }
        entries = locales.map { entry, list in
            var e = entry
            e.locales = list.sorted()
            return e
        }.sorted { $0.precedes($1) }
    }

    // MARK: - Writing

    /// The file: keys in a fixed order, one entry per line, so a diff shows exactly which problems
    /// were accepted or fixed (and the committed file for five screens stays under 100 kB).
    public func encoded() -> String {
        var out = "{\n  \"tool\" : \"typefit\",\n  \"version\" : \(Self.version),\n  \"entries\" : ["
        for (i, e) in entries.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            var fields = [
                ("spec", Self.quoted(e.spec)), ("screen", Self.quoted(e.screen)), ("element", Self.quoted(e.element)),
                ("rule", Self.quoted(e.rule.rawValue))
            ]
            if let from = e.from { fields.append(("from", Self.quoted(from.name))) }
            if !e.devices.isEmpty {
                fields.append(("devices", Self.list(e.devices)))
                if e.orientations != [.portrait] { fields.append(("orientations", Self.list(e.orientations.map(\.rawValue)))) }
            }
            if !e.editing.isEmpty { fields.append(("editing", Self.list(e.editing))) }
            fields.append(("locales", Self.list(e.locales)))
            out += "    {" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    static func list(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ", ") + "]" }

    /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t` or `\u00XX`.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F:
                out += "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count) + String(u.value, radix: 16)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    // MARK: - Paths and screens

    /// The file's locale for an entry whose findings do not depend on the locale (`locales: [all]`).
    static let independent = "all"

    /// An absolute path with symbolic links resolved (relative paths are against the working
    /// directory); the standardized absolute path when it cannot be resolved.
    public static func resolvedPath(_ path: String) -> String {
        if let p = realpath(path, nil) {
            defer { free(p) }
            return String(cString: p)
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `target` relative to `directory` (both absolute and resolved): `login/login.yaml`,
    /// `../Specs/login.yaml`.
    static func relativePath(_ target: String, from directory: String) -> String {
        RelativePath.of(target, from: directory)
    }
}

extension Baseline.Entry {
    /// The file's order: spec, screen, element, rule, `from` (category-independent first), devices,
    /// orientations, focused fields, locales.
    public func precedes(_ other: Self) -> Bool {
        if spec != other.spec { return spec < other.spec }
        if screen != other.screen { return screen < other.screen }
        if element != other.element { return element < other.element }
        if rule != other.rule { return rule.rawValue < other.rule.rawValue }
        if from != other.from { return (from?.rawValue ?? -1) < (other.from?.rawValue ?? -1) }
        if devices != other.devices { return devices.lexicographicallyPrecedes(other.devices) }
        if orientations != other.orientations {
            return orientations.map(\.rawValue).lexicographicallyPrecedes(other.orientations.map(\.rawValue))
        }
        if editing != other.editing { return editing.lexicographicallyPrecedes(other.editing) }
        return locales.lexicographicallyPrecedes(other.locales)
    }
}
