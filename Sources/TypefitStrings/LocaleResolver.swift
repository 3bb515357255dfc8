import CTypefitLocales
import TypefitCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Picks the localization that stands for a requested locale, the way
/// `Bundle.preferredLocalizations(from:forPreferences:)` does (CFBundle_Locale.c in
/// swift-corelibs-foundation): spellings normalised, exact match first, then the language's
/// fallbacks. Returns nil when nothing matches — typefit makes that an error, where a bundle would
/// quietly use its development localization.
public enum LocaleResolver {
    /// `pt_BR` → `pt-BR`, `DE` → `de`, `zh_hant_hk` → `zh-Hant-HK`, `es_419` → `es-419`; ICU keywords
    /// (`@…`) dropped. Pseudolocale names (`pseudo-double`) are kept as they are. An old Apple
    /// language name (`French`, from a `French.lproj` folder) is its code, as CFLocale reads it:
    /// `AppleLanguageName`.
    public static func canonical(_ tag: String) -> String {
        if let code = AppleLanguageName.code(for: tag) { return code }
        var base = Substring(tag)
        if let at = base.firstIndex(of: "@") { base = base[..<at] }
        let lowered = base.lowercased()
        if Pseudolocale(rawValue: lowered) != nil { return lowered }
        let parts = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first else { return tag }
        var out = [first.lowercased()]
        for (i, part) in parts.dropFirst().enumerated() {
            if part.count == 4, part.allSatisfy(\.isLetter), i == 0 {
                out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())  // script
            } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                out.append(part.uppercased())  // region
            } else {
                out.append(part.lowercased())
            }
        }
        return out.joined(separator: "-")
    }

    /// The localization of `available` a bundle takes for the language `name` names, as
    /// `_CFBundleCopyLanguageFoundInLocalizations` (CFBundle_Locale.c) finds its development region:
    /// `name` itself, else the first (sorted) whose canonical form is `name`'s — `English` for `en`,
    /// `en` for `English`, `en_GB` for `en-GB`; nil when none is.
    public static func localization(named name: String, in available: [String]) -> String? {
        if available.contains(name) { return name }
        let wanted = canonical(name)
        return available.sorted().first { $0 != "Base" && canonical($0) == wanted }
    }

    /// The localizations of `available` that stand for `requested`, best first, then the fallbacks
    /// a bundle searches after it (`es-MX` with es, es-419 → `[es-419, es]`); nil when none does.
    ///
    /// The matching is Apple's own: `ualoc_localizationsToUse`, which
    /// `CFBundleCopyLocalizationsForPreferences` calls, from the Foundation every Swift toolchain
    /// ships (its rules and CLDR data: aliases `iw` → `he`, `no` → `nb`, parents `es-MX` → `es-419`,
    /// `zh-HK` → `zh-Hant`, `pt` → `pt-BR` …). Two differences, both deliberate: `available` is
    /// sorted first, so ties (`de` between `de-AT` and `de-CH`) do not depend on the order of folders
    /// on disk; and no match is nil, where a bundle would silently use its first localization.
    /// Pseudolocales match only themselves.
    public static func resolve(_ requested: String, in available: [String]) throws -> [String]? {
        try resolve(requested, in: Available(available))
    }

    /// The same, against localizations sorted and hashed once for all the requests made against them
    /// (a spec resolves each of its locales against one list: hashing the list of 40 for every
    /// request was most of the cost of a remembered answer).
    public static func resolve(_ requested: String, in available: Available) throws -> [String]? {
        // Every job of an audit asks again (a spec in each of its locales): ICU's matcher loads and
        // canonicalises locale data on each call, so answers are kept for the process.
        let key = MemoKey(requested: requested, available: available.sorted)
        if let hit = memo.value(for: key) { return hit }
        let answer = try match(requested, sorted: available.sorted.fields)
        memo.store(answer, for: key)
        return answer
    }

    /// Localizations to resolve requests against: sorted, each once, and hashed once.
    public struct Available: Sendable {
        let sorted: HashedOnce<[String]>

        public init(_ available: [String]) {
            // Callers mostly pass `StringTables.localizations`, already sorted and unique: checked in one pass.
            let ordered = zip(available, available.dropFirst()).allSatisfy({ $0 < $1 }) ? available : Array(Set(available)).sorted()
            sorted = HashedOnce(ordered)
        }
    }

    private struct MemoKey: Hashable {
        var requested: String
        var available: HashedOnce<[String]>
    }

    /// Answers so far, by requested tag and sorted localizations (a few per locale and catalog set).
    private static let memo = LockedMemo<MemoKey, [String]?>()

    private static func match(_ requested: String, sorted: [String]) throws -> [String]? {
        if let pseudo = Pseudolocale(rawValue: canonical(requested)) {
            return sorted.contains(pseudo.rawValue) ? [pseudo.rawValue] : nil
        }
        let candidates = sorted.filter { Pseudolocale(rawValue: $0) == nil }
        if candidates.isEmpty || requested.isEmpty { return nil }
        var result: [String]? = nil
        var failure: Int32 = 0
        withCStrings([requested]) { preferred in
            withCStrings(candidates) { avail in
                var out = [UnsafePointer<CChar>?](repeating: nil, count: candidates.count)
                let n = tf_localizations_to_use(preferred, 1, avail, Int32(candidates.count), &out, Int32(out.count))
                guard n >= 0 else { failure = n; return }
                var chain: [String] = []
                for i in 0..<Int(n) {
                    // Pointers into `avail`: map back by address to the Swift strings.
                    guard let p = out[i], let index = (0..<candidates.count).first(where: { avail[$0] == p }) else { continue }
                    if !chain.contains(candidates[index]) { chain.append(candidates[index]) }
                }
                result = chain.isEmpty ? nil : chain
            }
        }
        if failure == -2 { throw LocaleMatchingUnavailable() }
        return result
    }

    /// Apple's matcher was not found (a platform whose Foundation lacks it).
    public struct LocaleMatchingUnavailable: Error, CustomStringConvertible {
        public var description: String { "Apple's localization matcher (ualoc_localizationsToUse) is not available on this platform" }
    }

    /// Calls `body` with a C array of NUL-terminated copies of `strings`, valid during the call.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
