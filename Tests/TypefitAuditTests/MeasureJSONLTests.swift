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

    /// `--threads 1` measures without the second thread that opens fonts ahead: the very same bytes,
    /// `stats` included, on requests in many scripts; a count out of range, a third thread it would
    /// not use, or `--threads` without `--jsonl`, is refused.
    func testOneThreadWritesTheSameBytes() throws {
        var input = ""
        for (text, locale) in [
            ("Continue with Google", "en"), ("ভুলে যাওয়া পাসওয়ার্ড", "bn"), ("ภาษาไทยไม่มีช่องว่าง", "th"),
            ("パスワードをお忘れですか？", "ja"), ("نسيت كلمة المرور؟", "ar"), ("கடவுச்சொல் மறந்ததா?", "ta"),
            ("Забыли пароль?", "ru"), ("שכחת סיסמה?", "he")
        ] {
            for (size, width) in [(17, 343), (28, 120), (40, 90)] {
                input +=
                    #"{"text":"\#(text)","size":\#(size),"width":\#(width),"lines":2,"lineBreak":"truncate-tail","locale":"\#(locale)"}"#
                    + "\n"
            }
        }
        let two = try TypefitCommand.run(["measure", "--jsonl", "-", "--threads", "2"], in: Self.root, stdin: input)
        let one = try TypefitCommand.run(["measure", "--jsonl", "-", "--threads", "1"], in: Self.root, stdin: input)
        let byDefault = try TypefitCommand.run(["measure", "--jsonl", "-"], in: Self.root, stdin: input)
        XCTAssertEqual(two.code, 0, two.err)
        XCTAssertEqual(two.out.split(separator: "\n").count, 24)
        XCTAssertEqual(one.out, two.out)
        XCTAssertEqual(byDefault.out, two.out)
        let zero = try TypefitCommand.run(["measure", "--jsonl", "-", "--threads", "0"], in: Self.root, stdin: input)
        XCTAssertEqual(zero.code, 2)
        XCTAssertTrue(zero.err.contains("--threads must be between 1 and 256"), zero.err)
        let three = try TypefitCommand.run(["measure", "--jsonl", "-", "--threads", "3"], in: Self.root, stdin: input)
        XCTAssertEqual(three.code, 2)
        XCTAssertTrue(three.err.contains("--threads 3: measure --jsonl uses at most 2 threads"), three.err)
        let single = try TypefitCommand.run(["measure", "--size", "17", "--threads", "2", "Hello"], in: Self.root)
        XCTAssertEqual(single.code, 2)
        XCTAssertTrue(single.err.contains("--threads applies to --jsonl"), single.err)
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
