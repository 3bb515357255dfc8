import Foundation
import XCTest

/// `typefit measure --jsonl` as a service: the same results as one `typefit measure` per request, and
/// an answer to each request before the next one is sent.
final class MeasureJSONLTests: XCTestCase {
    static let root = AuditTests.root

    /// The result without its `stats` (process counters: shaping calls and cache hits so far).
    func withoutStats(_ line: Substring) -> String {
        line.replacingOccurrences(of: #","stats":\{"cacheHits":\d+,"shapingCalls":\d+\}"#, with: "", options: .regularExpression)
    }

    func testBatchEqualsOneProcessPerRequest() throws {
        // (text, size, width, lines, line break, locale), texts repeated at other sizes and widths.
        let checks: [(String, Double, Double, Int, String, String)] = [
            ("Continue with Google", 17, 343, 0, "word", "en"), ("ภาษาไทยไม่มีช่องว่าง", 28, 120, 2, "truncate-tail", "th"),
            ("Continue with Google", 40, 160, 1, "truncate-middle", "en"), ("パスワードをお忘れですか？", 22, 100, 0, "char", "ja"),
            ("ภาษาไทยไม่มีช่องว่าง", 17, 343, 0, "word", "th"), ("نسيت كلمة المرور؟", 34, 90, 2, "truncate-head", "ar"),
            ("Continue with Google", 17, 343, 0, "word", "en"), ("Passwort vergessen?\nHilfe", 20, 120, 0, "clip", "de")
        ]
        var input = ""
        for (text, size, width, lines, mode, locale) in checks {
            let escaped = text.replacingOccurrences(of: "\n", with: "\\n")
            input +=
                #"{"text":"\#(escaped)","size":\#(size),"width":\#(width),"lines":\#(lines),"lineBreak":"\#(mode)","locale":"\#(locale)"}"#
                + "\n"
        }
        let batch = try TypefitCommand.run(["measure", "--jsonl", "-"], in: Self.root, stdin: input)
        XCTAssertEqual(batch.code, 0, batch.err)
        let results = batch.out.split(separator: "\n")
        XCTAssertEqual(results.count, checks.count)
        for (i, (text, size, width, lines, mode, locale)) in checks.enumerated() where i < results.count {
            let single = try TypefitCommand.run(
                [
                    "measure", "--format", "json", "--size", "\(size)", "--width", "\(width)",
                    "--lines", "\(lines)", "--line-break", mode, "--locale", locale, text
                ], in: Self.root)
            XCTAssertEqual(single.code, 0, single.err)
            XCTAssertEqual(withoutStats(results[i]), withoutStats(single.out.dropLast()), "check \(i): \(text)")
            XCTAssertTrue(results[i].contains(#""size":\#(Int(size)),"#), String(results[i]))
        }
    }

    /// A caller that sends one request and waits for its answer before sending the next gets it:
    /// results are not held back until the input ends.
    func testAnswersEachRequestBeforeTheNextArrives() throws {
        let p = Process()
        p.executableURL = TypefitCommand.binary
        p.arguments = ["measure", "--jsonl", "-"]
        p.currentDirectoryURL = Self.root
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        let reader = output.fileHandleForReading
        for text in ["Sign in", "Create account"] {
            input.fileHandleForWriting.write(Data(#"{"text":"\#(text)","size":17}"#.utf8 + [0x0A]))
            let answered = expectation(description: text)
            let line = ReceivedLine()
            DispatchQueue.global().async {
                while line.data.last != 0x0A {
                    let byte = reader.readData(ofLength: 1)
                    if byte.isEmpty { break }
                    line.data.append(byte)
                }
                answered.fulfill()
            }
            wait(for: [answered], timeout: 20)
            let answer = String(decoding: line.data, as: UTF8.self)
            XCTAssertTrue(answer.contains(#""text":"\#(text)""#), answer)
        }
        input.fileHandleForWriting.closeFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
    }
}

/// The line read by the reader task; the test reads it only after the task fulfilled its expectation.
private final class ReceivedLine: @unchecked Sendable {
    var data = Data()
}
