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
        unique(listed(report.locales).map(item))
    }

    /// The resolutions the reports list: all but a localization one spec's `locales` leave out and
    /// another spec audits (the JSON report keeps it).
    static func listed(_ locales: [AuditReport.LocaleResolution]) -> [AuditReport.LocaleResolution] {
        let audited = Set(locales.filter(\.isAudited).map(\.requested))
        return locales.filter { !($0.leftOut?.isNarrowing ?? false) || !audited.contains($0.requested) }
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
        if report.locales.isEmpty { return nil }
        return "locales (requested → localization shown): " + list(report.locales)
    }

    /// The audited locales' items, then the left-out ones grouped by why, each reason said once:
    /// "ar, de, en-US → en (audited as en); not audited (REASON): af, bg-BG → bg_BG". Nextcloud Talk's
    /// folders hold 77 languages its project does not build: a note after each would make a line of
    /// thousands of characters. `item` writes a locale without its left-out note (`plain` by default;
    /// the HTML report marks it up). The localizations the locales asked for left out are named up
    /// to ten; one that one spec's `locales` leave out and another spec audits is not listed as left
    /// out (`listed`).
    static func list(_ locales: [AuditReport.LocaleResolution], item: (AuditReport.LocaleResolution) -> String = plain) -> String {
        let locales = listed(locales)
        var parts = [unique(locales.filter { $0.leftOut == nil }.map(item)).joined(separator: ", ")].filter { !$0.isEmpty }
        for r in reasons(locales) {
            let items = unique(locales.filter { $0.leftOut == r }.map(item))
            // What the run did not ask for is named, up to ten (the JSON report lists them all).
            parts.append("not audited (\(r.reason)): " + (r.isNarrowing ? FindingGroup.abbreviate(items) : items.joined(separator: ", ")))
        }
        return parts.joined(separator: "; ")
    }

    /// Why the left-out ones among `locales` were left out, each reason once, in their order.
    static func reasons(_ locales: [AuditReport.LocaleResolution]) -> [AuditReport.LocaleResolution.LeftOut] {
        var reasons: [AuditReport.LocaleResolution.LeftOut] = []
        for l in locales { if let r = l.leftOut, !reasons.contains(r) { reasons.append(r) } }
        return reasons
    }

    /// `ja`, `es-MX → es-419`, `en-US → en (audited as en)`: a locale without its left-out note.
    static func plain(_ l: AuditReport.LocaleResolution) -> String {
        let shown = l.requested == l.localization ? l.requested : "\(l.requested) → \(l.localization)"
        return shown + (l.auditedAs.map { " (audited as \($0))" } ?? "")
    }
}

extension AuditReport.LocaleResolution.LeftOut {
    /// Whether the locales asked for left it out, rather than what the localization is.
    var isNarrowing: Bool { self == .notInRunLocales || self == .notInSpecLocales }
}

extension AuditReport {
    /// The localizations of the strings that the locales asked for (`--locales`, `.typefit.yml`, a
    /// spec's `locales`) left out and no other spec audits, in report order.
    var localizationsLeftOut: [LocaleResolution] {
        LocaleSummary.listed(locales).filter { $0.leftOut?.isNarrowing ?? false }
    }
}
