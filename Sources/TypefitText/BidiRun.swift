import CTypefitICU
import TypefitCore

/// A run of one embedding level from ICU's UAX #9 implementation, in logical order.
public struct BidiRun: Equatable, Sendable {
    /// UTF-16 range.
    public var start: Int
    public var end: Int
    /// Embedding level: even is left-to-right, odd is right-to-left.
    public var level: UInt8
    public var isRightToLeft: Bool { level & 1 == 1 }
}

public enum BaseDirection: Sendable {
    case leftToRight, rightToLeft, firstStrong
}

public enum Bidi {
    /// Splits one paragraph into bidi runs (ICU `ubidi`). Returns the runs and the paragraph's
    /// resolved direction.
    public static func runs(_ units: [UInt16], base: BaseDirection = .firstStrong) -> (runs: [BidiRun], rightToLeft: Bool) {
        if units.isEmpty { return ([], base == .rightToLeft) }
        // Below U+0590 there is no right-to-left character, Arabic number or explicit bidi control:
        // a first-strong or left-to-right paragraph of such text is one run at level 0 (UAX #9
        // resolves its numbers and neutrals to the left-to-right context). ICU is not needed.
        if base != .rightToLeft && units.allSatisfy({ $0 < 0x0590 }) {
            return ([BidiRun(start: 0, end: units.count, level: 0)], false)
        }
        return icuRuns(units, base: base)
    }

    /// The runs as ICU's `ubidi` resolves them (no shortcut).
    static func icuRuns(_ units: [UInt16], base: BaseDirection = .firstStrong) -> (runs: [BidiRun], rightToLeft: Bool) {
        if units.isEmpty { return ([], base == .rightToLeft) }
        let baseValue: Int32 = base == .leftToRight ? 0 : (base == .rightToLeft ? 1 : -1)
        var capacity = 8
        while true {
            var starts = [Int32](filled: 0, count: capacity)
            var lengths = [Int32](filled: 0, count: capacity)
            var levels = [UInt8](filled: 0, count: capacity)
            var paragraph: UInt8 = 0
            let count = units.withUnsafeBufferPointer { text in
                tf_bidi_runs(
                    text.baseAddress, Int32(text.count), baseValue, &starts, &lengths, &levels,
                    Int32(capacity), &paragraph)
            }
            if count < 0 {
                // ICU failed (should not happen for valid UTF-16): treat as one left-to-right run.
                return ([BidiRun(start: 0, end: units.count, level: 0)], false)
            }
            if Int(count) <= capacity {
                let runs = (0..<Int(count)).map {
                    BidiRun(start: Int(starts[$0]), end: Int(starts[$0] + lengths[$0]), level: levels[$0])
                }
                return (runs, paragraph & 1 == 1)
            }
            capacity = Int(count)
        }
    }
}
