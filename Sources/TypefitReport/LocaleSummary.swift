import TypefitAudit

/// The line every report carries about locales: which localization of the strings stood for each
/// requested locale ("de-AT → de"), so a report never labels English as another language unseen.
enum LocaleSummary {
    /// One item per requested locale: `ja`, or `es-MX → es-419` where another localization stood for
    /// it; `en-US → en (audited as en)` for one a run over every localization left out. A locale two
    /// specs resolve to different localizations is listed with each; one they resolve alike, differing
    /// only in the localizations searched after it (Mastodon's `hy-AM`, with `hy` beside it in one
    /// folder set and not in another), once: the item reads the same (the JSON report keeps both).
    static func items(_ report: AuditReport) -> [String] {
        unique(report.locales.map(item))
    }

    /// The items in order, each once.
    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }

    static func item(_ l: AuditReport.LocaleResolution) -> String {
        let shown = l.requested == l.localization ? l.requested : "\(l.requested) → \(l.localization)"
        return shown + (note(l).map { " (\($0))" } ?? "")
    }

    /// Why a locale was not audited as itself: "audited as en", "not audited: …"; nil for one that was.
    static func note(_ l: AuditReport.LocaleResolution) -> String? {
        if let audited = l.auditedAs { return "audited as \(audited)" }
        return l.leftOut.map { "not audited: \($0.reason)" }
    }

    /// "locales (requested → localization shown): de-AT → de, ja", or nil when nothing was resolved.
    static func line(_ report: AuditReport) -> String? {
        let items = items(report)
        if items.isEmpty { return nil }
        return "locales (requested → localization shown): " + items.joined(separator: ", ")
    }
}
