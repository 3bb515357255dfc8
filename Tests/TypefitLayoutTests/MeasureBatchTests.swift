import Foundation
import TypefitLayout
import XCTest

/// `typefit measure --jsonl`'s fast path: the batch measurer, the request parser and the result
/// writer give exactly what the one-request path (`TextEngine.measure`, `JSONDecoder`, `JSONEncoder`)
/// gives.
final class MeasureBatchTests: XCTestCase {
    /// Real UI strings in many scripts: the hb-shape fixtures' samples (locale, text).
    static let samples: [(locale: String, text: String)] = {
        let tsv = (try? String(contentsOf: TestSupport.fixtures.appendingPathComponent("hb-shape/samples.tsv"), encoding: .utf8)) ?? ""
        return tsv.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.count == 7 }.map { ($0[3], $0[6]) }
    }()

    /// A variable font with wght and opsz axes: instanced per weight and point size.
    static let variableFont = TestSupport.fixtures.appendingPathComponent("variable-sf/TestSystemFont.ttf").path

    /// Each sample at several sizes, widths, line limits and modes, plus requests in named fonts, a
    /// variable font (instanced per size), text styles, explicit line heights and tracking, shuffled
    /// with a fixed seed so a text comes back among other texts.
    static func requests() -> [MeasureRequest] {
        var out: [MeasureRequest] = []
        for (locale, text) in samples {
            for (size, width, lines, mode) in [
                (17.0, 343.0, 0, "word"), (28, 160, 2, "truncate-tail"), (17, 90, 1, "truncate-middle"),
                (40, 343, 0, "char"), (28, 160, 0, "word")
            ] {
                var r = MeasureRequest(text: text)
                r.size = size
                r.width = width
                r.lines = lines
                r.lineBreak = mode
                r.locale = locale
                out.append(r)
            }
        }
        for (i, text) in [
            "Continue with Google", "Forgot your password?", "Mot de passe oublié ?", "パスワードをお忘れですか？",
            "Línea 1\nLínea 2 más larga que la primera", "عربي English 123"
        ].enumerated() {
            for category in ["Large", "AX3"] {
                var styled = MeasureRequest(text: text)
                styled.style = i % 2 == 0 ? "body" : "headline"
                styled.category = category
                styled.width = 200
                styled.lineHeight = .leading
                out.append(styled)
            }
            for size in [12.0, 20, 34] {
                var named = MeasureRequest(text: text)
                named.font = [TestSupport.font("NotoSans-Regular.ttf")]
                named.size = size
                named.width = 150
                named.tracking = "system"
                named.lineHeight = .points(size * 1.3)
                out.append(named)
                // The same text and size untracked at the font's own line height: another scaling.
                named.tracking = "none"
                named.lineHeight = nil
                out.append(named)
                var variable = MeasureRequest(text: text)
                variable.font = [Self.variableFont]
                variable.weight = "semibold"
                variable.size = size
                variable.width = 120
                variable.lines = 1
                variable.lineBreak = "truncate-head"
                out.append(variable)
            }
        }
        var generator = SeededGenerator(seed: 18)
        out.shuffle(using: &generator)
        return out
    }

    /// A result with its process counters cleared: they count the process's work so far, which a
    /// batch that reuses shaping does less of.
    func comparable(_ r: MeasureResult) throws -> String {
        var r = r
        r.stats.shapingCalls = 0
        r.stats.cacheHits = 0
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(r), as: UTF8.self)
    }

    func testBatchEqualsOneRequestAtATimeWithoutCaches() throws {
        let requests = Self.requests()
        XCTAssertGreaterThan(Self.samples.count, 50, "the hb-shape samples are read")
        XCTAssertTrue(requests.contains { $0.font == [Self.variableFont] })
        // The oracle: a fresh engine with every cache off, one request at a time.
        let oracle = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts, cachePolicy: .disabled)
        let expected = try requests.map { try comparable(oracle.measure($0)) }
        // Kept texts dropped every 7 texts, and kept for the whole batch: the same results.
        for capacity in [7, 4096] {
            let batch = MeasureBatch(engine: TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts), capacity: capacity)
            for (i, request) in requests.enumerated() {
                XCTAssertEqual(try comparable(batch.measure(request)), expected[i], "request \(i) (capacity \(capacity)): \(request.text)")
            }
        }
    }

    func testBatchShapesEachTextOnce() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let batch = MeasureBatch(engine: engine)
        var request = MeasureRequest(text: "Forgot your password?")
        request.size = 17
        _ = try batch.measure(request)
        let afterFirst = engine.paragraphStatistics.requests
        for (size, width) in [(20.0, 100.0), (28, 343), (40, 60)] {
            request.size = size
            request.width = width
            _ = try batch.measure(request)
        }
        XCTAssertEqual(engine.paragraphStatistics.requests, afterFirst, "other sizes and widths reuse the text's shaping")
        request.text = "Sign in"
        _ = try batch.measure(request)
        XCTAssertGreaterThan(engine.paragraphStatistics.requests, afterFirst, "a new text is shaped")
    }

    func testBatchReportsTheSameErrors() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let batch = MeasureBatch(engine: engine)
        var unknownFont = MeasureRequest(text: "Hello")
        unknownFont.size = 17
        unknownFont.font = ["Intr"]
        var badSize = MeasureRequest(text: "Hello")
        badSize.size = -1
        for request in [unknownFont, badSize, unknownFont] {
            var single: String?
            var batched: String?
            do { _ = try engine.measure(request) } catch { single = "\(error)" }
            do { _ = try batch.measure(request) } catch { batched = "\(error)" }
            XCTAssertNotNil(single)
            XCTAssertEqual(batched, single)
        }
    }

    func testWriterWritesWhatJSONEncoderWrites() throws {
        let engine = TextEngine(fontDirectories: [], bundledFonts: TestSupport.fonts)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var texts = Self.samples.map(\.text)
        // Every character JSON escapes, slashes, line separators, a missing glyph, emoji.
        texts += [
            "quote \" backslash \\ slash / tab \t bell \u{7} del \u{7F} nul \u{0}", "a\u{2028}b\u{2029}c\r\nd\u{8}\u{C}e",
            "\u{378}\u{E0001} missing", "👩‍👩‍👧 family 🇫🇷"
        ]
        var checked = 0
        for (i, text) in texts.enumerated() {
            var request = MeasureRequest(text: text)
            request.size = [17, 0.5, 33.3, 1000][i % 4]
            request.width = [nil, 1, 73.25, 100_000][i % 4]
            request.lines = i % 3
            request.lineBreak = "truncate-middle"
            let result = try engine.measure(request)
            let expected = String(decoding: try encoder.encode(result), as: UTF8.self)
            XCTAssertEqual(MeasureResultWriter.json(result), expected)
            checked += 1
        }
        XCTAssertEqual(checked, texts.count)
    }

    /// Lines the fast parser reads: each gives the request `JSONDecoder` gives.
    func testParserReadsWhatJSONDecoderReads() throws {
        let lines = [
            #"{"text":"Hello","size":17}"#,
            #"  { "text" : "Hi \"there\" \\ \/ \b\f\n\r\t \u00e9\u4e2d\ud83d\ude00" , "size" : 1.5e1 }  "#,
            #"{"text":"x","font":"Inter","faceIndex":0,"weight":600,"size":17.25,"width":343,"lines":2,"lineBreak":"truncate-tail","locale":"fr-CA","tracking":"none","lineHeight":22,"variations":"wght=600"}"#,
            #"{"text":"x","font":["Inter","Noto Sans"],"weight":"bold","style":"body","category":"AX3","lineHeight":"leading"}"#,
            #"{"text":"x","size":-0.0,"width":0,"lineHeight":"21.5","font":[]}"#,
            #"{"text":"","font":null,"faceIndex":null,"weight":null,"size":null,"style":null,"category":null,"width":null,"lines":null,"lineBreak":null,"locale":null,"tracking":null,"lineHeight":null,"variations":null}"#,
            #"{"size":1E+2,"text":"ภาษาไทย","lines":-3,"weight":-5}"#,
            // Keys with escapes are decoded before they are matched; without, compared as bytes.
            #"{"te\u0078t":"escaped key","\u0073ize":12,"lineBreak":null}"#
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for line in lines {
            let decoded = try JSONDecoder().decode(MeasureRequest.self, from: Data(line.trimmingCharacters(in: .whitespaces).utf8))
            guard let parsed = MeasureRequestParser.parse(line) else {
                XCTFail("not read by the fast parser: \(line)")
                continue
            }
            XCTAssertEqual(
                String(decoding: try encoder.encode(parsed), as: UTF8.self),
                String(decoding: try encoder.encode(decoded), as: UTF8.self), line)
        }
    }

    /// Lines the fast parser leaves to `JSONDecoder` (which reports the error, or reads what the
    /// fast parser does not: a blank line is skipped).
    func testParserLeavesEverythingElseToJSONDecoder() {
        let lines = [
            "", "   ", "[]", "{}", #"{"size":17}"#, #"{"text":null,"size":17}"#, #"{"text":"a","sise":17}"#,
            #"{"text":"a","text":"b"}"#, #"{"text":"a","size":true}"#, #"{"text":"a","lines":1.0}"#, #"{"text":"a","lines":1e2}"#,
            #"{"text":"a","weight":600.5}"#, #"{"text":"a","lines":99999999999999999999}"#, #"{"text":"a","size":1e999}"#,
            #"{"text":"\ud800 lone"}"#, #"{"text":"\udc00"}"#, #"{"text":"\x"}"#, "{\"text\":\"tab\there\"}", #"{"text":"a"} x"#,
            #"{"text":"a",}"#, #"{"text":"a""size":1}"#, #"{"text":"a","size":01}"#, #"{"text":"a","size":.5}"#,
            #"{"text":"a","size":-}"#, #"{"text":"a","font":["x",1]}"#, #"{"text":"a","lineHeight":"tall"}"#, #"{"text":"a","lines":-0}"#,
            #"{"text":"a","size":{"pt":17}}"#, #"{"text":"a""#, "\u{A0}{\"text\":\"a\"}",
            #"{"text":"a","siz":1}"#, #"{"text":"a","sizes":1}"#, #"{"text":"a","Size":1}"#, #"{"te\u0078t":"a","text":"b"}"#,
            "{\"te\u{1}xt\":\"a\"}"
        ]
        for line in lines {
            XCTAssertNil(MeasureRequestParser.parse(line), line)
        }
    }
}

/// A small deterministic generator (SplitMix64) for shuffles in tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
