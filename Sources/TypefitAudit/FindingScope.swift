import TypefitCore
import TypefitSpec

extension Finding {
    /// What a finding applies to: one screen state, one locale of the spec, or the whole spec.
    ///
    /// A truncation is seen in one state (device, orientation, locale, category and focused field);
    /// a missing glyph or an untranslated string depends on the locale only; a font that ignores
    /// Dynamic Type is a property of the spec. Reports show only the fields a scope has: a JSON
    /// finding about a locale has a `locale` and no `device`, `orientation` or `category`.
    public enum Scope: Sendable, Hashable {
        case state(State)
        case locale(String)
        case spec
    }

    /// One screen state as the audit lays it out.
    public struct State: Sendable, Hashable {
        public var device: String
        public var orientation: Orientation
        /// The requested locale, canonical (`pt-BR`).
        public var locale: String
        public var category: ContentSizeCategory
        /// The text field being edited (keyboard states), nil for the screen without focus.
        public var focused: String?

        public init(device: String, orientation: Orientation, locale: String, category: ContentSizeCategory, focused: String? = nil) {
            self.device = device
            self.orientation = orientation
            self.locale = locale
            self.category = category
            self.focused = focused
        }
    }
}

extension Finding.Scope {
    /// The state, for findings about one state.
    public var state: Finding.State? {
        if case .state(let s) = self { return s }
        return nil
    }

    /// The locale, for findings about one state or one locale.
    public var locale: String? {
        switch self {
        case .state(let s): return s.locale
        case .locale(let l): return l
        case .spec: return nil
        }
    }
}
