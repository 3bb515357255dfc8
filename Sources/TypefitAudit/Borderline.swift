import TypefitCore
import TypefitLayout

/// A text verdict within the system font stand-in's measured error: while Inter / Inter Display stand
/// for SF, a text that overflows by less than the stand-in's p95 width error at its size and weight
/// (`SystemFontModel.errorBound`) may well fit in SF, so its finding is marked borderline.
struct Borderline {
    /// The stand-in's p95 |width error| that applied, a fraction.
    var bound: Double
    var size: Double
    var weight: FontWeight

    /// The mark for a text that needs `needed` pt and is `over` pt too wide, or nil when the text is
    /// not in the system font stand-in (real SF has no stand-in error) or overflows by more than its error.
    /// `standIn`: the stand-in stands for the system font (`StateAuditor.systemFontIsStandIn`).
    static func check(_ t: TextResult, over: Double, needed: Double, standIn: Bool) -> Borderline? {
        guard standIn, t.font.selection.isSystem, needed > 0, over >= 0 else { return nil }
        let size = t.layout.size
        let bound = SystemFontModel.errorBound(weight: t.font.weight, size: size)
        // Most overflows are far beyond the error: the clusters are looked at only for a near miss.
        guard over <= bound * needed, drawnByStandIn(t) else { return nil }
        return Borderline(bound: bound, size: size, weight: t.font.weight)
    }

    /// The mark for a one-line text that needs `needed` pt and fits with `slack` pt to spare, when
    /// SF's width may be larger by more than the slack (the stand-in's p95 error at its size and
    /// weight); nil otherwise, and for text that is not in the system font stand-in.
    static func checkFit(_ t: TextResult, slack: Double, needed: Double, standIn: Bool) -> Borderline? {
        guard standIn, t.font.selection.isSystem, needed > 0, slack >= 0 else { return nil }
        let size = t.layout.size
        let bound = SystemFontModel.errorBound(weight: t.font.weight, size: size)
        // Most texts have room to spare: the clusters are looked at only for a tight fit.
        guard slack < bound * needed, drawnByStandIn(t) else { return nil }
        return Borderline(bound: bound, size: size, weight: t.font.weight)
    }

    /// Whether the stand-in draws every character itself. Its error was measured on Latin, Greek and
    /// Cyrillic text it draws (SFF §3); characters it lacks (Thai, Arabic, Han…) are drawn by fallback
    /// fonts standing for iOS's own (Thonburi, Geeza Pro, PingFang…), whose difference from those is
    /// not measured, so such a text has no known bound and is never marked borderline.
    static func drawnByStandIn(_ t: TextResult) -> Bool {
        let p = t.paragraph
        // Which of the paragraph's fonts (a few) are requested, found once rather than per cluster.
        var requested: UInt64 = 0
        for (i, face) in p.fonts.prefix(UInt64.bitWidth).enumerated() where t.requested.contains(face) { requested |= 1 << UInt64(i) }
        for i in 0..<p.clusterCount {
            if p.clusterMissing[i] { return false }
            let f = p.clusterFont[i]
            guard f >= 0 else { continue }
            if f < UInt64.bitWidth ? requested & (1 << UInt64(f)) == 0 : !t.requested.contains(p.fonts[f]) { return false }
        }
        return true
    }

    /// What the message adds: "borderline: 1.2 % over, within the system font stand-in's ±3.0 % at 22 pt".
    var note: String {
        "borderline: within the system font stand-in's error (±\(Self.percent(bound)) % at \(Self.points(size)) pt)"
    }

    /// What the fix adds: how to check with SF (the variable SF Pro at the optical size and weight
    /// UIKit would use; Semibold is wght 590).
    var guidance: String {
        let opsz = min(max(size, SystemFontModel.opticalSizeRange.lowerBound), SystemFontModel.opticalSizeRange.upperBound)
        let wght = weight == .semibold ? 590 : weight.rawValue
        return
            "verify with SF: audit with `--font-dir` holding Apple's SF-Pro.ttf, check on a simulator, or run `typefit measure --font SF-Pro.ttf --variations opsz=\(Self.points(opsz)),wght=\(wght) --tracking system --size \(Self.points(size))`"
    }

    static func percent(_ v: Double) -> String {
        let tenths = (v * 1000).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }

    static func points(_ v: Double) -> String { PointText.format(v) }
}
