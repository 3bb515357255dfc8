import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitShaping
import TypefitStrings

/// What to lay out — specs, locales, categories, devices, pseudolocales, fonts, threads and the
/// project configuration — as `typefit audit` selects it, merged with `.typefit.yml` the same way
/// (a flag given wins over the file's setting). Used by `typefit budgets`.
struct SelectionOptions: ParsableArguments {
    @OptionGroup var fontOptions: FontOptions

    @Argument(help: ArgumentHelp("Spec files or folders (default: Specs).", valueName: "PATH"))
    var paths: [String] = []

    // The lists are repeatable, and repeats add up: `--locales en --locales de` is `--locales en,de`
    // (a repeated option that kept only its last value audited German alone).

    @Option(
        help: ArgumentHelp("Only these locales, comma-separated, repeatable (default: every locale of each catalog).", valueName: "LIST"))
    var locales: [String] = []

    @Option(
        help: ArgumentHelp(
            "Only these categories, comma-separated, repeatable: xSmall … xxxLarge, AX1 … AX5 (default: all 12).", valueName: "LIST"))
    var categories: [String] = []

    @Option(
        help: ArgumentHelp("Only these device presets, comma-separated, repeatable (default: each spec's devices).", valueName: "LIST"))
    var devices: [String] = []

    @Option(
        help: ArgumentHelp(
            "Add pseudolocales, comma-separated, repeatable: pseudo-double, pseudo-accented, pseudo-bounded, pseudo-rtl.",
            valueName: "LIST"))
    var pseudolocales: [String] = []

    @Option(parsing: .unconditional, help: "Worker threads (default: all cores). Output is identical whatever the count.")
    var threads: Int?

    @Option(help: ArgumentHelp("Use this project configuration instead of the nearest .typefit.yml (docs/config.md).", valueName: "FILE"))
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Ignore .typefit.yml.")
    var noConfig = false

    func validate() throws {
        if let threads, threads < 1 || threads > 256 { throw ValidationError("--threads must be between 1 and 256") }
    }

    /// A flag's comma-separated lists, each time it was given, as one list; `""` and `","` are empty
    /// lists (the audit refuses them), nil when the flag was not given.
    static func list(_ given: [String]) -> [String]? {
        given.isEmpty
            ? nil : given.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// The flags that select, by name, for `ProjectSettings.attributing`.
    var givenFlags: [String: Bool] { ["--locales": !locales.isEmpty, "--categories": !categories.isEmpty, "--devices": !devices.isEmpty] }

    /// The audit options these flags and the project configuration select.
    func auditOptions(_ settings: ProjectSettings) throws -> AuditOptions {
        let project = settings.config
        var options = AuditOptions()
        options.paths = try settings.specPaths(paths)
        options.locales = Self.list(locales) ?? project?.locales
        options.devices = Self.list(devices) ?? project?.devices
        options.fontDirectories = try fontOptions.checkedDirectories()
        if fontOptions.fontDirectories.isEmpty, let project {
            // Each folder the file names is checked as --font-dir's are, and a bad one is reported at its entry.
            for (dir, at) in zip(project.fontDirectories, project.fontDirectoryLocations) {
                do {
                    try FontLibrary.checkUserDirectory(dir)
                } catch let e as InputError {
                    throw ProjectSettings.entryError(in: project, "fontDirectories", dir, at: at, e.message)
                }
            }
            options.fontDirectories = project.fontDirectories
        }
        options.threads = threads
        options.severity = project?.severity ?? [:]
        options.categories = project?.categories
        if let cats = Self.list(categories) {
            options.categories = try cats.map { name in
                guard let c = ContentSizeCategory(name: name) else {
                    // As --locales' and --devices' errors: the flag in the place of a file.
                    throw InputError(
                        file: "--categories", message: "unknown category '\(ControlCharacters.escaped(String(name.prefix(80))))'",
                        hint: ContentSizeCategory.hint(for: name)
                            ?? "categories: " + ContentSizeCategory.allNames.joined(separator: ", "))
                }
                return c
            }
        }
        options.pseudolocales = (project?.pseudolocales ?? []).compactMap(Pseudolocale.init(rawValue:))
        if let p = Self.list(pseudolocales) {
            options.pseudolocales = try p.map { name in
                guard let x = Pseudolocale(rawValue: name) else {
                    let names = Pseudolocale.allCases.map(\.rawValue)
                    throw InputError(
                        file: "--pseudolocales", message: "unknown pseudolocale '\(ControlCharacters.escaped(String(name.prefix(80))))'",
                        hint: Suggestion.hint(for: name, in: names) ?? "pseudolocales: " + names.joined(separator: ", "))
                }
                return x
            }
        }
        options.fontDigests = false
        return options
    }
}
