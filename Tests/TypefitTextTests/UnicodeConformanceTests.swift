import Foundation
import XCTest

@testable import TypefitText

/// Runs Unicode's own conformance files (Debian unicode-data 15.0, the version ICU 72 implements)
/// through typefit's break finders and reports the pass rate.
final class UnicodeConformanceTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Parses "÷ 0023 × 0308 ÷" lines into (scalars, boundary UTF-16 offsets after position 0).
    static func cases(_ file: String) throws -> [(line: Int, text: [Unicode.Scalar], breaks: [Int])] {
        let content = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
        var result: [(Int, [Unicode.Scalar], [Int])] = []
        for (n, raw) in content.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if tokens.isEmpty { continue }
            var scalars: [Unicode.Scalar] = []
            var breaks: [Int] = []
            var offset = 0
            for t in tokens {
                if t == "÷" {
                    if offset > 0 { breaks.append(offset) }
                } else if t == "×" {
                    continue
                } else if let v = UInt32(t, radix: 16), let s = Unicode.Scalar(v) {
                    scalars.append(s)
                    offset += s.value > 0xFFFF ? 2 : 1
                }
            }
            result.append((n + 1, scalars, breaks))
        }
        return result
    }

    func runConformance(_ file: String, kind: BreakIterator.Kind, minimumPassRate: Double) throws {
        let cases = try Self.cases(file)
        XCTAssertGreaterThan(cases.count, 100, "the fixture should hold the Unicode test cases")
        let iterator = try BreakIterator(kind: kind, locale: "en")
        var passed = 0
        var failures: [String] = []
        for c in cases {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: c.text)
            let units = Array(String(s).utf16)
            let got = iterator.boundaries(units).map(\.offset)
            if got == c.breaks {
                passed += 1
            } else if failures.count < 5 {
                failures.append("line \(c.line): expected \(c.breaks), got \(got)")
            }
        }
        let rate = Double(passed) / Double(cases.count)
        print("\(file): \(passed)/\(cases.count) pass (\(String(format: "%.2f", rate * 100)) %) with ICU \(icuVersion)")
        for f in failures { print("  \(f)") }
        XCTAssertGreaterThanOrEqual(rate, minimumPassRate, "\(file) pass rate")
    }

    func testLineBreakTestPassRate() throws {
        // ICU 72 implements UAX #14 of Unicode 15.0; the few deviations are ICU's own tailorings.
        try runConformance("LineBreakTest.txt", kind: .line, minimumPassRate: 0.99)
    }

    func testGraphemeBreakTestPassRate() throws {
        try runConformance("GraphemeBreakTest.txt", kind: .character, minimumPassRate: 0.99)
    }
}
