import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// Findings are stored compactly (a copy-on-write box, integer fingerprints, numbers without
/// optionals, a shared place per state) and sorted by packed integer keys. Each is checked against
/// the plain representation it stands for.
final class FindingStorageTests: XCTestCase {
    /// Every shipped spec in four locales (en, de, ar, ja) and four categories.
    static func shippedOptions() -> AuditOptions {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent("Specs").path]
        options.locales = ["en", "de", "ar", "ja"]
        options.categories = [.xSmall, .large, .ax2, .ax5]
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        return options
    }

    /// The shipped specs audited with `shippedOptions()` on `threads` threads, with `baseline`, and
    /// whatever else `adjust` sets.
    static func shippedAudit(
        threads: Int, baseline: Baseline? = nil, _ adjust: (inout AuditOptions) -> Void = { _ in }
    ) throws -> AuditReport {
        var options = shippedOptions()
        options.threads = threads
        options.baseline = baseline
        adjust(&options)
        return try Auditor(options: options).run()
    }

    func shippedFindings() throws -> [Finding] {
        let findings = try Auditor(options: Self.shippedOptions()).run().findings
        XCTAssertGreaterThan(findings.count, 1000)
        return findings
    }

    /// The report order, sorted by packed integer ranks on one thread and on four, is the order the
    /// documented key gives when the strings themselves are compared.
    func testSortOrderIsTheStringOrderOfTheDocumentedKey() throws {
        let sorted = try shippedFindings()
        // A fixed shuffle (no randomness in tests).
        var shuffled = sorted
        var state: UInt64 = 0x9E3779B97F4A7C15
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            shuffled.swapAt(i, Int(state >> 33) % (i + 1))
        }
        // A field the scope does not have sorts first.
        func key(_ f: Finding) -> [String] {
            [
                f.spec, f.screen, String(format: "%09d", f.line), String(format: "%09d", f.column), f.element, f.rule.rawValue,
                f.device ?? "",
                f.orientation?.rawValue ?? "", f.locale ?? "", String(format: "%02d", f.category.map { $0.rawValue + 1 } ?? 0),
                f.fingerprint
            ]
        }
        let reference = shuffled.sorted { key($0).lexicographicallyPrecedes(key($1)) }
        for threads in [1, 4] {
            var mine = shuffled
            Finding.sort(&mine, threads: threads)
            XCTAssertEqual(mine.map(\.fingerprint), reference.map(\.fingerprint), "\(threads) thread(s)")
        }
        XCTAssertEqual(sorted.map(\.fingerprint), reference.map(\.fingerprint), "the audit returns them in that order")
    }

    /// The radix sort of packed keys orders by both keys and keeps equal keys in their order, as a
    /// stable comparison sort does: keys of every width (one byte to all eight, high bits set), with
    /// many duplicates.
    func testRadixSortOfPackedKeysIsTheStableComparisonSort() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        for (hiBits, loBits) in [(0, 0), (8, 3), (17, 16), (64, 40), (3, 64), (64, 64)] as [(UInt64, UInt64)] {
            let hiMask: UInt64 = hiBits == 64 ? .max : (1 << hiBits) - 1, loMask: UInt64 = loBits == 64 ? .max : (1 << loBits) - 1
            for n in [0, 1, 2, 300, 5000] {
                // Few distinct values, so that equal keys are common.
                let pool = (0..<max(1, n / 8)).map { _ in (next() & hiMask, next() & loMask) }
                var keys = (0..<n).map { i -> Finding.PackedKey in
                    let (hi, lo) = pool[Int(next() % UInt64(pool.count))]
                    return Finding.PackedKey(hi: hi, lo: lo, index: i)
                }
                let reference = keys.sorted { a, b in (a.hi, a.lo, a.index) < (b.hi, b.lo, b.index) }
                Finding.radixSort(&keys)
                XCTAssertEqual(keys, reference, "\(n) keys of \(hiBits) and \(loBits) bits")
            }
        }
    }

    /// A field's ranks are each value's place among the field's distinct values in `String` order,
    /// with a few distinct values (found by comparing) and with many (found by hashing), and equal
    /// for canonically equivalent spellings, as `String`'s `==` and `<` treat them.
    func testStringRanksAreThePlacesAmongTheDistinctValues() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let few = ["portrait", "landscape", "", "portrait", composed, "landscape", decomposed]
        let many = (0..<40).map { "element-\(($0 * 7) % 23)" } + [composed, "Z", decomposed, "a", "element-3"]
        for values in [few, many, few + many, many + few] {
            let distinct = values.reduce(into: [String]()) { list, v in if !list.contains(v) { list.append(v) } }.sorted()
            let expected = values.map { v in Int32(distinct.firstIndex(of: v)!) }
            XCTAssertEqual(stringRanks(values), expected, "\(values.count) values, \(distinct.count) distinct")
        }
        XCTAssertEqual(stringRanks([composed, decomposed]), [0, 0])
    }

    /// Fingerprints kept as integers print, compare and hash as their 32 hex digits do; anything else
    /// set by hand is kept as text.
    func testFingerprintValuesBehaveAsTheirText() throws {
        let texts =
            try shippedFindings().prefix(500).map(\.fingerprint) + [
                "0" + String(repeating: "f", count: 31), String(repeating: "0", count: 32)
            ]
        for t in texts {
            XCTAssertEqual(t.count, 32)
            XCTAssertEqual(FingerprintValue(t).string, t)
            XCTAssertNil(FingerprintValue(t).text)
        }
        for (a, b) in zip(texts, texts.dropFirst()) {
            XCTAssertEqual(FingerprintValue(a) < FingerprintValue(b), a < b, "\(a) \(b)")
            XCTAssertEqual(FingerprintValue(a) == FingerprintValue(b), a == b)
        }
        for odd in ["", "not a fingerprint", String(repeating: "A", count: 32), String(repeating: "0", count: 31)] {
            XCTAssertEqual(FingerprintValue(odd).string, odd)
            XCTAssertEqual(FingerprintValue(odd).text, odd)
            XCTAssertNotEqual(FingerprintValue(odd), FingerprintValue(String(repeating: "0", count: 32)))
        }
        XCTAssertEqual(Set(texts.map(FingerprintValue.init)).count, Set(texts).count)
    }

    /// Numbers encode exactly the values that are present, under their names, and decode back.
    func testNumbersEncodePresentValuesOnly() throws {
        var n = Finding.Numbers()
        n.widthNeeded = 120.5
        n.linesNeeded = 2
        n.linesAllowed = 0
        n.overflow = 0
        n.text = "Sign in"
        n.fonts = ["Inter"]
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(n)) as? [String: Any]
        XCTAssertEqual(Set(json?.keys ?? [:].keys), ["widthNeeded", "linesNeeded", "linesAllowed", "overflow", "text", "fonts"])
        XCTAssertEqual(json?["overflow"] as? Double, 0)
        XCTAssertEqual(json?["linesAllowed"] as? Int, 0)
        let back = try JSONDecoder().decode(Finding.Numbers.self, from: JSONEncoder().encode(n))
        XCTAssertEqual(back, n)
        XCTAssertNil(back.heightNeeded)
        XCTAssertNil(back.scale)
        XCTAssertNotEqual(back, Finding.Numbers())
    }

    /// A finding is a value: changing a copy (its place fields included) leaves the original as it was.
    func testFindingsAreValues() throws {
        let original = try XCTUnwrap(shippedFindings().first { $0.device != nil })
        var copy = original.with(element: "other")
        copy.message = "changed"
        copy.numbers.overflow = 99
        XCTAssertNotEqual(original.element, "other")
        XCTAssertNotEqual(copy.fingerprint, original.fingerprint, "the fingerprint follows the identity")
        XCTAssertNotEqual(original.message, "changed")
        XCTAssertNotEqual(original.numbers.overflow, 99)
        XCTAssertEqual(copy.screen, original.screen)
        XCTAssertNotEqual(copy, original)
    }

    /// The commonest findings keep what their message and fix say beyond their numbers as values
    /// (`FindingWording`) and are worded when read: the same words on every read, on any thread;
    /// after a change of the message (a waiver's prefix) the fix is kept, and after a change of the
    /// numbers both are.
    func testOverflowAndTouchTargetFindingsAreWordedWhenRead() throws {
        let findings = try shippedFindings()
        func isWritten(_ f: Finding) -> Bool {
            if case .text = f.storage.wording { return true }
            return false
        }
        let overflows = findings.filter { [.truncated, .clipped, .autoshrinkBelowMinimum, .fallbackOverflow].contains($0.rule) }
        let touch = findings.filter { $0.rule == .touchTarget }
        XCTAssertGreaterThan(overflows.count, 100)
        XCTAssertGreaterThan(touch.count, 100)
        XCTAssertFalse(overflows.contains(where: isWritten), "an overflow's message is not written out by the audit")
        XCTAssertFalse(touch.contains(where: isWritten), "a touch target's message is not written out by the audit")
        // Each form of the overflow wording is in the shipped specs.
        let messages = overflows.map(\.message)
        for part in [
            "\" shows as \"", ": one line needs ", ": the placeholder needs ", ": the typed text needs ", "; the ", "; and its ",
            "; borderline: ", "; fallback "
        ] {
            XCTAssertTrue(messages.contains { $0.contains(part) }, part)
        }
        XCTAssertTrue(touch.allSatisfy { $0.message.hasSuffix(" pt, under the 44 × 44 pt minimum touch target") })
        // Every short button is short in height here: the stock picker's are fixed at 40 pt
        // (`height: 40`), the custom login's have `minHeight: 40`, the others neither.
        func expectedFix(_ f: Finding) -> String {
            if f.spec.hasSuffix("firebase-stock-picker.yaml") {
                return "replace the fixed height (40 pt) with minHeight: 44 (or a larger hit area)"
            }
            if f.spec.hasSuffix("firebase-custom-login.yaml") { return "raise its minHeight to 44 (or a larger hit area)" }
            return "give it minHeight: 44 (or a larger hit area)"
        }
        XCTAssertEqual(touch.filter { $0.fix != expectedFix($0) }.map { "\($0.spec) \($0.element): \($0.fix ?? "")" }, [])
        XCTAssertEqual(Set(touch.map { $0.spec.components(separatedBy: "/").last! }).count, 4, "four specs have short buttons")

        // Read on four threads at once: the same words as on one.
        let sample = Array((overflows + touch).prefix(4000))
        let once = sample.map { [$0.message, $0.fix ?? ""] }
        let slots = Slots(count: 4, initial: [[String]]())
        DispatchQueue.concurrentPerform(iterations: 4) { t in slots.set(t, sample.map { [$0.message, $0.fix ?? ""] }) }
        for t in 0..<4 { XCTAssertEqual(slots.values[t], once, "thread \(t)") }

        // Changing the message writes it out and keeps the fix worded as before.
        var changed = overflows[0]
        let fix = changed.fix
        changed.message = "waived: " + changed.message
        XCTAssertTrue(isWritten(changed))
        XCTAssertEqual(changed.fix, fix)
        XCTAssertEqual(changed.message, "waived: " + overflows[0].message)
        XCTAssertFalse(isWritten(overflows[0]), "the original is unchanged")
        // The words come from the values and the numbers: changing the numbers keeps them as worded.
        var renumbered = overflows[0]
        renumbered.numbers.widthAvailable = 1
        renumbered.numbers.text = "other"
        XCTAssertEqual(renumbered.message, overflows[0].message)
        XCTAssertEqual(renumbered.fix, overflows[0].fix)
    }
}
