/// The widths at which a text lays out exactly as it did at one width.
///
/// Line breaking and truncation use the width a text has in one way only: each decision compares a
/// width the text needs with it (`needed <= width + LineBreaker.epsilon`: this cluster still fits on
/// the line, the ellipsis still fits after that prefix). A layout made at one width is therefore the
/// layout at every other width for which each of those comparisons comes out the same. Keeping the
/// widest need that fitted and the narrowest that did not gives that set exactly — nothing is
/// estimated — so the audit can hand a layout to another device's width after one comparison
/// (`contains`) instead of breaking the lines again. Line breaking records what its lines depend on
/// rather than every comparison it makes (a line ending at a break opportunity stays the same until
/// the whole next word fits: `LineBreaker.lines`), which makes the ranges of wrapped text about a
/// word wide instead of a cluster. A layout that uses the width in any other way (a clipped line is
/// as wide as the width) holds at that width only (`pin`).
public struct WidthRange: Sendable, Equatable {
    /// The widest need that fitted (−∞: none).
    public private(set) var fitted = -Double.infinity
    /// The narrowest need that did not fit (+∞: none).
    public private(set) var overflowed = Double.infinity
    /// Set when the layout holds at this width only.
    public private(set) var only: Double?

    public init() {}

    /// Compares `needed` with `width` as line breaking does, records the comparison, and returns it.
    @inline(__always)
    public mutating func fits(_ needed: Double, in width: Double) -> Bool {
        let fits = needed <= width + LineBreaker.epsilon
        if fits { fit(needed) } else { overflow(needed) }
        return fits
    }

    /// Records a need that fitted (one the layout requires to go on fitting).
    public mutating func fit(_ needed: Double) {
        if needed > fitted { fitted = needed }
    }

    /// Records a need that did not fit (one the layout requires to go on not fitting).
    public mutating func overflow(_ needed: Double) {
        if needed < overflowed { overflowed = needed }
    }

    /// The layout depends on `width` other than through comparisons: it holds there only.
    public mutating func pin(to width: Double) { only = width }

    /// Whether every recorded comparison comes out the same at `width` (so the layout is the same).
    public func contains(_ width: Double) -> Bool {
        if let only { return width == only }
        let w = width + LineBreaker.epsilon
        return fitted <= w && !(overflowed <= w)
    }
}
