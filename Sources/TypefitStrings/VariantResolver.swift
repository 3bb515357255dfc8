import Foundation
import TypefitCore

/// Turns a `RawStringTable` into the variants to check: picks each locale's text or the
/// source fallback, expands substitutions, fills format specifiers with `SampleValues`,
/// applies pseudolocales, and compares every translation's arguments with the source's.
struct VariantResolver {
    /// More combinations than this per key and locale are cut (and reported).
    static let maximumVariants = 256
    /// Combinations of substitution choices tried per key and locale, over all its variations (each is
    /// rendered; plural × device × substitution choices multiply, so a small file could ask for millions).
    static let maximumCombinations = 1_024
    /// UTF-16 units the variants of one key in one locale may hold together once their substitutions
    /// are expanded: one text's limit (`TextLimit`), so that a key costs no more to lay out than the
    /// longest text a spec may hold.
    static let maximumUnits = TextLimit.maximumLength
    /// How deeply substitutions may refer to other substitutions.
    static let maximumSubstitutionDepth = 4

    let table: RawStringTable
    let samples: SampleValues
    private(set) var problems: [StringProblem] = []
    private var reported: Set<StringProblem> = []
    /// The arguments the source text reads, by key.
    private var sourceArguments: [String: [Int: ArgumentUse]] = [:]
    /// Whether each key's text is formatted (see `isFormatted`).
    private var formatted: [String: Bool] = [:]
    /// The last key each of those two tables answered for, with its answer: a table is resolved key
    /// by key, locale after locale, so most questions are about the key asked about last (and its
    /// hash cost more than the rest of a plain text's shortcut).
    private var lastSourceArguments: (key: String, arguments: [Int: ArgumentUse])?
    private var lastFormatted: (key: String, formatted: Bool)?

    /// Whether a plain text takes `plainVariant`'s shortcut (false only in the tests that compare it
    /// with the general path).
    var takesPlainShortcut = true

    init(table: RawStringTable, samples: SampleValues) {
        self.table = table
        self.samples = samples
    }

    /// The variants of `key` in `locale`, which may be a pseudolocale's name.
    mutating func variants(key: String, entry: RawEntry, locale: String) -> [StringVariant] {
        let pseudolocale = locale == table.sourceLanguage ? nil : Pseudolocale(localeName: locale)
        if takesPlainShortcut, pseudolocale == nil, let plain = plainVariant(key: key, entry: entry, locale: locale) {
            // What the general path below checks of it: a translation's arguments (it reads none)
            // against the source text's.
            if locale != table.sourceLanguage { checkArguments(key: key, entry: entry, locale: locale, signatures: [(plain, [])]) }
            return [plain]
        }
        var result: [StringVariant] = []
        var signatures: [(variant: StringVariant, arguments: [ArgumentUse])] = []
        var budget = Budget()
        let all = pieces(key: key, entry: entry, locale: locale, pseudolocale: pseudolocale)
        // Only a spec's given numbers choose forms (`ArgumentSample`). Forms that show no number
        // ("One file", "Several files") are chosen by the argument the source text's forms read.
        let chooser =
            samples.given.isEmpty
            ? nil
            : Self.topChooser(all) ?? Self.topChooser(pieces(key: key, entry: entry, locale: sourceLanguage, pseudolocale: nil))
        // When the chosen forms leave nothing (the chosen combination lies past `maximumCombinations`),
        // every form is checked with the given numbers instead: a spec's numbers never leave a key
        // with nothing to measure.
        // Only given numbers read the forms (once for every piece, not per piece and pass).
        // (Without given numbers no piece has forms: no list of empty sets is made for them.)
        let forms = samples.given.isEmpty ? nil : Self.topForms(all)
        for choosing in samples.given.isEmpty ? [false] : [true, false] {
            result = []
            signatures = []
            budget = Budget()
            pieces: for (index, piece) in all.enumerated() {
                let forms = forms?[index] ?? []
                for (variant, arguments) in expand(
                    piece, key: key, entry: entry, locale: locale, pseudolocale: pseudolocale, topForms: forms,
                    topChooser: chooser, choosing: choosing, budget: &budget)
                {
                    guard !result.contains(where: { $0.steps == variant.steps }) else { continue }
                    guard result.count < Self.maximumVariants else { budget.exhausted = .variants; break pieces }
                    result.append(variant)
                    signatures.append((variant, arguments))
                }
                if budget.exhausted != nil { break }
            }
            if !result.isEmpty { break }
        }
        if let limit = budget.exhausted {
            let checked = result.count == 1 ? "only the first is checked" : "only the first \(result.count) are checked"
            switch limit {
            case .variants:
                report(
                    key, locale, .tooManyVariants,
                    "more than \(Self.maximumVariants) combinations of variations; only the first \(Self.maximumVariants) are checked")
            case .combinations:
                report(
                    key, locale, .tooManyVariants,
                    "more than \(Self.maximumCombinations) combinations of variations and substitutions to render; \(checked)")
            case .units:
                report(
                    key, locale, .tooManyVariants,
                    "its variants hold more than \(Self.maximumUnits) UTF-16 units together once substitutions are expanded; \(checked)"
                        + (result.count == 1 && result[0].text.utf16.count >= Self.maximumUnits / 2 ? ", cut at the limit" : ""))
            }
        }
        if locale != table.sourceLanguage && pseudolocale == nil {
            checkArguments(key: key, entry: entry, locale: locale, signatures: signatures)
        }
        return result
    }

