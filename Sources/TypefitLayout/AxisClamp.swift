import Foundation
import TypefitCore

/// A variation axis value asked for outside a variable font's axis, and the value used instead (the
/// nearest end of the axis, as HarfBuzz and Core Text clamp). The text engine records each one once;
/// the command line prints them as warnings on standard error (docs/text-engine.md, "Variable fonts").
///
/// Only values someone asked for are reported: `--variations` (and `variations` in a `measure`
/// request) and the `wght` a weight asks for (`--weight`, a spec's `weight`). The optical size that
/// follows the point size is clamped to the `opsz` axis silently, as UIKit clamps SF's opsz to 17…28.
public struct AxisClamp: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Where the value came from.
    public enum Origin: String, Hashable, Sendable, Comparable {
        /// `--variations` or a request's `variations`.
        case variations
        /// The weight of the text (`wght` follows the weight).
        case weight

        public static func < (a: Origin, b: Origin) -> Bool { a.rawValue < b.rawValue }
    }

    /// The font file's path.
    public var path: String
    /// The four-letter axis tag, e.g. `wght`.
    public var axis: String
    public var requested: Double
    public var used: Double
    public var range: ClosedRange<Double>
    public var origin: Origin

    public init(path: String, axis: String, requested: Double, range: ClosedRange<Double>, origin: Origin) {
        self.path = path
        self.axis = axis
        self.requested = requested
        self.used = min(max(requested, range.lowerBound), range.upperBound)
        self.range = range
        self.origin = origin
    }

    /// The value asked for, or nil when it lies on the axis (nothing to report).
    public static func check(
        _ value: Double, axis: String, range: ClosedRange<Double>, path: String,
        origin: Origin
    ) -> AxisClamp? {
        range.contains(value) ? nil : AxisClamp(path: path, axis: axis, requested: value, range: range, origin: origin)
    }

    public static func < (a: AxisClamp, b: AxisClamp) -> Bool {
        (a.path, a.axis, a.origin, a.requested) < (b.path, b.axis, b.origin, b.requested)
    }

    /// "Brand-VF.ttf: wght 800 (from the weight) is outside the font's wght axis 100…700; 700 was used".
    public var description: String {
        let from = origin == .weight ? " (from the weight)" : " (from --variations)"
        return ControlCharacters.escaped((path as NSString).lastPathComponent)
            + ": \(axis) \(Self.number(requested))\(from) is outside the font's \(axis) axis "
            + "\(Self.number(range.lowerBound))…\(Self.number(range.upperBound)); \(Self.number(used)) was used"
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(format: "%g", v)
    }
}
