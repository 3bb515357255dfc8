import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitSpec
import TypefitStrings

extension Typefit {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a commented starter .typefit.yml here, and a first spec for a String Catalog.",
            discussion: """
                Examples:
                  typefit init                                            # .typefit.yml only
                  typefit init --catalog App/Localizable.xcstrings        # and Specs/Localizable.yaml
                Existing files are never overwritten unless --force is given; with --catalog an
                existing .typefit.yml is kept and only the spec is written.
                """)

        @Option(help: ArgumentHelp("A String Catalog (.xcstrings): write a first spec listing its keys in Specs/.", valueName: "FILE"))
        var catalog: String?

        @Flag(help: "Overwrite .typefit.yml or the spec if they exist.")
        var force = false

        func run() throws {
            let fm = FileManager.default
            let configPath = ProjectConfig.fileName
            var writes: [(path: String, text: String)] = []
            if let catalog {
                guard catalog.hasSuffix(".xcstrings") else {
                    throw InputError(file: catalog, message: "is not a String Catalog", hint: "give a .xcstrings file")
                }
                let strings = try LocalizedStrings.loadCatalog(path: catalog)
                let name = ((catalog as NSString).lastPathComponent as NSString).deletingPathExtension
                let specPath = "Specs/\(name).yaml"
                // The catalog's path as the spec (in Specs/) names it.
                let absolute = URL(fileURLWithPath: catalog).standardizedFileURL.path
                let specsFolder = URL(fileURLWithPath: "Specs").standardizedFileURL.path
                let relative = Self.relativePath(absolute, from: specsFolder)
                let measured = strings.keys.filter { strings.hasWords(key: $0) }
                writes.append(
                    (
                        specPath,
                        ProjectStarter.spec(screen: name, strings: relative, keys: measured, skipped: strings.keys.count - measured.count)
                    ))
            }
            // With a catalog, an existing .typefit.yml is kept: `init --catalog` adds a spec to a
            // project that is already set up.
            let keepsConfig = catalog != nil && fm.fileExists(atPath: configPath) && !force
            if !keepsConfig { writes.insert((configPath, ProjectStarter.config(version: TypefitInfo.version)), at: 0) }
            for w in writes where fm.fileExists(atPath: w.path) && !force {
                throw InputError(file: w.path, message: "already exists", hint: "use --force to overwrite it")
            }
            if writes.contains(where: { $0.path.hasPrefix("Specs/") }) && !fm.fileExists(atPath: "Specs") {
                do { try fm.createDirectory(atPath: "Specs", withIntermediateDirectories: false) } catch {
                    throw InputError(file: "Specs", message: "the folder cannot be created")
                }
            }
            for w in writes {
                try OutputFile.write(w.text, to: w.path)
                try StandardStream.error.writeLine("typefit: wrote \(w.path)")
            }
            if keepsConfig { try StandardStream.error.writeLine("typefit: kept \(configPath) (it exists; --force rewrites it)") }
            if catalog == nil {
                try StandardStream.error.writeLine("typefit: next: " + Self.nextStep(catalogs: CatalogSearch.catalogs(under: ".")))
            }
        }

        /// What to do after a plain `typefit init`: a first spec for a String Catalog found here, or one
        /// written by hand.
        static func nextStep(catalogs: [String]) -> String {
            guard let first = catalogs.first else {
                return
                    "describe a screen in Specs/ (docs/spec-format.md; `typefit schema` prints its JSON Schema), then run `typefit audit`"
            }
            let others =
                catalogs.count == 1
                ? ""
                : " (\(catalogs.count) String Catalogs here: \(catalogs.prefix(5).joined(separator: ", "))\(catalogs.count > 5 ? ", …" : ""))"
            return
                "`typefit init --catalog \(Self.shellWord(first))` writes a first spec for the String Catalog \(first)\(others), then run `typefit audit`"
        }

        /// `path` as one shell word: as is when it is plain, else in single quotes.
        static func shellWord(_ path: String) -> String {
            let plain = path.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+".unicodeScalars.contains($0) }
            return plain ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }

        /// `path` relative to the folder `base` (both absolute, standardized).
        static func relativePath(_ path: String, from base: String) -> String {
            let p = path.split(separator: "/"), b = base.split(separator: "/")
            var common = 0
            while common < min(p.count, b.count) && p[common] == b[common] { common += 1 }
            return (Array(repeating: "..", count: b.count - common) + p[common...].map(String.init)).joined(separator: "/")
        }
    }
}