    /// The one variant of a key whose text in `locale` (not a pseudolocale) is a single string unit
    /// with no `%`, translated or the source's, where the source text reads no arguments: the text as
    /// typed, which is what `pieces` and `expand` make of it (one piece with no steps; no format
    /// token, so nothing to substitute, report or read as an argument; within the units' budget).
    /// Most strings of a catalog are such: skipping the pieces, their substitutions and the expansion
    /// for them took 63.5 million instructions (0.85 %) off the benchmark corpus's audit. Nil for
    /// every other text: the general path takes it.
    private mutating func plainVariant(key: String, entry: RawEntry, locale: String) -> StringVariant? {
        let unit: RawUnit
        let status: TranslationStatus
        if locale == sourceLanguage {
            // `sourceUnits`: the source's units, or the key itself when the source has none.
            if let source = entry.localizations[sourceLanguage] {
                guard case .unit(let u) = source.node else { return nil }
                unit = u
            } else {
                unit = RawUnit(value: key)
            }
            status = .source
        } else {
            guard entry.shouldTranslate, let localization = entry.localizations[locale], case .unit(let u) = localization.node,
                Self.fallbackReason(u.state) == nil
            else { return nil }
            unit = u
            status = .translated
        }
        // No more UTF-16 units than UTF-8 bytes: most texts are within the limit by their bytes alone.
        guard !FormatString.hasPercent(unit.value),
            unit.value.utf8.count <= Self.maximumUnits || unit.value.utf16.count <= Self.maximumUnits,
            !isFormatted(key: key, entry: entry)
        else { return nil }
        return StringVariant(steps: [], text: unit.value, format: unit.value, status: status)
    }

    /// The key itself as a localization lacking it shows it (`MissingTranslationDisplay.key`):
    /// Foundation returns the key, which the app then formats as it would the string (a key holding
    /// `%@` is filled when the source text reads arguments).
    mutating func keyShown(key: String, entry: RawEntry) -> [StringVariant] {
        let piece = Piece(
            steps: [], language: sourceLanguage, format: key, status: .keyShown, substitutions: [:], isTranslation: false)
        var budget = Budget()
        return expand(piece, key: key, entry: entry, locale: sourceLanguage, pseudolocale: nil, budget: &budget).map(\.0)
    }

    /// What one key in one locale may still cost, and which limit ended it.
    private struct Budget {
        enum Limit { case variants, combinations, units }
        var combinations = VariantResolver.maximumCombinations
        var units = VariantResolver.maximumUnits
        var exhausted: Limit?
    }

    // MARK: - Choosing the text

    /// A text before substitutions are expanded.
    private struct Piece {
        var steps: [VariationStep]
        /// The language whose plural forms `steps` name, whose rules choose them: the locale's for its
        /// own variants (translated or not), the source language's for the source's.
        var language: String
        var format: String
        var status: TranslationStatus
        /// The substitutions the format's `%#@name@` refer to.
        var substitutions: [String: RawSubstitution]
        /// Whether `substitutions` are the locale's own (so untranslated ones fall back to the source's).
        var isTranslation: Bool
    }

    private var sourceLanguage: String { table.sourceLanguage }

    /// The source's texts, at most `maximumCombinations` (no more can be rendered).
    private func sourceUnits(key: String, entry: RawEntry) -> [(steps: [VariationStep], unit: RawUnit)] {
        entry.localizations[sourceLanguage].map { Array($0.node.flattened().prefix(Self.maximumCombinations)) }
            ?? [([], RawUnit(value: key))]
    }

