import TypefitStrings

/// Each string table's localization for one job's locale (`LocalizedStrings.localization(in:)`),
/// found once per table: the layout's candidates and the length budget's strings ask for every key,
/// and each answer searched the table's sorted locales again.
struct TableLocalizations {
    /// The job locale's localizations (best match, then its fallbacks).
    let localizations: [String]
    private var resolved: [(table: String?, localization: String)] = []

    init(_ localizations: [String]) { self.localizations = localizations }

    /// The localization `entry` (the table named `table`, nil for the default one) is read in.
    mutating func localization(of entry: StringTables.Table, named table: String?) -> String {
        if let known = resolved.first(where: { $0.table == table }) { return known.localization }
        let localization = entry.localization(in: localizations)
        resolved.append((table, localization))
        return localization
    }
}
