import TypefitAudit
import TypefitCore

/// What a narrowed run did not check, as the command line says it after the summary line (with
/// `--quiet` too): a gate narrowed to English, one device or the Large size never reads as if every
/// language, device or size had passed.
public enum NarrowingNotes {
    /// One line per reason a localization was left out ("6 localizations not audited (not asked for
    /// by --locales or .typefit.yml's locales): bg, de, pl, ro, tr, uk"), then `selection`'s. Empty
    /// when nothing was left out that way.
    public static func lines(_ report: AuditReport) -> [String] {
        let left = report.localizationsLeftOut
        return LocaleSummary.reasons(left).map { r in
            let names = LocaleSummary.unique(left.filter { $0.leftOut == r }.map(\.requested))
            return "\(names.count) localization\(names.count == 1 ? "" : "s") not audited (\(r.reason)): \(FindingGroup.abbreviate(names))"
        } + selection(report)
    }

    /// The share of the spec files a shard audited (`--shard`), the devices `--devices` left out,
    /// the text sizes `--categories` left out ("9 of the 12 text sizes not audited (…): xSmall, …"),
    /// those specs' own `categories:` left out ("10 of the 12 text sizes not audited on 1 of the 10
    /// screens (not among the spec's categories): xSmall, …"),
    /// then the rules `severity: ignore` turned off ("2 of the 17 rules not checked (severity:
    /// ignore): truncated, clipped"; "untranslated not checked on 1 of the 10 screens (…)"), as
    /// `summary.shard` and `AuditReport.leftOut` record them: every report says them after its
    /// locales (which name the localizations left out). A merge of every shard is one run: it has
    /// no shard line.
    public static func selection(_ report: AuditReport) -> [String] {
        var lines: [String] = []
        if let shard = report.summary.shard {
            lines.append(
                "shard \(shard.index)/\(shard.count): \(report.summary.specs) of the run's \(shard.specFiles) spec files audited "
                    + "(--shard); the other shards audit the rest, and typefit merge of every shard's JSON report is the whole run")
        }
        if let devices = report.leftOut?.devices, !devices.isEmpty {
            lines.append(
                "\(devices.count) of the specs' devices not audited (not asked for by --devices or .typefit.yml's devices): "
                    + FindingGroup.abbreviate(devices))
        }
        if let missing = report.leftOut?.categories, !missing.isEmpty {
            lines.append(
                "\(missing.count) of the \(ContentSizeCategory.allCases.count) text sizes not audited "
                    + "(not asked for by --categories or .typefit.yml's categories): \(missing.map(\.name).joined(separator: ", "))")
        }
        for sizes in report.leftOut?.specCategories ?? [] {
            let total = report.summary.screens
            lines.append(
                "\(sizes.categories.count) of the \(ContentSizeCategory.allCases.count) text sizes not audited"
                    + (sizes.screens >= total ? "" : " on \(sizes.screens) of the \(total) screens")
                    + " (not among the spec's categories): \(sizes.categories.map(\.name).joined(separator: ", "))")
        }
        if let rules = report.leftOut?.rules, !rules.isEmpty {
            // Rules off on every screen, then those off on some, grouped by how many.
            let total = report.summary.screens
            let everywhere = rules.filter { $0.screens >= total }.map(\.rule.rawValue)
            if !everywhere.isEmpty {
                lines.append(
                    "\(everywhere.count) of the \(RuleID.allCases.count) rules not checked (severity: ignore): "
                        + everywhere.joined(separator: ", "))
            }
            for n in Set(rules.map(\.screens).filter { $0 < total }).sorted(by: >) {
                lines.append(
                    rules.filter { $0.screens == n }.map(\.rule.rawValue).joined(separator: ", ")
                        + " not checked on \(n) of the \(total) screens (severity: ignore)")
            }
        }
        return lines
    }
}