    private func sourceSubstitutions(_ entry: RawEntry) -> [String: RawSubstitution] {
        entry.localizations[sourceLanguage]?.substitutions ?? [:]
    }

    private func pieces(key: String, entry: RawEntry, locale: String, pseudolocale: Pseudolocale?) -> [Piece] {
        func fromSource(_ status: TranslationStatus) -> [Piece] {
            let sourceSubs = sourceSubstitutions(entry)
            return sourceUnits(key: key, entry: entry).map {
                Piece(
                    steps: $0.steps, language: sourceLanguage, format: $0.unit.value, status: status, substitutions: sourceSubs,
                    isTranslation: false)
            }
        }
        if locale == sourceLanguage { return fromSource(.source) }
        if let pseudolocale { return fromSource(.pseudolocalized(pseudolocale)) }
        if !entry.shouldTranslate { return fromSource(.notTranslatable) }
        guard let localization = entry.localizations[locale] else { return fromSource(.fallback(.missing)) }
        // The source's texts and substitutions stand in for untranslated variants only: most
        // translations have none, and are read without them.
        var source: (units: [(steps: [VariationStep], unit: RawUnit)], substitutions: [String: RawSubstitution])?
        return localization.node.flattened().prefix(Self.maximumCombinations).map { steps, unit in
            if let reason = Self.fallbackReason(unit.state) {
                let known = source ?? (sourceUnits(key: key, entry: entry), sourceSubstitutions(entry))
                source = known
                let match = Self.bestMatch(for: steps, in: known.units)
                return Piece(
                    steps: steps, language: locale, format: match, status: .fallback(reason), substitutions: known.substitutions,
                    isTranslation: false)
            }
            return Piece(
                steps: steps, language: locale, format: unit.value, status: .translated,
                substitutions: localization.substitutions, isTranslation: true)
        }
    }

    /// The plural category a piece's own plural variation chose, if it has one.
    private static func topCategory(_ steps: [VariationStep]) -> PluralCategory? {
        steps.lazy.compactMap { if case .plural(let c) = $0 { c } else { nil } }.first
    }

    /// The forms of each piece's own plural variation: the categories of the pieces that differ from
    /// it only in that category (empty without one). One pass over the pieces, grouped by their other
    /// steps (a key may have up to `maximumCombinations` of them).
    private static func topForms(_ pieces: [Piece]) -> [Set<PluralCategory>] {
        let rests = pieces.map { $0.steps.filter { if case .plural = $0 { false } else { true } } }
        var forms: [[VariationStep]: Set<PluralCategory>] = [:]
        for (piece, rest) in zip(pieces, rests) {
            if let category = topCategory(piece.steps) { forms[rest, default: []].insert(category) }
        }
        return zip(pieces, rests).map { piece, rest in topCategory(piece.steps) == nil ? [] : forms[rest] ?? [] }
    }

    /// The argument that chooses the form of the pieces' own plural variation: the lowest-numbered
    /// number any of its forms reads outside a substitution (Xcode varies a string by plural only when
    /// it reads one argument; with several, each gets a substitution). Nil without one.
    private static func topChooser(_ pieces: [Piece]) -> Int? {
        var lowest: Int?
        for piece in pieces where topCategory(piece.steps) != nil {
            var next = 1
            for token in FormatString.parse(piece.format) {
                switch token {
                case .specifier(let spec):
                    next += spec.starArguments
                    let index = spec.position ?? next
                    if spec.position == nil { next += 1 }
                    if spec.kind.isNumeric { lowest = min(lowest ?? index, index) }
                case .substitution(_, let position):
                    if position == nil { next += 1 }
                case .literal, .percent, .substitutionArgument:
                    break
                }
            }
        }
        return lowest
    }

    private static func fallbackReason(_ state: RawState) -> FallbackReason? {
        switch state {
        case .translated: nil
        case .new: .new
        case .needsReview: .needsReview
        }
    }

    /// The source text shown in place of an untranslated variant: the source variant sharing
    /// the most steps, preferring `other` for a plural the source lacks.
    private static func bestMatch(for steps: [VariationStep], in source: [(steps: [VariationStep], unit: RawUnit)]) -> String {
        var best: (score: Int, value: String)?
        for candidate in source {
            var score = 0
            for step in steps {
                if candidate.steps.contains(step) {
                    score += 2
                } else if case .plural = step, candidate.steps.contains(.plural(.other)) {
                    score += 1
                }
            }
            if score > best?.score ?? -1 { best = (score, candidate.unit.value) }
        }
        return best?.value ?? ""
    }

