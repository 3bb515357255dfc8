import ArgumentParser
import Foundation
import TypefitLayout
import TypefitShaping
import TypefitCore
import TypefitText

extension Typefit {
    struct Fonts: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the fonts typefit can use and the fallback order for a script and language.",
            discussion: "Example: typefit fonts --script Hani --locale ja"
        )

        @OptionGroup var fontOptions: FontOptions

        @Option(help: ArgumentHelp("Show the fallback order for this ISO 15924 script (e.g. Arab, Hani, Thai).", valueName: "SCRIPT"))
        var script: String?

        @Option(help: ArgumentHelp("Language for --script (e.g. ja, zh-Hant, ur).", valueName: "BCP47"))
        var locale: String = "en"

        func run() throws {
            let engine = TextEngine(fontDirectories: fontOptions.fontDirectories)
            if let script {
                let system = try engine.primaryFaces(.system, weight: .regular, size: 17)
                let cascade = engine.cascade(system, weight: .regular, locale: locale)
                try StandardStream.output.writeLine("Fallback order for \(script) (\(locale)), after the requested fonts:")
                for (i, face) in cascade.fallbacks(for: ScriptTag(script)).enumerated() {
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
