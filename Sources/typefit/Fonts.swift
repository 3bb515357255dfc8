import ArgumentParser
import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping
import TypefitText

extension Typefit {
    struct Fonts: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fonts",
            abstract: "List the fonts typefit can use and the fallback order for a script and language.",
            discussion: "Example: typefit fonts --script Hani --locale ja"
        )

        @OptionGroup var fontOptions: FontOptions

        @Option(
            help: ArgumentHelp(
                "Show the fallback order for this script: an ISO 15924 code or a Unicode script name, any case (e.g. Arab, Arabic, Hani, Han, Cyrillic).",
                valueName: "SCRIPT"))
        var script: String?

        @Option(help: ArgumentHelp("Language for --script (e.g. ja, zh-Hant, ur).", valueName: "BCP47"))
        var locale: String = "en"

        func run() throws {
            let engine = try fontOptions.engine()
            if let script {
                guard let tag = ScriptTag(named: script) else {
                    let hint = script.isEmpty ? nil : Suggestion.hint(for: script, in: ScriptTag.allNames)
                    throw ValidationError(
                        "unknown script '\(script.prefix(80))'"
                            + (hint.map { " (\($0))" }
                                ?? "; use an ISO 15924 code or a Unicode script name (Arab, Arabic, Hani, Han, Cyrl, Cyrillic…)"))
                }
                if let problem = LocaleTag.problem(locale) {
                    throw ValidationError("invalid locale '\(locale.prefix(80))': \(problem)")
                }
                let system = try engine.primaryFaces(.system, weight: .regular, size: 17)
                let cascade = engine.cascade(system, weight: .regular, locale: locale)
                try StandardStream.output.writeLine("Fallback order for \(tag.code) (\(locale)), after the requested fonts:")
                for (i, face) in cascade.fallbacks(for: tag).enumerated() {
                    try StandardStream.output.writeLine(String(format: "%3d. ", i + 1) + ControlCharacters.escaped(face.description))
                }
                return
            }
            try StandardStream.output.writeLine("Folders: " + engine.library.directories.joined(separator: ", "))
            for e in engine.library.entries() {
                let file = (e.path as NSString).lastPathComponent
                // Names come from the font files (and --font-dir file names): shown escaped.
                let fields = [e.family, e.style, "\(e.weight.rawValue)", "\(file)#\(e.faceIndex)"]
                try StandardStream.output.writeLine(fields.map(ControlCharacters.escaped).joined(separator: "\t"))
            }
            try StandardStream.output.writeLine("HarfBuzz \(harfBuzzVersion), FreeType \(FontFileInfo.freeTypeVersion), ICU \(icuVersion)")
        }
    }
}