    // MARK: - Expanding substitutions

    /// A substitution as used in one piece: its variants with their status.
    private struct Substitution {
        var argumentNumber: Int?
        var specifier: FormatSpecifier
        var usesArgPlaceholder: Bool
        var branches: [(category: PluralCategory, format: String, status: TranslationStatus)]
    }

    /// One argument read by a variant, for comparing translations with the source.
    struct ArgumentUse: Equatable {
        var index: Int
        var kind: FormatArgumentKind
        var text: String
    }

    private func specifier(from formatSpecifier: String?) -> FormatSpecifier {
        let written = formatSpecifier.map { $0.hasPrefix("%") ? $0 : "%" + $0 } ?? "%lld"
        if case .specifier(let s)? = FormatString.parse(written).first, s.position == nil { return s }
        return FormatSpecifier(text: "%lld", position: nil, flags: "", width: "", precision: nil, length: "ll", conversion: "d")
    }

    /// The substitution `name` for a piece, with untranslated variants replaced by the source's.
    private func substitution(_ name: String, piece: Piece, entry: RawEntry) -> Substitution? {
        let sourceSub = sourceSubstitutions(entry)[name]
        func make(_ raw: RawSubstitution, _ statusOf: (PluralCategory, RawUnit) -> (String, TranslationStatus)) -> Substitution {
            Substitution(
                argumentNumber: raw.argumentNumber, specifier: specifier(from: raw.formatSpecifier),
                usesArgPlaceholder: raw.usesArgPlaceholder,
                branches: raw.plural.map { c, unit in
                    let (format, status) = statusOf(c, unit)
                    return (c, format, status)
                })
        }
        guard let own = piece.substitutions[name] else {
            guard piece.isTranslation, let sourceSub else { return nil }
            return make(sourceSub) { _, unit in (unit.value, .fallback(.missing)) }
        }
        return make(own) { category, unit in
            guard piece.isTranslation else { return (unit.value, piece.status) }
            guard let reason = Self.fallbackReason(unit.state) else { return (unit.value, .translated) }
            let match =
                sourceSub?.plural.first { $0.category == category }
                ?? sourceSub?.plural.first { $0.category == .other }
            return (match?.unit.value ?? unit.value, .fallback(reason))
        }
    }

    /// Names of the substitutions a piece uses, directly or through other substitutions, in order.
    private func referencedNames(piece: Piece, entry: RawEntry, subs: inout [String: Substitution]) -> [String] {
        var names: [String] = []
        func visit(_ tokens: [FormatToken], depth: Int) {
            for token in tokens {
                guard case .substitution(let name, _) = token, !names.contains(name) else { continue }
                guard let sub = subs[name] ?? substitution(name, piece: piece, entry: entry) else { continue }
                subs[name] = sub
                names.append(name)
                guard depth < Self.maximumSubstitutionDepth else { continue }
                for branch in sub.branches {
                    visit(FormatString.parse(branch.format, allowsSubstitutionArgument: sub.usesArgPlaceholder), depth: depth + 1)
                }
            }
        }
        visit(FormatString.parse(piece.format), depth: 0)
        return names
    }

    /// Whether the app formats the key's text at all. A string whose source text reads no
    /// arguments is shown as typed (SwiftUI's `LocalizedStringKey` without interpolation,
    /// `NSLocalizedString` without `String(format:)`): its `%%` stays `%%` and "50% off" stays
    /// "50% off" rather than being read as the `% o` conversion. Specifiers with the space flag
    /// (`% o`, `% d`) therefore do not count: in prose they are a percent sign and a word.
    private mutating func isFormatted(key: String, entry: RawEntry) -> Bool {
        if let last = lastFormatted, last.key == key { return last.formatted }
        if let known = formatted[key] {
            lastFormatted = (key, known)
            return known
        }
        let result = sourceUnits(key: key, entry: entry).contains { unit in
            FormatString.parse(unit.unit.value).contains { token in
                switch token {
                case .specifier(let spec): !spec.flags.contains(" ")
                case .substitution: true
                case .literal, .percent, .substitutionArgument: false
                }
            }
        }
        formatted[key] = result
        lastFormatted = (key, result)
        return result
    }

