import ArgumentParser
import Foundation
import TypefitAudit
import TypefitCore
import TypefitLayout
import TypefitShaping

/// The `typefit` command. Subcommands are thin: they copy options into library types and call the
/// library (TypefitLayout, TypefitAudit, TypefitReport), which the tests drive directly.
struct Typefit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typefit",
        abstract: "Audit iOS screens for Dynamic Type with real fonts: truncation, clipped buttons, fallbacks.",
        discussion: """
            typefit shapes text with HarfBuzz and FreeType using real font files, at all 12 Dynamic Type \
            categories (xSmall … xxxLarge, AX1 … AX5), and reports what overflows, by how much, where.

            Exit codes: 0 nothing failing · 1 failing findings (audit, merge) · 2 invalid input or usage.
            Fonts: the bundled Fonts/ folder is found in $TYPEFIT_FONTS, above the executable (Fonts/ or share/typefit/Fonts/), or in ./Fonts; \
            --font-dir folders are searched first.
            """,
        version: TypefitInfo.version,
        subcommands: [
            Audit.self, Merge.self, Budgets.self, Init.self, Measure.self, Fonts.self, Schema.self, Rules.self, ReportersCommand.self
        ],
        defaultSubcommand: nil
    )
}

/// Options shared by every subcommand that loads fonts.
struct FontOptions: ParsableArguments {
    @Option(
        name: .customLong("font-dir"),
        help: ArgumentHelp("A folder of font files searched before the bundled fonts (repeatable).", valueName: "DIR"))
    var fontDirectories: [String] = []

    /// The `--font-dir` folders, each checked: a missing or empty font folder is an input error (exit 2).
    func checkedDirectories() throws -> [String] {
        for dir in fontDirectories { try FontLibrary.checkUserDirectory(dir) }
        return fontDirectories
    }

    /// A text engine with the checked `--font-dir` folders.
    func engine() throws -> TextEngine { TextEngine(fontDirectories: try checkedDirectories()) }
}

@main
enum Main {
    static func main() {
        // A reader that goes away (`typefit audit | head`) makes write(2) fail with EPIPE, which
        // StandardStream reports, instead of killing the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        StandardStream.guardDescriptors()
        do {
            try RepeatedOption.check(Array(CommandLine.arguments.dropFirst()))
            var command = try Typefit.parseAsRoot()
            try command.run()
        } catch let error as InputError {
            StandardStream.tryError("\(error)\n")
            exit(ExitStatus.invalidInput.rawValue)
        } catch let error as StandardStream.WriteFailure {
            StandardStream.tryError("\(error)\n")
            exit(ExitStatus.invalidInput.rawValue)
        } catch let error as ExitCode {
            exit(error.rawValue)
        } catch {
            let code = Typefit.exitCode(for: error)
            if code == .success {
                do {
                    try StandardStream.output.writeLine(Typefit.fullMessage(for: error))
                } catch {
                    StandardStream.tryError("\(error)\n")
                    exit(ExitStatus.invalidInput.rawValue)
                }
                exit(0)
            }
            // One line, like every other error: the message without ArgumentParser's "Error: " prefix
            // and usage block (`typefit COMMAND --help` has those).
            let message = Typefit.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            StandardStream.tryError("typefit: error: \(ControlCharacters.escaped(message))\n")
            exit(ExitStatus.invalidInput.rawValue)
        }
    }
}
