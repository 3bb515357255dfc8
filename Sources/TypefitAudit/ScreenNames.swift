import TypefitSpec

/// The names a spec's findings carry for its screen states: the spec's title and, per focused text
/// field (nil: none), the state's name (`Finding.screenName`). Made once per spec and shared by all
/// its jobs, so the screens of two findings from any of its locales are one string's storage:
/// sorting and grouping them compares the storage, not the characters (a title with an em dash is
/// compared through Unicode normalization).
final class ScreenNames: Sendable {
    /// The spec's title (`ScreenSpec.title`, which builds it anew on every call).
    let title: String
    private let names: [(focused: String?, name: String)]

    init(_ spec: ScreenSpec) {
        let title = spec.title
        var names: [(focused: String?, name: String)] = [(nil, title)]
        for field in spec.keyboard?.focused ?? [] where !names.contains(where: { $0.focused == field }) {
            names.append((field, Finding.screenName(title: title, editing: field)))
        }
        self.title = title
        self.names = names
    }

    /// The name of the screen state with `focused` being edited (nil: none).
    func name(focused: String?) -> String {
        names.first { $0.focused == focused }?.name ?? Finding.screenName(title: title, editing: focused)
    }
}
