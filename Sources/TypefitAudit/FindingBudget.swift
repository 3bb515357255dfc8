/// A truncated translation's length budget in the finding's own state (`numbers.budget` in the JSON
/// report; docs/report-format.md): the room `typefit budgets` gives the key, measured the same way
/// (in the budget's own state — the largest category the string is shown at, the narrowest
/// device — the numbers are equal).
public struct FindingBudget: Codable, Sendable, Equatable {
    /// Available text width, pt (the finding's `widthAvailable`).
    public var width: Double
    /// Lines allowed (numberOfLines).
    public var lines: Int
    /// The text's one-line width ÷ (width × lines): above 1, over budget (three decimals).
    public var share: Double
    /// The locale's average advance per character in this font and size, pt.
    public var averageAdvance: Double
    /// ⌊width × lines ÷ averageAdvance⌋: an estimate, not a limit.
    public var estimatedCharacters: Int

    public init(width: Double, lines: Int, share: Double, averageAdvance: Double, estimatedCharacters: Int) {
        self.width = width
        self.lines = lines
        self.share = share
        self.averageAdvance = averageAdvance
        self.estimatedCharacters = estimatedCharacters
    }
}
