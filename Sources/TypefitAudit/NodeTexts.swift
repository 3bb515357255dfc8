import TypefitCore
import TypefitLayout
import TypefitSpec

/// What one layout node keeps of its element's text for the job's states: its font per category,
/// its candidate strings per source slot, and its text results per state category, each with the
/// widths at which it holds (`WidthRange`). Found by the node's own indexes, never by hashing: the
/// layout asks for every text of every state (about 850,000 times on the benchmark corpus), and the
/// job-wide dictionary keyed by element this replaces, with a new list per key and the font resolved
/// again each time, cost 1.9 % of the audit's instructions more.
///
/// One per node, so one per element and job: the tree is the job's and so is this. A class: as a
/// struct held by the node, every lookup copied it first (a retain and a release of each of its five
/// lists, for every text of every state), since the node's property could change during the call.
final class NodeTexts {
    /// A text result and what it was made for.
    struct Kept {
        let made: Made
        let result: TextResult

        init(made: Made, result: TextResult) {
            self.made = made
            self.result = result
        }

        init(size: Double, heightLimit: Double?, fallback: Int, widths: WidthRange, result: TextResult) {
            made = Made(size: size, heightLimit: heightLimit, fallback: Int32(fallback), widths: widths)
            self.result = result
        }
    }

    /// What a result was made for: plain numbers, copied without touching a reference count.
    struct Made {
        let size: Double
        let heightLimit: Double?
        /// The `fromCategory` fallback its state category reached, by index (−1: none): the one
        /// thing besides the font's size in which two state categories' results can differ.
        let fallback: Int32
        /// The widths at which the result is the same.
        let widths: WidthRange

        func matches(size: Double, heightLimit: Double?, width: Double) -> Bool {
            self.size == size && self.heightLimit == heightLimit && widths.contains(width)
        }
    }

    /// Every result kept, in the order they were made, in two parallel lists: what each was made for
    /// with the next one made for the same state category (−1: none), plain numbers searched without
    /// touching a reference count, and the result. Iterating a list of (category, `Kept`) pairs
    /// copied each entry, its result's reference included: a retain and a release per entry passed.
    /// Both get room for `expectedResults` with the first result: a node keeps about 17 results per
    /// job on the benchmark corpus, and growing three lists one append at a time from empty (1, 2, 4…
    /// 32) reallocated each about five times, 1.3 % of the audit's instructions.
    private var made: [(made: Made, next: Int32)] = []
    private var results: [TextResult] = []
    /// The room the lists get with their first result. Sixteen: a node past it grows once, and a list
    /// of 16 stays under 1 KB, a size `malloc` serves from its per-thread cache (room for 32 counted
    /// 8 million instructions more on the corpus).
    static let expectedResults = 16
    /// Per state category (by raw value), its first and last result's index (−1: none): at 2c and
    /// 2c + 1. Empty until the first result is kept.
    private var ends: [Int32] = []
    /// The element's font per effective category (by raw value), and its size alone: a state whose
    /// text the node already has finds it by the size, and copying the font (its selection holds
    /// references) cost a retain and a release per text per state.
    private var fonts: [ElementFont?] = []
    private var sizes: [Double?] = []
    /// The element's font at each category, worked out once for the spec's jobs (`ElementFonts`):
    /// when set, `fonts` and `sizes` stay empty.
    private let resolved: [ElementFont]?
    /// The candidate strings per source slot (slot + 1: 0 is the element's own text).
    private var candidates: [[Candidate]?] = []

    /// - Parameter resolved: the element's font at each category, when the spec's jobs share them.
    init(fonts resolved: [ElementFont]? = nil) {
        self.resolved = resolved
    }

    /// The earliest result kept for the state `category` at this size and height limit whose widths
    /// contain `width`: the one a job-wide memo would have found first.
    func result(category: ContentSizeCategory, size: Double, heightLimit: Double?, width: Double) -> TextResult? {
        guard !ends.isEmpty else { return nil }
        var i = Int(ends[2 * category.rawValue])
        while i >= 0 {
            if made[i].made.matches(size: size, heightLimit: heightLimit, width: width) { return results[i] }
            i = Int(made[i].next)
        }
        return nil
    }

    /// The earliest result kept for any state category that reached the `fromCategory` fallback
    /// `fallback` (−1: none), at this size and height limit, whose widths contain `width`. A text's
    /// result depends on its state category only through its font's size and that fallback
    /// (`ScreenLayouter.resolveText`), so another category's is the one this category would make:
    /// a font that does not follow Dynamic Type, a clamped category (`maximumContentSizeCategory`),
    /// or a text style whose size is the same at two categories (Caption 2 is 11 pt from xSmall to
    /// Large) is laid out once, not once per category.
    func result(fallback: Int, size: Double, heightLimit: Double?, width: Double) -> Kept? {
        let f = Int32(fallback)
        for i in made.indices {
            let m = made[i].made
            if m.fallback == f && m.matches(size: size, heightLimit: heightLimit, width: width) { return Kept(made: m, result: results[i]) }
        }
        return nil
    }

    func keep(_ kept: Kept, category: ContentSizeCategory) {
        let c = 2 * category.rawValue
        if ends.isEmpty {
            ends = [Int32](filled: -1, count: 2 * ContentSizeCategory.allCases.count)
            made.reserveCapacity(Self.expectedResults)
            results.reserveCapacity(Self.expectedResults)
        }
        let i = Int32(made.count)
        made.append((kept.made, -1))
        results.append(kept.result)
        if ends[c] < 0 { ends[c] = i } else { made[Int(ends[c + 1])].next = i }
        ends[c + 1] = i
    }

    /// The element's font at `category`, resolved once per job.
    func font(_ e: Element, category: ContentSizeCategory) -> ElementFont {
        let c = category.rawValue
        if let resolved { return resolved[c] }
        if c < fonts.count, let font = fonts[c] { return font }
        if fonts.isEmpty {
            // Appended one by one, as the candidates are: filling the list with a repeated nil copied
            // it through the optional font's generic copy (about 1,400 instructions a node).
            let count = ContentSizeCategory.allCases.count
            fonts.reserveCapacity(count)
            sizes.reserveCapacity(count)
            for _ in 0..<count {
                fonts.append(nil)
                sizes.append(nil)
            }
        }
        let font = ElementFont.resolve(e, category: category)
        fonts[c] = font
        sizes[c] = font.size
        return font
    }

    /// The size of the element's font at `category` (`font(_:category:)`'s, resolved once per job).
    func fontSize(_ e: Element, category: ContentSizeCategory) -> Double {
        let c = category.rawValue
        if let resolved { return resolved[c].size }
        if c < sizes.count, let size = sizes[c] { return size }
        return font(e, category: category).size
    }

    /// The candidates kept for source `slot` (−1: the element's own text; i: its fallback i).
    func candidates(slot: Int) -> [Candidate]? {
        let i = slot + 1
        return i >= 0 && i < candidates.count ? candidates[i] : nil
    }

    func keep(_ list: [Candidate], slot: Int) {
        let i = slot + 1
        // Appended one by one: `Array(repeating: nil, count:)` copies its value through the type's
        // generic copy for every slot (1,500 instructions a node, 25 million on the benchmark corpus).
        while i >= candidates.count { candidates.append(nil) }
        candidates[i] = list
    }
}
