import TypefitCore

/// Where something was written: a spec file, line and column (1-based).
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
    public var description: String { "\(file):\(line):\(column)" }
}

/// One screen state: one YAML document of a spec file (docs/spec-format.md §4).
public struct ScreenSpec: Sendable {
    public var file: String
    public var location: SourceLocation
    public var screen: String
    public var state: String?
    /// The string tables the screen's keys live in, in the order given (the first is the default
    /// table of elements without `table:`, as `Localizable` is for `NSLocalizedString`). Empty when
    /// the screen has no `strings`.
    public var strings: [StringsReference]
    /// The requested locales, each with where the spec names it.
    public var locales: [LocaleRequest]?
    public var categories: [ContentSizeCategory]?
    public var devices: [Device]
    public var orientations: [Orientation]
    public var layoutMargins: Margins
    public var additionalSafeAreaInsets: Edges
    public var scrolls: Bool
    public var keyboard: Keyboard?
    public var keyboardAvoidance: KeyboardAvoidance
    public var severity: [String: SeverityLevel]
    public var content: Element
    public var placement: Placement
    public var bottomBar: Element?

    /// "Paper login — keyboard shown".
    public var title: String { state.map { "\(screen) — \($0)" } ?? screen }

    /// Every element, depth first (content, then the bottom bar).
    public var allElements: [Element] {
        var out: [Element] = []
        func walk(_ e: Element) { out.append(e); e.children.forEach(walk) }
        walk(content)
        if let bottomBar { walk(bottomBar) }
        return out
    }
}

/// One string table a screen uses: a String Catalog (its file name is the table name, as Xcode
/// compiles it) or a table of a folder of `.lproj` folders (`<table>.strings` / `.stringsdict`).
public struct StringsReference: Sendable, Hashable {
    /// Absolute (resolved against the spec file's folder).
    public var path: String
    /// The table name elements refer to with `table:`: the catalog's file name without
    /// `.xcstrings`, or the `.lproj` table (default `Localizable`).
    public var table: String
    /// Whether `path` names a String Catalog (else a folder of `.lproj` folders).
    public var isCatalog: Bool
    /// The development language of a folder of `.lproj` folders, as its folder is named (`de` for
    /// `de.lproj`); nil: `en`. A String Catalog names its own (`sourceLanguage`).
    public var developmentLanguage: String?
    /// What a localization that lacks a key shows, in a folder of `.lproj` folders (`missingShows:`;
    /// default the source text). A String Catalog's key is its source text.
    public var missingShows: MissingTranslationDisplay
    /// Swift files or folders (absolute) whose `NSLocalizedString(…, value:)` calls give the
    /// development language's text of keys its `.lproj` table lacks (`code:`); empty for none.
    public var code: [String]
    /// Where the spec names this table.
    public var location: SourceLocation

    public init(
        path: String, table: String, isCatalog: Bool, developmentLanguage: String? = nil,
        missingShows: MissingTranslationDisplay = .source, code: [String] = [], location: SourceLocation
    ) {
        self.path = path
        self.table = table
        self.isCatalog = isCatalog
        self.developmentLanguage = developmentLanguage
        self.missingShows = missingShows
        self.code = code
        self.location = location
    }
}

/// A locale a spec asks for (`locales:`), with where it is written.
public struct LocaleRequest: Sendable, Hashable {
    public var tag: String
    public var location: SourceLocation
    public init(tag: String, location: SourceLocation) {
        self.tag = tag
        self.location = location
    }
}

public enum Orientation: String, Sendable, CaseIterable, Codable { case portrait, landscape }

public enum SeverityLevel: String, Sendable, CaseIterable, Codable { case error, warning, info, ignore }

public struct Edges: Sendable, Hashable, Codable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = Edges()
    public static func all(_ v: Double) -> Edges { Edges(top: v, leading: v, bottom: v, trailing: v) }
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
    public static func + (a: Edges, b: Edges) -> Edges {
        Edges(top: a.top + b.top, leading: a.leading + b.leading, bottom: a.bottom + b.bottom, trailing: a.trailing + b.trailing)
    }
}

public enum Margins: Sendable, Hashable {
    /// UIKit's system minimum: 16 pt leading/trailing on screens narrower than 414 pt, else 20.
    case system
    case edges(Edges)

