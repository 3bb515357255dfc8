import CTypefitLocales
import TypefitCore

/// CLDR plural rules, from the ICU that Foundation uses to choose a plural form (`lib_FoundationICU`
/// on Linux, `libicucore` on Apple platforms), and Foundation's choice among the forms a string has.
///
/// Each language's rules are opened once for all of `sampleCandidates`, not once per number: a catalog
/// may name any number of localizations (676 of them cost 0.44 s when each number opened the rules).
public enum PluralRules {
    private struct Query: Hashable {
        var language: String
        var number: Double
    }

    /// Answers for single numbers so far (a spec's given numbers, the preferred samples).
    private static let answers = LockedMemo<Query, PluralCategory?>()
    /// Each language's category for every one of `sampleCandidates`, worked out together.
    private static let candidateTables = LockedMemo<String, [PluralCategory?]>(capacity: 1024)

    /// Whole numbers tried, in order, for a category the preferred sample is not in: the small ones,
    /// 888 (`SampleValues`' preferred `other`), then powers of ten (French, Spanish, Italian and
    /// Portuguese `many` is a million and its multiples).
    static let sampleCandidates: [Int64] =
        Array(0...200) + [888, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// The categories of `numbers` in `language` (a localization name: `ru`, `pt-BR`, `zh-Hans`,
    /// `French`), each nil when ICU has no answer.
    private static func categories(of numbers: [Double], in language: String) -> [PluralCategory?] {
        var codes = [UInt8](repeating: 255, count: numbers.count)
        // An old Apple name (`French`, a `French.lproj` folder's localization) is read as its code.
        let id = (AppleLanguageName.code(for: language) ?? language).replacingOccurrences(of: "-", with: "_")
        let status = numbers.withUnsafeBufferPointer { n in
            codes.withUnsafeMutableBufferPointer { c in
                tf_plural_categories(id, n.baseAddress, Int32(n.count), c.baseAddress)
            }
        }
        guard status == 0 else { return Array(repeating: nil, count: numbers.count) }
        let all: [PluralCategory] = [.zero, .one, .two, .few, .many, .other]
        return codes.map { Int($0) < all.count ? all[Int($0)] : nil }
    }

    /// The CLDR plural category of `number` in `language`; nil when ICU has no answer.
    public static func category(of number: Double, in language: String) -> PluralCategory? {
        let query = Query(language: language, number: number)
        if let known = answers.value(for: query) { return known }
        let category = categories(of: [number], in: language)[0]
        answers.store(category, for: query)
        return category
    }

    /// A whole number that shows `category`'s form in `language`: `preferred` when it is in the
    /// category, else the first of `sampleCandidates` that is; `preferred` when no whole number is
    /// (Russian `other` and Czech `many` are for fractions; a form the language lacks is never chosen).
    public static func sampleNumber(for category: PluralCategory, in language: String, preferring preferred: Int64) -> Int64 {
        let table =
            candidateTables.value(for: language)
            ?? {
                let table = categories(of: sampleCandidates.map(Double.init), in: language)
                candidateTables.store(table, for: language)
                return table
            }()
        let isPreferredIn =
            sampleCandidates.firstIndex(of: preferred).map { table[$0] == category }
            ?? (self.category(of: Double(preferred), in: language) == category)
        if isPreferredIn { return preferred }
        return table.firstIndex(of: category).map { sampleCandidates[$0] } ?? preferred
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