    /// A piece of a string that is not formatted: its text as typed, and the specifiers a
    /// translation should not contain.
    private func verbatim(_ piece: Piece, pseudolocale: Pseudolocale?) -> (StringVariant, [ArgumentUse]) {
        var text = pseudolocale?.transformLiteral(piece.format) ?? piece.format
        if let pseudolocale { text = pseudolocale.transformText(text) }
        var arguments: [ArgumentUse] = []
        var next = 1
        for case .specifier(let spec) in FormatString.parse(piece.format) where !spec.flags.contains(" ") {
            let index = spec.position ?? next
            if spec.position == nil { next += 1 }
            arguments.append(ArgumentUse(index: index, kind: spec.kind, text: spec.text))
        }
        return (StringVariant(steps: piece.steps, text: text, format: piece.format, status: piece.status), arguments)
    }

    /// `entry`: the table's entry for `key` (`table.entries[key]`).
    /// `topForms`: the forms of the piece's own plural variation (`topForms(_:)`).
    private mutating func expand(
        _ piece: Piece, key: String, entry: RawEntry, locale: String, pseudolocale: Pseudolocale?,
        topForms: Set<PluralCategory> = [], topChooser: Int? = nil, choosing: Bool = false, budget: inout Budget
    ) -> [(StringVariant, [ArgumentUse])] {
        guard isFormatted(key: key, entry: entry) else {
            if piece.status == .translated || piece.status == .source {
                // Shown as typed: a `%#@name@` in it is never expanded, defined or not.
                for case .substitution(let name, _) in FormatString.parse(piece.format) {
                    if piece.substitutions[name] == nil {
                        report(key, locale, .undefinedSubstitution, "'%#@\(name)@' refers to an undefined substitution '\(name)'")
                    } else {
                        report(
                            key, locale, .formatMismatch,
                            "'%#@\(name)@' is a substitution, but the source text reads no arguments, so it is shown as typed")
                    }
                }
            }
            let plain = verbatim(piece, pseudolocale: pseudolocale)
            let count = plain.0.text.utf16.count
            if count > budget.units {
                // Over the budget: a first variant is kept whole (each text is within `TextLimit`).
                budget.exhausted = .units
                return budget.units == Self.maximumUnits ? [plain] : []
            }
            budget.units -= count
            return [plain]
        }
        var subs: [String: Substitution] = [:]
        let names = referencedNames(piece: piece, entry: entry, subs: &subs)
        let counts = names.map { subs[$0]?.branches.count ?? 1 }
        var choice = [Int](repeating: 0, count: names.count)
        var output: [(StringVariant, [ArgumentUse])] = []
        while true {
            guard budget.combinations > 0 else { budget.exhausted = .combinations; break }
            budget.combinations -= 1
            var assignment: [String: Int] = [:]
            for (n, c) in zip(names, choice) { assignment[n] = c }
            var renderer = Renderer(
                key: key, samples: samples, subs: subs, assignment: assignment,
                topCategory: Self.topCategory(piece.steps), topForms: topForms, topChooser: topChooser, choosing: choosing,
                language: piece.language, pseudolocale: pseudolocale, unitLimit: budget.units)
            let rendered = renderer.renderTopLevel(piece.format)
            if renderer.excluded {
                // A given number chose another form: the app never shows this one with it.
                guard advance(&choice, counts) else { break }
                continue
            }
            for name in renderer.undefined where piece.status == .translated || piece.status == .source {
                report(key, locale, .undefinedSubstitution, "'%#@\(name)@' refers to an undefined substitution '\(name)'")
            }
            for name in renderer.recursive where piece.status == .translated || piece.status == .source {
                report(
                    key, locale, .recursiveSubstitution,
                    "the substitution '\(name)' refers to itself (through '%#@\(name)@' in one of its variants); shown as typed there")
            }
            var steps = piece.steps
            var status = piece.status
            for name in names where renderer.used.contains(name) {
                guard let sub = subs[name], let index = assignment[name], index < sub.branches.count else { continue }
                let branch = sub.branches[index]
                steps.append(.substitution(name: name, category: branch.category))
                if status == .translated, branch.status != .translated { status = branch.status }
            }
            var text = rendered.text
            if let pseudolocale { text = pseudolocale.transformText(text) }
            if renderer.overflow {
                // Over the budget: the first variant is kept, cut at the limit; later ones are dropped.
                budget.exhausted = .units
                if output.isEmpty && budget.units == Self.maximumUnits {
                    output.append((StringVariant(steps: steps, text: text, format: rendered.format, status: status), renderer.arguments))
                }
                break
            }
            budget.units -= text.utf16.count
            output.append((StringVariant(steps: steps, text: text, format: rendered.format, status: status), renderer.arguments))
            guard advance(&choice, counts) else { break }
        }
        return output
    }

