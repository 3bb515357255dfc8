import CTypefitLocales

/// CLDR plural rules, from the ICU that Foundation uses to choose a plural form (`lib_FoundationICU`
/// on Linux, `libicucore` on Apple platforms), and Foundation's choice among the forms a string has.
public enum PluralRules {
    private struct Query: Hashable {
        var language: String
        var number: Double
    }

    /// Answers so far (a few numbers per language).
    private static let memo = LockedMemo<Query, PluralCategory?>()

    /// The CLDR plural category of `number` in `language` (a localization name: `ru`, `pt-BR`,
    /// `zh-Hans`); nil when ICU has no answer.
    public static func category(of number: Double, in language: String) -> PluralCategory? {
        let query = Query(language: language, number: number)
        if let known = memo.value(for: query) { return known }
        var keyword = [CChar](repeating: 0, count: 16)
        let id = language.replacingOccurrences(of: "-", with: "_")
        let n = tf_plural_category(id, number, &keyword, Int32(keyword.count))
        let category =
            n > 0 ? PluralCategory(rawValue: String(decoding: keyword.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)) : nil
        memo.store(category, for: query)
        return category
    }

    private struct SampleQuery: Hashable {
        var language: String
        var category: PluralCategory
        var preferred: Int64
    }

    private static let samples = LockedMemo<SampleQuery, Int64>()

    /// Whole numbers tried, in order, for a category `preferred` is not in: the small ones, then powers of
    /// ten (French, Spanish, Italian and Portuguese `many` is a million and its multiples).
    static let sampleCandidates: [Int64] = Array(0...200) + [1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// A whole number that shows `category`'s form in `language`: `preferred` when it is in the
    /// category, else the first of `sampleCandidates` that is; `preferred` when no whole number is
    /// (Russian `other` and Czech `many` are for fractions; a form the language lacks is never chosen).
    public static func sampleNumber(for category: PluralCategory, in language: String, preferring preferred: Int64) -> Int64 {
        let query = SampleQuery(language: language, category: category, preferred: preferred)
        if let known = samples.value(for: query) { return known }
        var found = preferred
        if self.category(of: Double(preferred), in: language) != category,
            let other = sampleCandidates.first(where: { self.category(of: Double($0), in: language) == category })
        {
            found = other
        }
        samples.store(found, for: query)
        return found
    }

    /// The form Foundation shows for `number` in `language` when the string has the forms
    /// `available`: `zero` for 0 when the string has it, whatever the language's rules ("If 'zero' is
    /// present, the value is used for mapping the argument value zero regardless of what CLDR rule
    /// specifies", Foundation Release Notes for OS X 10.9); else the number's CLDR category when the
    /// string has that form; else `other`.
    public static func form(for number: Double, in language: String, among available: Set<PluralCategory>) -> PluralCategory {
        if number == 0 && available.contains(.zero) { return .zero }
        if let category = category(of: number, in: language), available.contains(category) { return category }
        return .other
    }
}
