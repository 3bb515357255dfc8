import TypefitShaping

/// A shaped paragraph at one point size as far as one unbroken line needs it: its natural width and
/// line height, without the per-cluster widths a `ScaledParagraph` keeps for line breaking. Most of
/// a screen's texts fit on one line at most sizes, and their layout needs nothing more
/// (`TextEngine.oneLineLayout`); only the others are scaled cluster by cluster.
///
/// The numbers are `ScaledParagraph`'s for the same arguments, computed the same way and summed in
/// the same order (so equal to the last bit).
public struct OneLineMetrics: Sendable {
    public let paragraph: ShapedParagraph
    public let size: Double
    /// Widest hard-broken line (no wrapping), trailing spaces excluded.
    public let naturalWidth: Double
    public let lineHeight: Double
    /// The narrowest width at which the text lays out as one unbroken line (`ScaledParagraph.oneLineWidth`):
    /// nil when it has hard line breaks or no text.
    public let oneLineWidth: Double?

    public init(_ p: ShapedParagraph, size: Double, tracking applies: Bool, display: ShapedParagraph? = nil, calibrated: Bool = true) {
        paragraph = p
        self.size = size
        if p.hasHardBreaks {
            // Its widest line needs the lines, and no layout of it takes the one-line path: scaled whole.
            let scaled = ScaledParagraph(p, size: size, tracking: applies, display: display, calibrated: calibrated)
            naturalWidth = scaled.naturalWidth
            lineHeight = scaled.lineHeight
            oneLineWidth = nil
        } else {
            let w = ClusterWidths(p, size: size, tracking: applies, display: display, calibrated: calibrated)
            naturalWidth = w.withWidth { ScaledParagraph.unbrokenWidth(p, $0) }
            lineHeight = ScaledParagraph.lineHeight(p, size: size, standIn: w.standIn)
            oneLineWidth = p.clusterCount == 0 ? nil : naturalWidth
        }
    }
}