    /// The next combination of substitution choices (odometer, last name fastest); false after the last.
    private func advance(_ choice: inout [Int], _ counts: [Int]) -> Bool {
        var k = choice.count - 1
        while k >= 0 {
            choice[k] += 1
            if choice[k] < counts[k] { return true }
            choice[k] = 0
            k -= 1
        }
        return false
    }

    // MARK: - Rendering

    /// Renders one combination of substitution choices.
    private struct Renderer {
        let key: String
        let samples: SampleValues
        let subs: [String: Substitution]
        let assignment: [String: Int]
        let topCategory: PluralCategory?
        /// The forms of the piece's own plural variation, and the argument that chooses among them.
        let topForms: Set<PluralCategory>
        let topChooser: Int?
        /// Whether given numbers exclude the forms they do not choose.
        let choosing: Bool
        /// The language whose rules choose the plural forms (`Piece.language`).
        let language: String
        let pseudolocale: Pseudolocale?
        /// UTF-16 units the text may reach; rendering stops before passing it.
        let unitLimit: Int
        /// Whether rendering stopped at `unitLimit`.
        private(set) var overflow = false
        private var units = 0
        /// Argument number → plural category chosen by the substitution that owns it.
        var bindings: [Int: PluralCategory] = [:]
        /// Whether a given number chose another form than one rendered: the app never shows this
        /// combination with the spec's `arguments`.
        private(set) var excluded = false
        var used: Set<String> = []
        var undefined: [String] = []
        /// Substitutions met again inside their own expansion (`a` → … → `%#@a@`): not expanded again.
        var recursive: [String] = []
        /// The substitutions being expanded, outermost first.
        private var chain: [String] = []
        var arguments: [ArgumentUse] = []
        /// Substitutions expanded so far; bounded so that a hostile file cannot make rendering explode.
        private var expansions = 0
        static let maximumExpansions = 10_000

        init(
            key: String, samples: SampleValues, subs: [String: Substitution], assignment: [String: Int],
            topCategory: PluralCategory?, topForms: Set<PluralCategory>, topChooser: Int?, choosing: Bool, language: String,
            pseudolocale: Pseudolocale?, unitLimit: Int
        ) {
            self.key = key
            self.choosing = choosing
            self.topForms = topForms
            self.topChooser = topChooser
            self.language = language
            self.unitLimit = unitLimit
            self.samples = samples
            self.subs = subs
            self.assignment = assignment
            self.topCategory = topCategory
            self.pseudolocale = pseudolocale
        }

        mutating func renderTopLevel(_ format: String) -> (text: String, format: String) {
            let tokens = FormatString.parse(format)
            // First pass finds which argument each substitution owns; the second renders with it.
            _ = render(tokens, own: nil, depth: 0)
            excluded = false
            used = []
            undefined = []
            recursive = []
            arguments = []
            expansions = 0
            units = 0
            overflow = false
            let result = render(tokens, own: nil, depth: 0)
            if let topCategory, let topChooser { choose(topChooser, category: topCategory, forms: topForms) }
            return result
        }

