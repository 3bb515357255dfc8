import Foundation
import TypefitAudit
import TypefitReport
import XCTest

/// The audit's caches (per-job text results, results reused at every wider width, one analysis for
/// both cuts of the system font, the engine's paragraph and shape caches) never change a report: the
/// shipped screens audited with every cache off (the benchmark's naive mode, which reshapes every
/// text at every size and check) give the same JSON report, byte for byte.
final class CacheEquivalenceTests: XCTestCase {
    func testCachedAuditEqualsTheNaiveOne() throws {
        func report(naive: Bool) throws -> String {
            var options = AuditOptions()
            options.paths = [AuditTests.root.appendingPathComponent("Specs").path]
            // Scripts that break, shape and fall back differently: Latin, Arabic, Devanagari, CJK, Thai.
            options.locales = ["en", "de", "ar", "hi", "ja", "th"]
            options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
            options.cachePolicy = naive ? .disabled : .enabled
            options.keepPreviews = false
            return JSONReporter().generateReport(try Auditor(options: options).run())
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
            var options = AuditOptions()
            options.paths = [AuditTests.root.appendingPathComponent("Specs").path]
            options.locales = ["en", "de", "ar", "ja"]
            options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
            options.repeatsStates = repeating
            return JSONReporter().generateReport(try Auditor(options: options).run())
        }
        let once = try report(repeating: false)
        let twice = try report(repeating: true)
        XCTAssertGreaterThan(once.utf8.count, 100_000, "the report has findings to compare")
        XCTAssertTrue(once.utf8.elementsEqual(twice.utf8), "repeating the states changed the report")
    }
}
