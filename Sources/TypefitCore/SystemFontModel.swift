/// typefit's model of the iOS system font (SF Pro) when the SF files are not available: the
/// calibrated stand-in built from Inter (the Text cut) and Inter Display (the Display cut).
///
/// Every number comes from shared/reference/system-font-facts.md (SFF) or is derived from it on the
/// calibration corpus (docs/text-engine.md, "The system font stand-in"):
///
/// - Optical size: since iOS 14 SF is one variable font whose `opsz` axis (17…28, default 28) UIKit
///   sets to the point size (SFF §2). Its `avar` map of the normalized opsz is (−1, −1),
///   (−0.81818, −0.90912), (−0.36365, −0.18182), (0, 0). The stand-in blends the two cuts' advances
///   with the weight `displayWeight(at:)` = 1 + avar((clamp(size, 17, 28) − 28) ÷ 11): 0 below
///   17 pt (all Text), 1 from 28 pt (all Display), continuous in between — no switch at 20 pt.
/// - Spaces: Inter Display's space is 36 % wider than SF Display's, Inter SemiBold's 7 % narrower
///   than SF Semibold's (SFF §3): those two spaces are scaled by 1 ÷ 1.36 and 1 ÷ 0.93.
/// - The remaining systematic width difference per weight and size, `widthFactor(weight:size:)`:
///   1 ÷ (median(blend ÷ 0.1.0 stand-in) × (1 + SFF §3 median error)), the first median taken over
///   the calibration corpus (the Latin, Greek and Cyrillic strings of the Specs/ catalogs). Sizes
///   between rows interpolate linearly.
/// - Line height: SF's hhea (1950 + 494) ÷ 2048 = 1.19336 em in every weight and optical size (SFF §2).
/// - Error bounds: `errorBound(weight:size:)` is the p95 |error| to expect after the correction,
///   estimated per SFF §3 row as the measured p95 |error| less the systematic part the correction
///   removes (|median|). They are estimates: the SF files cannot be measured here (licence).
public enum SystemFontModel {
    /// SF Pro's line height in em: hhea ascender 1950 − descender −494 + lineGap 0, over 2048.
    public static let lineHeightEm: Double = 2444.0 / 2048.0

    /// SF's `opsz` axis range; UIKit sets opsz to the point size clamped to it.
    public static let opticalSizeRange: ClosedRange<Double> = 17...28

    /// SF's `avar` segment map for `opsz` (normalized from → to), SFF §2.
    public static let opticalSizeAvar: [(from: Double, to: Double)] = [
        (-1, -1), (-0.81818, -0.90912), (-0.36365, -0.18182), (0, 0)
    ]

    /// How far SF at `size` is from its Text master (0) towards its Display master (1): the point
    /// size clamped to 17…28, normalized to −1…0 (default 28) and mapped through `avar`.
    public static func displayWeight(at size: Double) -> Double {
        let opsz = min(max(size, opticalSizeRange.lowerBound), opticalSizeRange.upperBound)
        let n = (opsz - opticalSizeRange.upperBound) / (opticalSizeRange.upperBound - opticalSizeRange.lowerBound)
        let map = opticalSizeAvar
        for k in 1..<map.count where n <= map[k].from {
            let (a, b) = (map[k - 1], map[k])
            return 1 + a.to + (n - a.from) * (b.to - a.to) / (b.from - a.from)
        }
        return 1
    }

    /// Scale of the space (U+0020) advance in the Text and Display cuts for a weight (SFF §3): only
    /// the two measured differences are corrected; other weights keep Inter's spaces.
    public static func spaceScale(weight: FontWeight) -> (text: Double, display: Double) {
        isSemiboldLike(weight) ? (1 / 0.93, 1) : (1, 1 / 1.36)
    }

    /// Calibrated width factors per size row: (size, Regular, Semibold). Rows are SFF §3's: 11–17 pt
    /// (one row, used at every size up to 17), 18, 19, 20, 21, 22, 23, 24, 26 and 28–53 pt (used
    /// from 28 up). Derived by scripts/calibrate-system-font.py.
    public static let widthFactors: [(size: Double, regular: Double, semibold: Double)] = [
        (17, 0.9973, 1.0123), (18, 0.9960, 1.0111), (19, 0.9959, 1.0099), (20, 1.0006, 1.0123),
        (21, 0.9979, 1.0080), (22, 0.9945, 1.0042), (23, 0.9926, 0.9998), (24, 0.9917, 0.9970),
        (26, 0.9903, 0.9944), (28, 0.9903, 0.9930)
    ]

    /// Estimated p95 |error| (fraction) after the correction, per SFF §3 row: (size, Regular, Semibold).
    public static let errorBounds: [(size: Double, regular: Double, semibold: Double)] = [
        (17, 0.014, 0.016), (18, 0.011, 0.017), (19, 0.013, 0.018), (20, 0.030, 0.015),
        (21, 0.027, 0.016), (22, 0.026, 0.018), (23, 0.029, 0.020), (24, 0.031, 0.023),
        (26, 0.021, 0.026), (28, 0.020, 0.019)
    ]

    /// The width factor for a weight at a size (rows interpolated linearly, ends held).
    public static func widthFactor(weight: FontWeight, size: Double) -> Double {
        let semibold = isSemiboldLike(weight)
        // Read in place (every scaled paragraph asks): no array of the weight's column is made.
        let rows = widthFactors
        func value(_ k: Int) -> Double { semibold ? rows[k].semibold : rows[k].regular }
        if size <= rows[0].size { return value(0) }
        for k in 1..<rows.count where size <= rows[k].size {
            let (a, b) = (value(k - 1), value(k))
            return a + (size - rows[k - 1].size) * (b - a) / (rows[k].size - rows[k - 1].size)
        }
        return value(rows.count - 1)
    }

    /// The stand-in's estimated p95 |width error| (a fraction) for a weight at a size: the row at or
    /// below the size (the 11–17 pt row below 17, the 28–53 pt row above 28).
    public static func errorBound(weight: FontWeight, size: Double) -> Double {
        let semibold = isSemiboldLike(weight)
        let rows = errorBounds
        var value = semibold ? rows[0].semibold : rows[0].regular
        // Rows ascend by size: the last at or below the size is the one.
        for row in rows {
            guard row.size <= size + 1e-9 else { break }
            value = semibold ? row.semibold : row.regular
        }
        return value
    }

    /// Semibold and heavier use the Semibold calibration; lighter weights the Regular one (only
    /// Regular and Semibold were measured, SFF §3).
    static func isSemiboldLike(_ weight: FontWeight) -> Bool { weight.rawValue >= 600 }
}
