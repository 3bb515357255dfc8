import Foundation

/// The command-line examples of a documentation page, for the tests that run them: each `$ typefit …`
/// line in a fenced block, with the lines the page shows after it (up to the next `$ ` line or the
/// end of the block).
enum DocExamples {
    /// The page's examples whose command starts with `prefix` (after the `$ `), in every fenced block
    /// or only in those of one kind (`fence`: "console" for "```console").
    static func examples(in page: String, prefix: String = "typefit ", fence: String? = nil) -> [(command: String, lines: [String])] {
        var examples: [(command: String, lines: [String])] = []
        var inBlock = false, wanted = false, current: Int?
        for line in page.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inBlock.toggle()
                wanted = inBlock && (fence.map { line == "```" + $0 } ?? true)
                current = nil
                continue
            }
            guard inBlock, wanted else { continue }
            if line.hasPrefix("$ " + prefix) {
                examples.append((String(line.dropFirst(2)), []))
                current = examples.count - 1
            } else if line.hasPrefix("$ ") {
                current = nil
            } else if let current {
                examples[current].lines.append(line)
            }
        }
        return examples
    }

    /// The command's arguments after `typefit`, split as a shell splits these examples: words, and
    /// double-quoted strings.
    static func arguments(_ command: String) -> [String] {
        var words: [String] = [], word = "", quoted = false, inWord = false
        for c in command {
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
        return Array(words.dropFirst())
    }

    /// The first line the page shows that is not in `output` in the page's order (`…` skips any
    /// number of lines), or nil when they all are.
    static func missingLine(_ shown: [String], in output: [String]) -> String? {
        var next = 0
        for line in shown where line != "…" {
            guard let i = output[next...].firstIndex(of: line) else { return line }
            next = i + 1
        }
        return nil
    }
}
