import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitReport
import TypefitSpec
import TypefitStrings

/// `.typefit.yml` merged with `typefit audit`'s flags: a flag given on the command line wins over the
/// file's setting; a setting in neither keeps the built-in default (docs/config.md).
struct ProjectSettings {
    /// The configuration used, or nil (none found, or `--no-config`).
    var config: ProjectConfig?

    /// `--config FILE`, else the nearest `.typefit.yml` from the working folder upward, unless `ignore`.
    init(explicit: String?, ignore: Bool) throws {
        if ignore && explicit != nil { throw ValidationError("--config and --no-config cannot be combined") }
        guard !ignore, let path = explicit ?? ProjectConfig.find() else { return }
        let config: ProjectConfig
        do {
            config = try ProjectConfig.load(
                path: path, reportFormats: Reporters.identifiers,
                pseudolocales: Pseudolocale.allCases.map(\.rawValue))
        } catch var error as InputError where error.file == path {
            // Named as every other error about the file names it (relative to the working folder
            // when it is inside it): the loader knows only the path it was found at.
            error.file = Auditor.displayPath(path)
            throw error
        }
        if let minimum = config.minimumVersion, !ProjectConfig.version(TypefitInfo.version, isAtLeast: minimum) {
            throw InputError(
                file: Auditor.displayPath(path),
                message: "this project needs typefit \(minimum) or later; this is typefit \(TypefitInfo.version)",
                hint: "install a newer typefit (README: Install)")
        }
        self.config = config
    }

