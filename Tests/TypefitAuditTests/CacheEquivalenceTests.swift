import Foundation
import TypefitAudit
import TypefitReport
import XCTest

/// The audit's caches (per-job text results, results reused at every wider width, one analysis for
/// both cuts of the system font, the engine's paragraph and shape caches) never change a report: the
/// shipped screens audited with every cache off (the benchmark's naive mode, which reshapes every
/// text at every size and check) give the same JSON report, byte for byte.
final class CacheEquivalenceTests: XCTestCase {
    /// The JSON report of the shipped screens in `locales`, with the options `adjust` sets.
    private func specsReport(locales: [String], _ adjust: (inout AuditOptions) -> Void) throws -> String {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent("Specs").path]
        options.locales = locales
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        adjust(&options)
        return JSONReporter().generateReport(try Auditor(options: options).run())
    }

    func testCachedAuditEqualsTheNaiveOne() throws {
        // Scripts that break, shape and fall back differently: Latin, Arabic, Devanagari, CJK, Thai.
        let locales = ["en", "de", "ar", "hi", "ja", "th"]
        func report(naive: Bool) throws -> String {
            try specsReport(locales: locales) {
                $0.cachePolicy = naive ? .disabled : .enabled
                $0.keepPreviews = false
            }
        }
        let cached = try report(naive: false)
        let naive = try report(naive: true)
        XCTAssertGreaterThan(cached.utf8.count, 100_000, "the report has findings to compare")
        XCTAssertTrue(cached.utf8.elementsEqual(naive.utf8), "the cached and the naive audit differ")
    }

    /// The benchmark's measure of what the states cost (`AuditOptions.repeatsStates`: every state
    /// laid out and checked a second time, thrown away) changes no report: the facts a job records
    /// once (fonts, missing glyphs, fallback fonts) and the findings are the first pass's.
    func testRepeatingEveryStateChangesNoReport() throws {
        func report(repeating: Bool) throws -> String {
            try specsReport(locales: ["en", "de", "ar", "ja"]) { $0.repeatsStates = repeating }
        }
        let once = try report(repeating: false)
        let twice = try report(repeating: true)
        XCTAssertGreaterThan(once.utf8.count, 100_000, "the report has findings to compare")
        XCTAssertTrue(once.utf8.elementsEqual(twice.utf8), "repeating the states changed the report")
    }
}
