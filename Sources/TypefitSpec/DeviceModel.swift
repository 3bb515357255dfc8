import TypefitCore

/// iPhone models by name, with their portrait screen sizes in points (Apple's HIG, "iOS, iPadOS device
/// screen dimensions"; the reference's §5f, verified there). Only their screens are known: a model
/// that is not a preset has no safe area or keyboard heights in typefit's data, so a spec naming one
/// is refused with its size, instead of a "did you mean" that would lay the screen out on another
/// device (`iPhone 17` → `iPhone 16`, 393 pt instead of 402).
public enum DeviceModel {
    /// Every model the reference lists by name, grouped by screen size.
    static let screens: [(width: Double, height: Double, names: [String])] = [
        (320, 568, ["iPhone 5s", "iPhone SE (1st generation)"]),
        (375, 667, ["iPhone 6", "iPhone 6s", "iPhone 7", "iPhone 8", "iPhone SE (2nd generation)", "iPhone SE (3rd generation)"]),
        (375, 812, ["iPhone X", "iPhone XS", "iPhone 11 Pro", "iPhone 12 mini", "iPhone 13 mini"]),
        (390, 844, ["iPhone 12", "iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14", "iPhone 16e"]),
        (393, 852, ["iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16"]),
        (402, 874, ["iPhone 16 Pro", "iPhone 17", "iPhone 17 Pro"]),
        (414, 736, ["iPhone 6 Plus", "iPhone 6s Plus", "iPhone 7 Plus", "iPhone 8 Plus"]),
        (414, 896, ["iPhone XR", "iPhone XS Max", "iPhone 11", "iPhone 11 Pro Max"]),
        (420, 912, ["iPhone Air"]),
        (428, 926, ["iPhone 12 Pro Max", "iPhone 13 Pro Max", "iPhone 14 Plus"]),
        (430, 932, ["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max", "iPhone 16 Plus"]),
        (440, 956, ["iPhone 16 Pro Max", "iPhone 17 Pro Max"])
    ]

    /// The model called `name` (case and runs of spaces aside): its name as Apple writes it, and its
    /// portrait screen size. Nil for a name no model has.
    public static func named(_ name: String) -> (name: String, width: Double, height: Double)? {
        let key = normalized(name)
        for s in screens {
            if let n = s.names.first(where: { normalized($0) == key }) { return (n, s.width, s.height) }
        }
        return nil
    }

    /// Why a device name that is a real model but not a preset cannot be used as it is, and what to
    /// write instead; nil for a preset or a name no model has (a typo gets its "did you mean").
    public static func notAPreset(_ name: String) -> (message: String, hint: String)? {
        // A preset's name in other case or spacing ("iphone 16") is a typo of the preset: its "did you mean".
        guard Device.preset(named: name) == nil else { return nil }
        guard let model = named(name) else { return unknownModel(name) }
        guard Device.preset(named: model.name) == nil else { return nil }
        let size = "\(number(model.width)) × \(number(model.height)) pt"
        let message =
            "'\(model.name)' is not a preset device: its screen is \(size) (Apple's HIG), and its safe area and "
            + "keyboard heights are not in typefit's data"
        let custom =
            "give it as a custom device, with the safe area its simulator reports: "
            + "{name: \(model.name), width: \(number(model.width)), height: \(number(model.height)), safeArea: {top: …, bottom: …}} "
            + "(docs/spec-format.md §5.2)"
        let same = Device.presets.filter { $0.width == model.width && $0.height == model.height }.map(\.name)
        if let preset = same.first {
            return (message, "the preset '\(preset)' has the same screen, with its own safe area; or \(custom)")
        }
        return (message, custom)
    }

    /// A name that reads as an iPhone or iPad model typefit does not know (`iPhone 18`, `iPhone 17e`,
    /// newer than the reference's table): no "did you mean" another model, whose screen may differ.
    /// Nil for a name whose closest preset has the same digits (`iPhone 16 Pro Maxx`, `iPhone 61`: typos)
    /// and for any other name. A name several models begin with (`iPhone SE`) lists them (`family`).
    static func unknownModel(_ name: String) -> (message: String, hint: String)? {
        let words = normalized(name).split(separator: " ")
        guard let first = words.first, first == "iphone" || first == "ipad", words.count > 1 else { return nil }
        if let family = family(name) { return family }
        // The same digits, in any order, make a typo (`iPhone 61`); others another model (`iPhone 18`).
        func digits(_ s: String) -> String { String(s.filter(\.isNumber).sorted()) }
        if let closest = Suggestion.closest(to: name, in: Device.presets.map(\.name)), digits(closest) == digits(name) { return nil }
        let shown = ControlCharacters.escaped(String(name.prefix(80)))
        return (
            "'\(shown)' is not a preset device, nor a model whose screen typefit knows (it knows the iPhones of Apple's HIG "
                + "table, up to the iPhone 17 and iPhone Air)",
            "give it as a custom device, with its screen and the safe area its simulator reports: "
                + "{name: \(shown), width: …, height: …, safeArea: {top: …, bottom: …}} (docs/spec-format.md §5.2)"
        )
    }

    /// A name that several models begin with (`iPhone SE`: three generations, two screen sizes): the
    /// models, each with its screen, and the presets among them as the "did you mean". Nil for any
    /// other name.
    static func family(_ name: String) -> (message: String, hint: String)? {
        let key = normalized(name) + " "
        var models: [(name: String, size: String)] = []
        for s in screens {
            for n in s.names where normalized(n).hasPrefix(key) {
                models.append((n, "\(number(s.width)) × \(number(s.height)) pt"))
            }
        }
        guard models.count > 1 else { return nil }
        // "a, b and c", "a or b".
        func list(_ items: [String], _ last: String) -> String {
            items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " \(last) " + items[items.count - 1]
        }
        let shown = ControlCharacters.escaped(String(name.prefix(80)))
        let screens = Set(models.map(\.size)).count > 1 ? ", with different screens" : ""
        let message = "'\(shown)' names \(models.count) models\(screens): " + list(models.map { "\($0.name) (\($0.size))" }, "and")
        let presets = models.map(\.name).filter { Device.preset(named: $0) != nil }.map { "'\($0)'" }
        guard !presets.isEmpty else {
            return (message, "name the model, or give it as a custom device (docs/spec-format.md §5.2)")
        }
        return (message, "did you mean \(list(presets, "or"))? (\(presets.count == 1 ? "a preset" : "presets"))")
    }

    static func normalized(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    static func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