    /// Where the run's specs come from: the command line's paths, else the file's `specs`, else
    /// `Specs`. Folders are expanded here so that the file's `exclude` can leave specs out (files named
    /// on the command line are never excluded).
    func specPaths(_ commandLine: [String]) throws -> [String] {
        guard let config else {
            guard commandLine.isEmpty else { return commandLine }
            try Self.requireDefault(
                "Specs",
                hint: "given no path and no \(ProjectConfig.fileName), typefit reads ./Specs: name spec files or folders, "
                    + "or run 'typefit init'")
            return ["Specs"]
        }
        // Without `specs`, the Specs folder beside the file (paths in the file are relative to it).
        let beside = URL(fileURLWithPath: config.file).standardizedFileURL.deletingLastPathComponent().appendingPathComponent("Specs").path
        if commandLine.isEmpty && config.specs == nil {
            try Self.requireDefault(
                Auditor.displayPath(beside),
                hint: "\(Auditor.displayPath(config.file)) has no 'specs', so typefit reads the Specs folder beside it: "
                    + "add 'specs:' or name spec files or folders")
        }
        if commandLine.isEmpty, let specs = config.specs {
            // A folder the file names must exist: said at its entry, not as a path typed on the command line.
            for (path, at) in zip(specs, config.specLocations) where !FileManager.default.fileExists(atPath: path) {
                throw Self.entryError(
                    in: config, "specs", path, at: at, "no such file or folder",
                    hint: "paths in \(ProjectConfig.fileName) are relative to it; 'typefit init --catalog FILE' writes a first spec")
            }
        }
        let given = !commandLine.isEmpty ? commandLine : config.specs ?? [Auditor.displayPath(beside)]
        guard !config.exclude.isEmpty else { return given }
        // An entry that names nothing leaves nothing out: a typo would audit what it meant to skip.
        for (path, at) in zip(config.exclude, config.excludeLocations) where !FileManager.default.fileExists(atPath: path) {
            throw Self.entryError(
                in: config, "exclude", path, at: at, "no such file or folder",
                hint: Self.closestSibling(path) ?? "paths in \(ProjectConfig.fileName) are relative to it")
        }
        var files: [String] = []
        for path in given {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
                files.append(path)  // a file, or a missing path the audit reports
                continue
            }
            let all = try Auditor.specFiles([path])
            let found = all.filter { !isExcluded($0, by: config.exclude) }
            if found.isEmpty {
                // Said at the entry that leaves them all out (else the first that leaves out any), as
                // the file's other errors are said at their value.
                let entries = Array(zip(config.exclude, config.excludeLocations))
                let entry =
                    entries.first { ex, _ in all.allSatisfy { isExcluded($0, by: [ex]) } }
                    ?? entries.first { ex, _ in all.contains { isExcluded($0, by: [ex]) } }
                throw InputError(
                    file: Auditor.displayPath(config.file), line: entry?.1.line, column: entry?.1.column,
                    message: "every spec under \(Auditor.displayPath(path)) is excluded",
                    hint: "check 'exclude' in \(ProjectConfig.fileName)")
            }
            files += found
        }
        return files
    }

    /// Each waiver's `spec` must exist: a waiver of a file that is not there (moved, renamed, a typo)
    /// is an error at its entry, with the closest file beside it, never a waiver that quietly
    /// matches nothing.
    func checkWaiverSpecs() throws {
        guard let config else { return }
        for w in config.waivers {
            guard let path = w.spec, !FileManager.default.fileExists(atPath: path) else { continue }
            throw Self.entryError(
                in: config, "a waiver's spec", path, at: w.location, "no such file",
                hint: Self.closestSibling(path) ?? "paths in \(ProjectConfig.fileName) are relative to it")
        }
    }

    /// "did you mean 'UI/Specs/screen.yaml'?" for a path that does not exist, naming the closest
    /// file or folder beside it; nil when none is close.
    static func closestSibling(_ path: String) -> String? {
        let parent = (path as NSString).deletingLastPathComponent
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        return Suggestion.closest(to: (path as NSString).lastPathComponent, in: siblings).map {
            "did you mean '\(Auditor.displayPath((parent as NSString).appendingPathComponent($0)))'?"
        }
    }

    /// The file's `baseline` (as shown), which must exist: a missing one is an error at its line,
    /// saying how to write it.
    func configuredBaseline() throws -> String? {
        guard let config, let path = config.baseline else { return nil }
        let shown = Auditor.displayPath(path)
        guard FileManager.default.fileExists(atPath: path) else {
            throw Self.entryError(
                in: config, "baseline", path, at: config.baselineLocation, "no such file",
                hint: "write it first: typefit audit --write-baseline \(shown)")
        }
        return shown
    }

    /// An error about the path `path` of the file's setting `key`, reported at the setting's entry:
    /// `.typefit.yml:7:5: error: specs: Specs: no such file or folder (hint)`.
    static func entryError(
        in config: ProjectConfig, _ key: String, _ path: String, at location: SourceLocation?, _ message: String, hint: String? = nil
    ) -> InputError {
        InputError(
            file: Auditor.displayPath(config.file), line: location?.line, column: location?.column,
            message: "\(key): \(Auditor.displayPath(path)): \(message)", hint: hint)
    }

    /// The default spec folder, which no one named, must exist: its absence is said with where the
    /// default comes from (the audit's own "no such file or folder" reads as a typo of a path given).
    private static func requireDefault(_ path: String, hint: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        throw InputError(file: path, message: "no such file or folder", hint: hint)
    }

    func isExcluded(_ file: String, by excludes: [String]) -> Bool {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        return excludes.contains { absolute == $0 || absolute.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// An error about a selection the file made (`locales`, `categories`, `devices`, which the audit
    /// reports under the flag's name) is reported at the file when no flag replaced it: at the line
    /// and column of the value it is about (`InputError.entry`), when it names one.
    func attributing(_ error: InputError, flags: [String: Bool]) -> InputError {
        guard let config, let given = flags[error.file], !given else { return error }
        var e = error
        e.file = Auditor.displayPath(config.file)
        e.message = "\(error.file.dropFirst(2)): " + error.message
        let locations: [SourceLocation]
        switch error.file {
        case "--locales": locations = config.localeLocations
        case "--devices": locations = config.deviceLocations
        default: locations = []
        }
        if let entry = error.entry, locations.indices.contains(entry) {
            e.line = locations[entry].line
            e.column = locations[entry].column
        }
        e.entry = nil
        return e
    }

    /// The file's reports, when the command line asks for none.
    var reports: [ReportRequest] {
        (config?.reports ?? []).map { ReportRequest(format: $0.format, path: $0.path.map(Auditor.displayPath)) }
    }

    /// Writes what the waivers did to standard error: each waiver that accepted findings with its
    /// reason (unless `quiet`), expired waivers as errors (they fail the run), waivers that matched
    /// nothing as warnings, with the closest element id of the run's findings and texts (in the
    /// waiver's spec, when it names one) when its own is none of them.
    static func describe(_ result: WaiverResult, report: AuditReport, quiet: Bool) throws {
        for use in result.uses where use.findings > 0 && !quiet {
            let w = use.waiver
            try StandardStream.error.writeLine(
                ControlCharacters.escaped(
                    "\(Auditor.displayPath(w.location.file)):\(w.location.line):\(w.location.column): waived \(use.findings) \(w.rule.rawValue) finding\(use.findings == 1 ? "" : "s") of element '\(w.element)'\(w.expires.map { " until \($0)" } ?? ""): \(w.reason)"
                ))
        }
        for w in result.expired {
            let error = InputError(
                file: Auditor.displayPath(w.location.file), line: w.location.line, column: w.location.column,
                message: "the waiver of \(w.rule.rawValue) for element '\(w.element)' expired on \(w.expires ?? "")",
                hint: "fix the finding, or renew the waiver with a new reason and date: \(w.reason)")
            try StandardStream.error.writeLine("\(error)")
        }
        let unused = result.uses.filter { $0.findings == 0 }
        guard !unused.isEmpty else { return }
        // The element ids the run knows, per spec (resolved, as a waiver's): those with findings or text.
        var elements: [String: Set<String>] = [:]
        for f in report.findingList { elements[f.spec, default: []].insert(f.element) }
        for s in report.elementList { elements[s.spec, default: []].insert(s.element) }
        let bySpec = Dictionary(
            elements.map { (URL(fileURLWithPath: $0.key).standardizedFileURL.path, $0.value) }, uniquingKeysWith: { $0.union($1) })
        for use in unused {
            let w = use.waiver
            let known = w.spec.map { bySpec[$0] ?? [] } ?? bySpec.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            let hint = known.contains(w.element) ? nil : Suggestion.hint(for: w.element, in: known.sorted())
            try StandardStream.error.writeLine(
                ControlCharacters.escaped(
                    "\(Auditor.displayPath(w.location.file)):\(w.location.line):\(w.location.column): warning: the waiver of \(w.rule.rawValue) for element '\(w.element)' matches no finding (\(hint ?? "check its rule, element and filters, or remove it"))"
                ))
        }
    }
}
