/// SF Pro's size-specific tracking: what iOS applies — the font's own `trak` values where they are
/// known (17, 18 and 19 pt: −47/2048 em = −22.95, −24.3 and −25.5/1000 em, system-font-facts.md §2;
/// Apple's text engine measured −22.95 at 17 pt), else the HIG "iOS, iPadOS, visionOS tracking
/// values" table (dynamic-type-facts.md §2a, VERIFIED; SF Pro Text's `trak` equals it to rounding
/// from 6 to 16 pt, SF Pro Display's within 1.3/1000 em from 28 pt). Values are 1/1000 em; sizes
/// between listed rows use the row below (the table lists every integer size from 6 to 56 and every
/// even or fourth size after that); sizes from 80 pt up track 0; sizes under 6 pt use the 6 pt value.
public enum SystemTracking {
    /// (point size, tracking in 1/1000 em).
    public static let table: [(size: Double, milliEm: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -47.0 / 2048 * 1000), (18, -24.3), (19, -25.5), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (31, 13), (32, 13), (33, 12), (34, 12),
        (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9), (42, 9), (43, 9), (44, 8),
        (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6), (56, 6),
        (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1), (80, 0)
    ]

    /// Tracking in 1/1000 em for a point size: the entry for the largest listed size ≤ `size`.
    public static func milliEm(at size: Double) -> Double {
        // Every listed size is a whole number, so the row at or below `size + 1e-9` is the one at or
        // below its floor: one read of `byWholeSize` (every text measured at a size asks; a scan of
        // the rows read up to 60 of them).
        let limit = (size + 1e-9).rounded(.down)
        guard limit >= 0 else { return table[0].milliEm }
        return limit < Double(byWholeSize.count) ? byWholeSize[Int(limit)] : table[table.count - 1].milliEm
    }

    /// For each whole size from 0 to the last row's, the entry for the largest listed size at or below
    /// it (the first row's below the first row).
    static let byWholeSize: [Double] = {
        let last = Int(table[table.count - 1].size)
        return (0...last).map { n in table.last { $0.size <= Double(n) }?.milliEm ?? table[0].milliEm }
    }()

    /// Tracking in points added after every grapheme cluster the system font draws at `size`
    /// (fallback fonts' clusters get none, as in Core Text).
    public static func points(at size: Double) -> Double { size * milliEm(at: size) / 1000 }
}
