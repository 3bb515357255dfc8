/// One cluster of a `ShapedParagraph` as scaling to a size reads it: its advance in em and its
/// `ClusterKind`, side by side. A paragraph keeps them in memory of its own (`ShapedParagraph.scales`),
/// which a reader reaches through one pointer: reading `clusterAdvance` and `clusterKinds` through
/// the paragraph retained and released each array (and the Display cut's two) every time a text was
/// measured at a size.
@frozen
public struct ClusterScale: Sendable {
    /// The cluster's advance in em (`ShapedParagraph.clusterAdvance`).
    public let advance: Double
    /// The cluster's kind (`ShapedParagraph.clusterKinds`).
    public let kind: ClusterKind

    @inlinable init(advance: Double, kind: ClusterKind) {
        self.advance = advance
        self.kind = kind
    }
}