    public func resolve(screenWidth: Double) -> Edges {
        switch self {
        case .system:
            let side: Double = screenWidth < 414 ? 16 : 20
            return Edges(top: 0, leading: side, bottom: 0, trailing: side)
        case .edges(let e): return e
        }
    }
}

/// Keyboard heights in points for one orientation.
public struct KeyboardHeights: Sendable, Hashable {
    public var software: Double, legacy: Double, hardwareBar: Double
}

/// A device: preset or custom (docs/spec-format.md §5).
public struct Device: Sendable, Hashable {
    public var name: String
    public var width: Double
    public var height: Double
    public var safeArea: Edges
    public var landscapeSafeArea: Edges
    public var keyboard: KeyboardHeights
    public var landscapeKeyboard: KeyboardHeights

    /// Size, safe area and keyboard heights for an orientation.
    public func metrics(_ o: Orientation) -> (width: Double, height: Double, safeArea: Edges, keyboard: KeyboardHeights) {
        o == .portrait ? (width, height, safeArea, keyboard) : (height, width, landscapeSafeArea, landscapeKeyboard)
    }

    /// Presets; numbers and their sources in docs/spec-format.md §5–§6.
    public static let presets: [Device] = [
        Device(
            name: "iPhone SE (1st generation)", width: 320, height: 568, safeArea: Edges(top: 20), landscapeSafeArea: .zero,
            keyboard: .init(software: 253, legacy: 216, hardwareBar: 55),
            landscapeKeyboard: .init(software: 199, legacy: 162, hardwareBar: 55)),
        Device(
            name: "iPhone SE (3rd generation)", width: 375, height: 667, safeArea: Edges(top: 20), landscapeSafeArea: .zero,
            keyboard: .init(software: 260, legacy: 216, hardwareBar: 55),
            landscapeKeyboard: .init(software: 206, legacy: 162, hardwareBar: 55)),
        Device(
            name: "iPhone 16", width: 393, height: 852, safeArea: Edges(top: 59, bottom: 34),
            landscapeSafeArea: Edges(top: 0, leading: 59, bottom: 21, trailing: 59),
            keyboard: .init(software: 336, legacy: 291, hardwareBar: 55),
            landscapeKeyboard: .init(software: 228, legacy: 183, hardwareBar: 55)),
        Device(
            name: "iPhone 16 Pro Max", width: 440, height: 956, safeArea: Edges(top: 62, bottom: 34),
            landscapeSafeArea: Edges(top: 0, leading: 62, bottom: 21, trailing: 62),
            keyboard: .init(software: 346, legacy: 301, hardwareBar: 55),
            landscapeKeyboard: .init(software: 228, legacy: 183, hardwareBar: 55)),
        Device(
            name: "iPad", width: 820, height: 1180, safeArea: Edges(top: 24, bottom: 20), landscapeSafeArea: Edges(top: 24, bottom: 20),
            keyboard: .init(software: 264, legacy: 264, hardwareBar: 55),
            landscapeKeyboard: .init(software: 352, legacy: 352, hardwareBar: 55))
    ]

    public static let defaultPresetNames = ["iPhone SE (1st generation)", "iPhone 16", "iPhone 16 Pro Max"]

    public static func preset(named name: String) -> Device? { presets.first { $0.name == name } }
}

public enum KeyboardHeight: Sendable, Hashable {
    case software, legacy, hardwareBar
    case points(Double)
}

public struct Keyboard: Sendable, Hashable {
    public var height: KeyboardHeight
    public var focused: [String]
}

public enum KeyboardAvoidance: Sendable, Hashable {
    case none
    case scrollView
    case slideView(minimumFraction: Double, maximumFraction: Double, portrait: Double?, landscape: Double?)
}

public struct Placement: Sendable, Hashable {
    public enum Guide: String, Sendable, CaseIterable { case safeArea, view, keyboard }
    public enum Vertical: String, Sendable, CaseIterable { case top, center, bottom }
    public enum Horizontal: String, Sendable, CaseIterable { case leading, center, trailing }
    public var guide: Guide = .safeArea
    public var vertical: Vertical = .top
    public var offset: Double = 0
    public var anchor: String?
    public var horizontal: Horizontal = .center
    public init() {}
}
