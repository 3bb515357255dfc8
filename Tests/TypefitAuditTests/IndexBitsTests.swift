import XCTest

@testable import TypefitAudit

/// The waived findings' index set: the same answers as `Set<Int>`, in a bit a finding.
final class IndexBitsTests: XCTestCase {
    func testHoldsWhatASetHolds() {
        var bits = IndexBits()
        var set = Set<Int>()
        for k in 0..<5_000 {
            // Runs of neighbours (a waiver accepts an element's findings, which sit together) and
            // strays, spread over the range by a prime stride (the same indices on every run).
            let start = (k * 7_919) % 200_000
            for i in start..<(start + 1 + (k * 31) % 8) {
                bits.insert(i)
                set.insert(i)
            }
        }
        bits.insert(set.first!)  // again: counted once
        XCTAssertEqual(bits.count, set.count)
        for i in -3..<210_000 { XCTAssertEqual(bits.contains(i), set.contains(i), "\(i)") }
        XCTAssertFalse(bits.contains(Int.max))
    }

    func testEqualityIgnoresRoom() {
        var a = IndexBits(), b = IndexBits()
        XCTAssertEqual(a, b)
        a.insert(3)
        b.insert(3)
        b.insert(100_000)
        XCTAssertNotEqual(a, b)
        a.insert(100_000)
        XCTAssertEqual(a, b)
        var c = IndexBits()
        c.insert(70)
        var d = IndexBits()
        d.insert(1_000)
        XCTAssertNotEqual(c, d, "same count, other indices")
        XCTAssertTrue(IndexBits().isEmpty)
        XCTAssertEqual(a.count, 2)
    }
}
