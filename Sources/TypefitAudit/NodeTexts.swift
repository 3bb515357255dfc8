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
/// One per node, so one per element and job: the tree is the job's and so is this.
struct NodeTexts {
    /// A text result and what it was made for.
    struct Kept {
        let made: Made
        let result: TextResult

        init(size: Double, heightLimit: Double?, widths: WidthRange, result: TextResult) {
            made = Made(size: size, heightLimit: heightLimit, widths: widths)
            self.result = result
        }
    }

    /// What a result was made for: plain numbers, copied without touching a reference count.
    struct Made {
        let size: Double
        let heightLimit: Double?
        /// The widths at which the result is the same.
        let widths: WidthRange

        func matches(size: Double, heightLimit: Double?, width: Double) -> Bool {
            self.size == size && self.heightLimit == heightLimit && widths.contains(width)
        }
    }

    /// Per state category (by raw value), the first result made and what it was made for, in two
    /// lists: most categories have one, and the layout asks for every text of every state (reading
    /// an optional `Kept` copied it, its result's reference included, through a generic copy).
    private var firstMade: [Made] = []
    private var first: [TextResult?] = []
    /// Later results, in the order they were made, with their state category.
    private var more: [(category: ContentSizeCategory, kept: Kept)] = []
    /// The element's font per effective category (by raw value).
    private var fonts: [ElementFont?] = []
    /// The candidate strings per source slot (slot + 1: 0 is the element's own text).
    private var candidates: [[Candidate]?] = []

    /// The earliest result kept for the state `category` at this size and height limit whose widths
    /// contain `width`: the one a job-wide memo would have found first.
    func result(category: ContentSizeCategory, size: Double, heightLimit: Double?, width: Double) -> TextResult? {
        let c = category.rawValue
        guard c < first.count, first[c] != nil else { return nil }
        if firstMade[c].matches(size: size, heightLimit: heightLimit, width: width) { return first[c] }
        for entry in more where entry.category == category && entry.kept.made.matches(size: size, heightLimit: heightLimit, width: width) {
            return entry.kept.result
        }
        return nil
    }

    mutating func keep(_ kept: Kept, category: ContentSizeCategory) {
        let c = category.rawValue
        if first.isEmpty {
            let count = ContentSizeCategory.allCases.count
            first = Self.empty(count)
            firstMade = Array(repeating: Made(size: 0, heightLimit: nil, widths: WidthRange()), count: count)
        }
        if first[c] == nil {
            first[c] = kept.result
            firstMade[c] = kept.made
        } else {
            more.append((category, kept))
        }
    }

    /// The element's font at `category`, resolved once per job.
    mutating func font(_ e: Element, category: ContentSizeCategory) -> ElementFont {
        let c = category.rawValue
        if c < fonts.count, let font = fonts[c] { return font }
        if fonts.isEmpty { fonts = Self.empty(ContentSizeCategory.allCases.count) }
        let font = ElementFont.resolve(e, category: category)
        fonts[c] = font
        return font
    }

    /// `count` nils, each written in place: `Array(repeating: nil, count:)` copies its value through
    /// the type's generic copy for every slot (1,900 instructions for twelve of these optionals).
    private static func empty<T>(_ count: Int) -> [T?] {
        [T?](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { (buffer.baseAddress! + i).initialize(to: nil) }
            initialized = count
        }
    }

    /// The candidates kept for source `slot` (−1: the element's own text; i: its fallback i).
    func candidates(slot: Int) -> [Candidate]? {
        let i = slot + 1
        return i >= 0 && i < candidates.count ? candidates[i] : nil
    }

    mutating func keep(_ list: [Candidate], slot: Int) {
        let i = slot + 1
        if i >= candidates.count { candidates += Array(repeating: nil, count: i + 1 - candidates.count) }
        candidates[i] = list
    }
}
