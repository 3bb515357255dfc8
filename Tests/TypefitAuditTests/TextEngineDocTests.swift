import Foundation
import XCTest

/// The `$ typefit …` examples in the console blocks of docs/text-engine.md run from the repository
/// root, and the lines the page shows (up to a `…`, which skips the rest) are the output's first
/// lines, exactly: the page's widths are what `typefit measure` prints today.
final class TextEngineDocTests: XCTestCase {
    /// A command line split as a shell would for these examples: words, and double-quoted strings.
    static func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, inWord = false
        for c in line {
            if c == "\"" {
                quoted.toggle()
                inWord = true
            } else if c == " " && !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(c)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    func testTheConsoleExamplesPrintWhatThePageShows() throws {
        let page = try String(contentsOf: AuditTests.root.appendingPathComponent("docs/text-engine.md"), encoding: .utf8)
        var examples: [(command: String, lines: [String])] = []
        for block in page.components(separatedBy: "```console\n").dropFirst() {
            for line in block.components(separatedBy: "```")[0].split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("$ typefit ") {
                    examples.append((String(line.dropFirst(2)), []))
                } else if !examples.isEmpty, !line.isEmpty {
                    examples[examples.count - 1].lines.append(String(line))
                }
            }
        }
        XCTAssertFalse(examples.isEmpty, "docs/text-engine.md has console examples")
        for (command, shown) in examples {
            let r = try TypefitCommand.run(
                Array(Self.words(command).dropFirst()), in: AuditTests.root,
                environment: ["TYPEFIT_FONTS": AuditTests.root.appendingPathComponent("Fonts").path])
            XCTAssertEqual(r.code, 0, "\(command): \(r.err)")
            let expected = Array(shown.prefix { $0 != "…" })
            XCTAssertEqual(Array(r.out.split(separator: "\n").prefix(expected.count).map(String.init)), expected, command)
        }
    }
}