        private mutating func render(
            _ tokens: [FormatToken], own: (index: Int, specifier: FormatSpecifier, category: PluralCategory)?,
            depth: Int
        ) -> (text: String, format: String) {
            var text = ""
            var format = ""
            var next = 1
            for token in tokens {
                if overflow { break }
                switch token {
                case .literal(let s):
                    let shown = pseudolocale?.transformLiteral(s) ?? s
                    guard fits(shown) else { break }
                    text += shown
                    format += s
                case .percent:
                    text += "%"
                    format += "%%"
                case .substitutionArgument:
                    guard let own else { text += "%arg"; format += "%arg"; continue }
                    let written = positional(own.specifier, own.index)
                    let shown = value(own.specifier, written: written, index: own.index, category: own.category)
                    guard fits(shown) else { break }
                    text += shown
                    format += written
                case .specifier(let spec):
                    let index: Int
                    let written: String
                    if let own, spec.position == nil {
                        index = own.index
                        written = positional(spec, index)
                    } else {
                        next += spec.starArguments
                        index = spec.position ?? next
                        if spec.position == nil { next += 1 }
                        written = spec.text
                    }
                    let category = bindings[index] ?? (own?.index == index ? own?.category : nil) ?? topCategory
                    let shown = value(spec, written: written, index: index, category: category)
                    guard fits(shown) else { break }
                    format += written
                    text += shown
                case .substitution(let name, let position):
                    let slot = position ?? next
                    if position == nil { next += 1 }
                    expansions += 1
                    guard let sub = subs[name], let choice = assignment[name], choice < sub.branches.count,
                        !chain.contains(name),
                        depth < VariantResolver.maximumSubstitutionDepth, expansions <= Self.maximumExpansions
                    else {
                        if subs[name] == nil, !undefined.contains(name) { undefined.append(name) }
                        if chain.contains(name), !recursive.contains(name) { recursive.append(name) }
                        let raw = "%" + (position.map { "\($0)$" } ?? "") + "#@\(name)@"
                        guard fits(raw) else { break }
                        text += raw
                        format += raw
                        continue
                    }
                    used.insert(name)
                    let branch = sub.branches[choice]
                    let index = sub.argumentNumber ?? ((position == nil ? own?.index : nil) ?? slot)
                    bindings[index] = branch.category
                    choose(index, category: branch.category, forms: Set(sub.branches.map(\.category)))
                    let inner = FormatString.parse(branch.format, allowsSubstitutionArgument: sub.usesArgPlaceholder)
                    chain.append(name)
                    let r = render(inner, own: (index, sub.specifier, branch.category), depth: depth + 1)
                    chain.removeLast()
                    text += r.text
                    format += r.format
                }
            }
            return (text, format)
        }

        /// Whether `piece` can be added without passing `unitLimit`; sets `overflow` when not.
        private mutating func fits(_ piece: String) -> Bool {
            units += piece.utf16.count
            if units > unitLimit { overflow = true }
            return !overflow
        }

        /// `%lld` owned by argument 2 → `%2$lld`.
        private func positional(_ spec: FormatSpecifier, _ index: Int) -> String {
            "%\(index)$" + spec.text.dropFirst()
        }

        /// The sample text of one argument; `category`: the plural form it is shown in, if any.
        private mutating func value(_ spec: FormatSpecifier, written: String, index: Int, category: PluralCategory?) -> String {
            arguments.append(ArgumentUse(index: index, kind: spec.kind, text: written))
            if let override = samples.overrides[key]?[index] { return override }
            if let given = samples.given[index], given.fits(spec.kind) {
                switch (spec.kind, given) {
                case (.object, _), (.cString, _), (.character, _): return given.written
                case (.integer32, .number(let n, _)), (.integer64, .number(let n, _)): return Self.formatInteger(spec, Int64(n))
                case (.double, .number(let n, _)): return Self.formatDouble(spec, n)
                default: break
                }
            }
            switch spec.kind {
            case .object, .cString:
                return samples.text
            case .character:
                return samples.character
            case .pointer:
                return "0x600000c04000"
            case .integer32, .integer64:
                let n = category.map { samples.number(for: $0, in: language) } ?? samples.integer
                return Self.formatInteger(spec, n)
            case .double:
                let n = category.map { Double(samples.number(for: $0, in: language)) } ?? samples.float
                return Self.formatDouble(spec, n)
            }
        }

        /// The form `category` of a plural whose forms are `forms`, chosen by argument `index`: excluded
        /// when the spec gives that argument a number for which Foundation chooses another form
        /// (`PluralRules.form`), whether or not the form shows the number. A plural without the form
        /// Foundation would choose (no `other`: the reader reports it) keeps every form, so that a
        /// given number never leaves nothing to check.
        private mutating func choose(_ index: Int, category: PluralCategory, forms: Set<PluralCategory>) {
            guard choosing, case .number(let n, _)? = samples.given[index] else { return }
            let shown = PluralRules.form(for: n, in: language, among: forms)
            if forms.contains(shown) && shown != category { excluded = true }
        }

        /// Widths and precisions above this are clamped (a typo like `%99999d` must not allocate).
        static let maximumWidth = 64

        private static func clamp(_ digits: String?) -> String {
            guard let digits, !digits.isEmpty else { return "" }
            if digits == "*" { return "" }
            return String(min(Int(digits) ?? 0, maximumWidth))
        }

        private static func prefix(_ spec: FormatSpecifier) -> String {
            let flags = spec.flags.filter { $0 != "'" }
            var s = "%" + flags + clamp(spec.width)
            if let p = spec.precision { s += "." + clamp(p) }
            return s
        }

