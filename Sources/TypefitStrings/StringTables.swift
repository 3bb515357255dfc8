/// The string tables one screen uses, in the order its spec lists them: what
/// `Bundle.localizedString(forKey:value:table:)` reads, one `LocalizedStrings` per table name.
///
/// The first table is the default for elements that name none (as `Localizable` is for
/// `NSLocalizedString` without `tableName:`). An app's localizations are those of all its tables
/// together (the `.lproj` folders of its bundle); a table that lacks one shows the source text.
public struct StringTables: Sendable {
    /// A class, so a table is read where it is stored: as a struct in the list, every lookup of a
    /// key (each element of each job) copied its `LocalizedStrings`, a retain and a release for each
    /// of its fields.
    public final class Table: Sendable {
        public let name: String
        public let strings: LocalizedStrings
        public init(name: String, strings: LocalizedStrings) {
            self.name = name
            self.strings = strings
        }

        /// `strings.variants(key:in:given:)`, called from the table itself: called through
        /// `table.strings` from outside, the whole `LocalizedStrings` value was copied and destroyed
        /// around the call (a retain and a release of each of its references; 0.6 % of the benchmark
        /// corpus's audit, which asks for every key's variants in every job).
        public func variants(key: String, in localizations: [String], given: [Int: ArgumentSample] = [:]) -> [StringVariant]? {
            strings.variants(key: key, in: localizations, given: given)
        }

        /// `strings.variants(key:localization:given:)`, read in place (see `variants`).
        public func variants(key: String, localization: String, given: [Int: ArgumentSample]) -> [StringVariant]? {
            strings.variants(key: key, localization: localization, given: given)
        }

        /// `strings.localization(in:)`, read in place (see `variants`).
        public func localization(in localizations: [String]) -> String { strings.localization(in: localizations) }

        /// `strings.sourceLanguage`, read in place (see `variants`).
        public var sourceLanguage: String { strings.sourceLanguage }
    }

    public let tables: [Table]

    public init(_ tables: [Table]) { self.tables = tables }

    public var isEmpty: Bool { tables.isEmpty }

    /// The table named `name`, or the default (first) table for nil.
    public func table(_ name: String?) -> LocalizedStrings? { named(name)?.strings }

    /// The same table as the list holds it (its strings are read in place, not copied).
    public func named(_ name: String?) -> Table? {
        guard let name else { return tables.first }
        return tables.first { $0.name == name }
    }

    /// Every localization of the app (pseudolocales added included), sorted: any table's, and every
    /// `.lproj` folder of their bundles, so a table a folder lacks is audited there as untranslated.
    public var localizations: [String] {
        Set(tables.flatMap(\.strings.bundleLocalizations)).sorted()
    }

    /// The development language: the first table's source language.
    public var sourceLanguage: String? { tables.first?.strings.sourceLanguage }

    /// The variants of `key` in `table` (nil: the default table) for a resolved locale.
    public func variants(key: String, table: String?, localizations: [String]) -> [StringVariant]? {
        named(table)?.variants(key: key, in: localizations)
    }

    /// The same, with a spec's values for the string's arguments (`LocalizedStrings.variants(key:in:given:)`).
    public func variants(key: String, table: String?, localizations: [String], given: [Int: ArgumentSample]) -> [StringVariant]? {
        named(table)?.variants(key: key, in: localizations, given: given)
    }
}
