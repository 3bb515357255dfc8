import ArgumentParser
import Foundation
import TypefitCore
import TypefitLayout

extension Typefit {
    struct Measure: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "measure",
            abstract: "Measure one text: natural width, lines, truncation, fonts used and missing glyphs.",
            discussion: """
                Examples:
                  typefit measure --style body --category AX3 --width 250 --lines 1 --line-break truncate-tail "Continue with Google"
                  typefit measure --font Fonts/NotoSansThai-Regular.ttf --size 17 --width 120 --locale th "ภาษาไทยไม่มีช่องว่าง"
                  typefit measure --style subheadline --category all --width 218 "Sign in with Email"
                  echo '{"text":"Hello","size":17}' | typefit measure --jsonl -

                --jsonl reads one JSON request per line (keys: text, font, faceIndex, weight, size, style, category, \
                width, lines, lineBreak, locale, tracking, lineHeight, variations) and writes one JSON result per line, \
                in order; a bad line yields {"error": …, "line": N} and exit code 2 at the end.
                """
        )

        @OptionGroup var fontOptions: FontOptions

        @Option(
            name: .customLong("font"),
            help: ArgumentHelp(
                "A font file or family name, tried in order before the fallback cascade (repeatable). Default: the system font stand-in (Inter / Inter Display).",
                valueName: "FILE|FAMILY"))
        var fonts: [String] = []

        @Option(name: .customLong("face-index"), parsing: .unconditional, help: "Face index in a font collection (.ttc).")
        var faceIndex: Int?

        @Option(
            help:
                "Font weight: ultraLight, thin, light, regular, medium, semibold, bold, heavy, black or 1–1000. Default: the style's weight, else regular."
        )
        var weight: String?

        @Option(parsing: .unconditional, help: "Point size.")
        var size: Double?

        @Option(
            help: ArgumentHelp(
                "Text style: largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2.",
                valueName: "STYLE"))
        var style: String?

        @Option(
            help: ArgumentHelp(
                "Dynamic Type category for --style: xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1…AX5 (UIKit names accepted), or 'all'. Default: Large.",
                valueName: "CAT"))
        var category: String?

        @Option(parsing: .unconditional, help: "Available width in points (default: unlimited).")
        var width: Double?

        @Option(parsing: .unconditional, help: "numberOfLines: 0 = unlimited (default 0).")
        var lines: Int?

        @Option(
            name: .customLong("line-break"),
            help: ArgumentHelp(
                "lineBreakMode: word, char, clip, truncate-tail, truncate-head, truncate-middle (default: word).", valueName: "MODE"))
        var lineBreak: String?

        @Option(
            help: ArgumentHelp(
                "BCP 47 language tag: picks break rules (th, ja, ko…) and fallback fonts (ja → JP face). Default: en.", valueName: "BCP47"))
        var locale: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "SF tracking table: 'system' or 'none'. Default: system for the stand-in font, none for --font.", valueName: "system|none"))
        var tracking: String?

        @Option(
            name: .customLong("line-height"), parsing: .unconditional,
            help: ArgumentHelp(
                "Line height in points, or 'leading' for the text style's HIG leading. Default: the font's hhea metrics.",
                valueName: "PT|leading"))
        var lineHeight: String?

        @Option(help: ArgumentHelp("Variation axis values for variable fonts, e.g. wght=600,opsz=20.", valueName: "AXES"))
        var variations: String?

        @Option(help: "Output format: text or json.")
        var format: OutputFormat = .text

        @Option(help: ArgumentHelp("Read JSON requests, one per line, from FILE or - (standard input).", valueName: "FILE|-"))
        var jsonl: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "With --jsonl: 2 (the default on 2 cores or more) opens the fonts later requests need on a second thread while one measures; 1 measures on one thread. Results are identical either way.",
                valueName: "N"))
        var threads: Int?

        @Argument(help: "The text to measure.")
        var text: String?

        enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

        func validate() throws {
            if jsonl == nil && text == nil { throw ValidationError("give a TEXT to measure, or --jsonl FILE") }
            if jsonl != nil && text != nil { throw ValidationError("'--jsonl' and a TEXT argument are mutually exclusive") }
            if let threads {
                if jsonl == nil { throw ValidationError("--threads applies to --jsonl: one request is measured on one thread") }
                if threads < 1 || threads > 256 { throw ValidationError("--threads must be between 1 and 256") }
                // One thread measures, in order, and one may open fonts ahead: a third has nothing to do.
                if threads > 2 {
                    throw ValidationError(
                        "--threads \(threads): measure --jsonl uses at most 2 threads (one measures the requests in order, one opens fonts ahead); use 1 or 2"
                    )
                }
            }
        }

        func run() throws {
            let engine = try fontOptions.engine()
            if let jsonl {
                try runJSONL(jsonl, engine: engine)
                return
            }
            var request = MeasureRequest(text: text ?? "")
            request.font = fonts.isEmpty ? nil : fonts
            request.faceIndex = faceIndex
            request.weight = weight
            request.size = size
            request.style = style
            request.width = width
            request.lines = lines
            request.lineBreak = lineBreak
            request.locale = locale
            request.tracking = tracking
            request.variations = variations
            if let lh = lineHeight {
                if lh == "leading" {
                    request.lineHeight = .leading
                } else if let v = Double(lh) {
                    request.lineHeight = .points(v)
                } else {
                    throw ValidationError("--line-height must be a number of points or 'leading'")
                }
            }
            let categories: [String?]
            if category?.lowercased() == "all" {
                guard style != nil else { throw ValidationError("--category all needs --style") }
                categories = ContentSizeCategory.allNames
            } else {
                categories = [category]
            }
            var results: [(String?, MeasureResult)] = []
            for cat in categories {
                request.category = cat
                do {
                    results.append((cat, try engine.measure(request)))
                } catch let error as MeasureRequestError {
                    throw ValidationError(error.description)
                }
            }
            switch format {
            case .json:
                if results.count == 1 {
                    try StandardStream.output.writeLine(try Self.json(results[0].1))
                } else {
                    for (_, r) in results { try StandardStream.output.writeLine(try Self.json(r)) }
                }
            case .text:
                for (cat, r) in results {
                    try StandardStream.output.writeLine(Self.describe(r, category: cat, request: request, system: engine.systemFontSource))
                }
            }
            for clamp in engine.axisClamps { try StandardStream.error.writeLine("typefit: warning: \(clamp)") }
        }

        static func json(_ result: MeasureResult) throws -> String {
            MeasureResultWriter.json(result)
        }

        /// Longest JSONL line read, in bytes: a request's text may be `MeasureRequest.maximumTextLength`
        /// UTF-16 units, each up to 6 bytes as a JSON escape, plus the other keys. A longer line is an
        /// error for that line, and is skipped without being held in memory.
        static let maximumLineLength = 1 << 20

        func runJSONL(_ path: String, engine: TextEngine) throws {
            let name = path == "-" ? "<stdin>" : path
            let lines: JSONLReader
            do {
                lines = try JSONLReader(path: path, maximumLineLength: Self.maximumLineLength)
            } catch let error as JSONLReader.Failure {
                throw InputError(file: name, message: error.message)
            }
            // Results are collected and written in blocks: when 64 kB are held, and before each read
            // that may wait for more input (so an interactive caller gets every answer at once).
            var output: [UInt8] = []
            output.reserveCapacity(1 << 17)
            func flush() throws {
                if output.isEmpty { return }
                try StandardStream.output.write(output)
                output.removeAll(keepingCapacity: true)
            }
            lines.beforeRead = flush
            let batch = MeasureBatch(engine: engine)
            // Fonts, shape plans and break iterators for the requests read ahead are opened on
            // another thread while this one measures (no result changes: `MeasurePrefetcher`),
            // unless one thread is asked for or the machine has one core.
            let prefetcher =
                (threads ?? ProcessInfo.processInfo.activeProcessorCount) > 1
                ? MeasurePrefetcher(engine: engine, maximumLineLength: Self.maximumLineLength) : nil
            if let prefetcher { lines.afterRead = { prefetcher.feed($0) } }
            defer { prefetcher?.stop() }
            // The engine's and the batch's caches are freed by the process's exit, not object by object.
            _ = Unmanaged.passRetained(batch)
            var failed = false
            let decoder = JSONDecoder()
            while true {
                let next: JSONLReader.Line?
                do {
                    next = try lines.next()
                } catch let error as JSONLReader.Failure {
                    throw InputError(file: name, message: error.message)
                }
                guard let line = next else { break }
                prefetcher?.reached(line.number)
                do {
                    let request: MeasureRequest
                    switch line.content {
                    case .tooLong:
                        throw MeasureRequestError("the line is longer than \(Self.maximumLineLength >> 20) MB")
                    case .text(let text):
                        // A well-formed request is read without Foundation; anything else (an error to
                        // report, or a blank line) goes through JSONDecoder as before.
                        if let parsed = MeasureRequestParser.parse(text) {
                            request = parsed
                            break
                        }
                        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                        if trimmed.isEmpty { continue }
                        do {
                            request = try decoder.decode(MeasureRequest.self, from: Data(trimmed.utf8))
                        } catch let e as MeasureRequestError {
                            throw e
                        } catch {
                            throw MeasureRequestError("invalid JSON request: \(Self.decodingMessage(error))")
                        }
                    case .invalidUTF8:
                        throw MeasureRequestError("the line is not valid UTF-8")
                    }
                    let clamped = engine.axisClamps
                    MeasureResultWriter.append(try batch.measure(request), to: &output)
                    output.append(UInt8(ascii: "\n"))
                    let newClamps = engine.axisClamps.filter { !clamped.contains($0) }
                    if !newClamps.isEmpty {
                        try flush()
                        for clamp in newClamps {
                            try StandardStream.error.writeLine("\(ControlCharacters.escaped(name)):\(line.number): warning: \(clamp)")
                        }
                    }
                    if output.count >= 1 << 16 { try flush() }
                } catch let error as StandardStream.WriteFailure {
                    throw error
                } catch {
                    failed = true
                    try flush()
                    let message = (error as? MeasureRequestError)?.description ?? (error as? InputError)?.nestedDescription ?? "\(error)"
                    try StandardStream.error.writeLine(
                        "\(ControlCharacters.escaped(name)):\(line.number): error: \(ControlCharacters.escaped(message))")
                    let object = ["error": message, "line": String(line.number)]
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    try StandardStream.output.writeLine(String(decoding: try encoder.encode(object), as: UTF8.self))
                }
            }
            try flush()
            if failed { throw ExitCode(ExitStatus.invalidInput.rawValue) }
        }

        static func decodingMessage(_ error: Error) -> String {
            switch error {
            case DecodingError.keyNotFound(let key, _): return "missing key '\(key.stringValue)'"
            case DecodingError.typeMismatch(_, let ctx):
                return "wrong type for '\(ctx.codingPath.map(\.stringValue).joined(separator: "."))'"
            case DecodingError.valueNotFound(_, let ctx): return "null for '\(ctx.codingPath.map(\.stringValue).joined(separator: "."))'"
            case DecodingError.dataCorrupted(let ctx): return ctx.debugDescription
            default: return "\(error)"
            }
        }

        static func describe(_ r: MeasureResult, category: String?, request: MeasureRequest, system: SystemFontSource) -> String {
            func pt(_ v: Double) -> String { String(format: "%.2f pt", v) }
            var out: [String] = []
            let what = [request.style.map { "\($0) @ \(category ?? "Large")" }, "\(String(format: "%g", r.size)) pt"]
                .compactMap { $0 }.joined(separator: ", ")
            out.append("\"\(ControlCharacters.escaped(r.text))\" — \(what)")
            out.append("  natural width  \(pt(r.naturalWidth))")
            if let w = request.width {
                out.append("  lines needed   \(r.lineCount) at \(String(format: "%g", w)) pt")
            } else {
                out.append("  lines needed   \(r.lineCount)")
            }
            for (i, line) in r.lines.enumerated() {
                out.append("  line \(i + 1)         \(pt(line.width))  \"\(ControlCharacters.escaped(line.text))\"")
            }
            out.append(
                "  shown          \(r.truncated ? "TRUNCATED" : "complete"): \"\(ControlCharacters.escaped(r.visibleText.replacingOccurrences(of: "\n", with: "⏎")))\""
            )
            out.append("  block          \(pt(r.width)) × \(pt(r.height)) (line height \(pt(r.lineHeight)))")
            for f in r.fonts {
                out.append(
                    "  font           \(f.family) \(f.style) (\(f.file)#\(f.faceIndex))\(f.fallback ? " fallback" : ""): \(f.clusters) clusters"
                )
            }
            if let resolved = try? request.resolve(), resolved.fonts == .system, system == .standIn {
                let opsz = min(max(r.size, SystemFontModel.opticalSizeRange.lowerBound), SystemFontModel.opticalSizeRange.upperBound)
                let share = Int((SystemFontModel.displayWeight(at: r.size) * 100).rounded())
                let error = SystemFontModel.errorBound(weight: resolved.weight, size: r.size) * 100
                out.append(
                    "  system font    stand-in for SF: Inter and Inter Display blended at optical size \(String(format: "%g", opsz)) (\(share) % Display); widths ±\(String(format: "%.1f", error)) % (p95)"
                )
            }
            out.append(
                "  missing glyphs \(r.missingGlyphs.count == 0 ? "none" : "\(r.missingGlyphs.count): \(r.missingGlyphs.characters.joined(separator: " "))")"
            )
            return out.joined(separator: "\n")
        }
    }
}