        static func formatInteger(_ spec: FormatSpecifier, _ n: Int64) -> String {
            switch spec.conversion {
            case "u", "U": return String(format: prefix(spec) + "llu", UInt64(bitPattern: n))
            case "o", "O": return String(format: prefix(spec) + "llo", UInt64(bitPattern: n))
            case "x": return String(format: prefix(spec) + "llx", UInt64(bitPattern: n))
            case "X": return String(format: prefix(spec) + "llX", UInt64(bitPattern: n))
            default: return String(format: prefix(spec) + "lld", n)
            }
        }

        static func formatDouble(_ spec: FormatSpecifier, _ n: Double) -> String {
            String(format: prefix(spec) + String(spec.conversion), n)
        }
    }

    /// Every argument use of the source text of `key`, variant by variant, in order.
    private mutating func sourceArgumentUses(key: String, entry: RawEntry) -> [ArgumentUse] {
        var uses: [ArgumentUse] = []
        var budget = Budget()
        for piece in pieces(key: key, entry: entry, locale: sourceLanguage, pseudolocale: nil) {
            for (_, arguments) in expand(piece, key: key, entry: entry, locale: sourceLanguage, pseudolocale: nil, budget: &budget) {
                uses += arguments
            }
            if budget.exhausted != nil { break }
        }
        return uses
    }

    /// The arguments the source text of `key` reads, in every variant, by number.
    mutating func sourceArgumentList(key: String, entry: RawEntry) -> [StringArgument] {
        var found: [Int: StringArgument] = [:]
        for a in sourceArgumentUses(key: key, entry: entry) {
            var argument = found[a.index] ?? StringArgument(index: a.index, specifiers: [], kinds: [])
            if !argument.specifiers.contains(a.text) { argument.specifiers.append(a.text) }
            if !argument.kinds.contains(a.kind) { argument.kinds.append(a.kind) }
            found[a.index] = argument
        }
        return found.keys.sorted().compactMap { found[$0] }
    }

    // MARK: - Checking arguments

    /// Compares the arguments each translated variant reads with those of the source text.
    private mutating func checkArguments(
        key: String, entry: RawEntry, locale: String,
        signatures: [(variant: StringVariant, arguments: [ArgumentUse])]
    ) {
        let source: [Int: ArgumentUse]
        if let last = lastSourceArguments, last.key == key {
            source = last.arguments
        } else if let known = sourceArguments[key] {
            source = known
            lastSourceArguments = (key, known)
        } else {
            var found: [Int: ArgumentUse] = [:]
            var sourceResolver = VariantResolver(table: table, samples: samples)
            for a in sourceResolver.sourceArgumentUses(key: key, entry: entry) where found[a.index] == nil { found[a.index] = a }
            source = found
            sourceArguments[key] = source
            lastSourceArguments = (key, source)
        }
        for (variant, arguments) in signatures where variant.status == .translated {
            // No arguments on either side: nothing to compare (most strings).
            if arguments.isEmpty && source.isEmpty { continue }
            let prefix = variant.steps.isEmpty ? "" : "\(variant.label): "
            var seen: [Int: ArgumentUse] = [:]
            for a in arguments {
                if let earlier = seen[a.index], earlier.kind != a.kind {
                    report(
                        key, locale, .formatMismatch,
                        "\(prefix)argument \(a.index) is read as both \(earlier.text) and \(a.text)")
                }
                seen[a.index] = seen[a.index] ?? a
                guard let s = source[a.index] else {
                    let count = source.keys.max() ?? 0
                    report(
                        key, locale, .formatMismatch,
                        "\(prefix)\(a.text) reads argument \(a.index), but the source text has \(counted(count, "argument", none: "no arguments"))"
                    )
                    continue
                }
                if s.kind != a.kind {
                    report(
                        key, locale, .formatMismatch,
                        "\(prefix)argument \(a.index) is \(a.text) (\(a.kind)) but \(s.text) (\(s.kind)) in the source")
                }
            }
            let plural = variant.steps.contains {
                switch $0 {
                case .plural, .substitution: true
                case .device, .width: false
                }
            }
            for index in source.keys.sorted() where seen[index] == nil {
                guard let s = source[index] else { continue }
                if plural && s.kind.isNumeric { continue }  // "One file" need not show the number
                report(key, locale, .formatMismatch, "\(prefix)argument \(index) (\(s.text)) of the source is missing")
            }
        }
    }

    private mutating func report(_ key: String, _ locale: String, _ kind: StringProblem.Kind, _ message: String) {
        let problem = StringProblem(key: key, locale: locale, kind: kind, message: message)
        if reported.insert(problem).inserted { problems.append(problem) }
    }
}
