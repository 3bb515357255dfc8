import TypefitAudit
import TypefitCore

/// The problems about a whole locale (`untranslated`, `string-problem`) or spec (`fixed-font-size`), by
/// screen and locale. They are at no category, so in no cell of a screen's matrix: the text report's
/// rows and the HTML report's locale lines name them beside it, so no locale they concern reads as
/// clean. Info is left out.
struct WideProblems {
    /// A problem as a screen's locale names it, with its worst verdict there (an accepted finding as
    /// accepted).
    struct Entry: Equatable {
        var rank: Int
        var rule: RuleID
        var verdict: CategoryVerdict
    }

    /// One rule's problems in a screen's locale: the worst verdict and the problems' ranks.
    struct Rule: Equatable {
        var rule: RuleID
        var verdict: CategoryVerdict
        var ranks: [Int]
    }

    /// A screen in one locale; nil: every locale (a spec's findings).
    private struct Key: Hashable {
        var spec: String, screen: String, locale: String?
    }

    private var entries: [Key: [Entry]] = [:]

    init(_ problems: [Problem]) {
        for p in problems where p.worst.scope.state == nil && p.severity != .info {
            for f in p.findings {
                let verdict = f.accepted ? CategoryVerdict.accepted : CategoryVerdict(failing: f.severity) ?? .ok
                guard verdict >= .accepted else { continue }
                Self.add(
                    Entry(rank: p.rank, rule: p.rule, verdict: verdict),
                    to: &entries[Key(spec: f.spec, screen: f.title, locale: f.locale), default: []])
            }
        }
    }

    private static func add(_ entry: Entry, to list: inout [Entry]) {
        if let i = list.firstIndex(where: { $0.rank == entry.rank }) {
            list[i].verdict = max(list[i].verdict, entry.verdict)
        } else {
            list.append(entry)
        }
    }

    /// The problems of `screen` in `locale`, those about every locale included, by rank.
    func problems(spec: String, screen: String, locale: String) -> [Entry] {
        var list = entries[Key(spec: spec, screen: screen, locale: locale)] ?? []
        for e in entries[Key(spec: spec, screen: screen, locale: nil)] ?? [] { Self.add(e, to: &list) }
        return list.sorted { $0.rank < $1.rank }
    }

    /// The same by rule, in the order of each rule's first problem.
    func rules(spec: String, screen: String, locale: String) -> [Rule] {
        var out: [Rule] = []
        for e in problems(spec: spec, screen: screen, locale: locale) {
            if let i = out.firstIndex(where: { $0.rule == e.rule }) {
                out[i].verdict = max(out[i].verdict, e.verdict)
                out[i].ranks.append(e.rank)
            } else {
                out.append(Rule(rule: e.rule, verdict: e.verdict, ranks: [e.rank]))
            }
        }
        return out
    }
}
