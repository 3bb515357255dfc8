import TypefitText

/// What scaling needs to know of one cluster of a `ShapedParagraph`, besides its advance, packed in
/// a byte: worked out once when the paragraph is shaped, instead of from the analysis, the font
/// tables and the missing-glyph list for every size the paragraph is scaled to.
/// (The kinds are inlinable computed constants: as stored statics, every test of one went through
/// an addressor call from the layout module, millions of times per audit.)
@frozen
public struct ClusterKind: OptionSet, Sendable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A line separator, or a cluster with no advance: no width at any size.
    @inlinable public static var noWidth: ClusterKind { ClusterKind(rawValue: 1 << 0) }
    /// Drawn by one of the requested fonts (not a fallback) with its glyphs: tracked, and for the
    /// system font stand-in blended with its Display cut.
    @inlinable public static var requested: ClusterKind { ClusterKind(rawValue: 1 << 1) }
    /// One U+0020 SPACE (the stand-in scales spaces by their own factor).
    @inlinable public static var space: ClusterKind { ClusterKind(rawValue: 1 << 2) }
    /// Is or forces a line break (a line separator, or a mandatory break after it).
    @inlinable public static var hardBreak: ClusterKind { ClusterKind(rawValue: 1 << 3) }
    /// Left out at the end of a line: a hanging space or a line separator.
    @inlinable public static var trailing: ClusterKind { ClusterKind(rawValue: 1 << 4) }

    /// The kinds of each cluster of a paragraph, written into a list allocated once and read from
    /// the per-cluster arrays through their buffers (a mapped list checked its room and every array
    /// its index, for every cluster of every text shaped). `clusterFont`, `clusterAdvance` and
    /// `clusterMissing` have one entry per cluster; `isRequested` one per font `clusterFont` names.
    static func of(
        _ analysis: TextAnalysis, clusterFont: [Int], clusterAdvance: [Double], clusterMissing: [Bool], isRequested: [Bool]
    ) -> [ClusterKind] {
        let count = analysis.clusters.count
        precondition(
            clusterFont.count == count && clusterAdvance.count == count && clusterMissing.count == count,
            "per-cluster lists of another length")
        return analysis.clusters.withUnsafeBufferPointer { clusters in
            analysis.units.withUnsafeBufferPointer { units in
                clusterFont.withUnsafeBufferPointer { fonts in
                    clusterAdvance.withUnsafeBufferPointer { advances in
                        clusterMissing.withUnsafeBufferPointer { missing in
                            [ClusterKind](unsafeUninitializedCapacity: count) { out, initialized in
                                for i in 0..<count {
                                    let c = clusters[i]
                                    var k: ClusterKind = []
                                    if c.isLineSeparator || advances[i] == 0 { k.insert(.noWidth) }
                                    let f = fonts[i]
                                    if f >= 0 && isRequested[f] && !missing[i] { k.insert(.requested) }
                                    if c.end == c.start + 1 && units[c.start] == 0x20 { k.insert(.space) }
                                    if c.isLineSeparator || c.breakAfter == .mandatory { k.insert(.hardBreak) }
                                    if c.isHangingSpace || c.isLineSeparator { k.insert(.trailing) }
                                    out[i] = k
                                }
                                initialized = count
                            }
                        }
                    }
                }
            }
        }
    }
}
