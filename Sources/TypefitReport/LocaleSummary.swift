import TypefitAudit

/// The line every report carries about locales: which localization of the strings stood for each
/// requested locale ("de-AT → de"), so a report never labels English as another language unseen.
enum LocaleSummary {
    /// One item per requested locale: `ja`, or `es-MX → es-419` where another localization stood for
    /// it; `en-US → en (audited as en)` for one a run over every localization left out.
    static func items(_ report: AuditReport) -> [String] {
        report.locales.map(item)
    }

    static func item(_ l: AuditReport.LocaleResolution) -> String {
        let shown = l.requested == l.localization ? l.requested : "\(l.requested) → \(l.localization)"
        guard let audited = l.auditedAs else { return shown }
        return shown + " (audited as \(audited))"
    }

    /// "locales (requested → localization shown): de-AT → de, ja", or nil when nothing was resolved.
    static func line(_ report: AuditReport) -> String? {
        let items = items(report)
        if items.isEmpty { return nil }
        return "locales (requested → localization shown): " + items.joined(separator: ", ")
    }
}
