import TypefitAudit

/// The line every report carries about locales: which localization of the strings stood for each
/// requested locale ("de-AT → de"), so a report never labels English as another language unseen.
enum LocaleSummary {
    /// One item per requested locale: `ja`, or `es-MX → es-419` where another localization stood for it.
    static func items(_ report: AuditReport) -> [String] {
        report.locales.map { $0.requested == $0.localization ? $0.requested : "\($0.requested) → \($0.localization)" }
    }

    /// "locales (requested → localization shown): de-AT → de, ja", or nil when nothing was resolved.
    static func line(_ report: AuditReport) -> String? {
        let items = items(report)
        if items.isEmpty { return nil }
        return "locales (requested → localization shown): " + items.joined(separator: ", ")
    }
}
