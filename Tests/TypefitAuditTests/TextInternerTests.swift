import XCTest

@testable import TypefitAudit

/// A job's repeated texts are stored once, and texts that only look alike (same length, same start,
/// middle and end) are never merged.
final class TextInternerTests: XCTestCase {
    private func address(_ s: String) -> UnsafeRawPointer? {
        var s = s
        return s.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    func testEqualTextsShareOneCopy() {
        var interner = TextInterner()
        let first = interner.intern("button is 361 × 30.7 pt, under the 44 × 44 pt minimum touch target")
        // Built again, as a rule builds each finding's message: equal text, separate storage.
        let height = 30.7
        let again = interner.intern("button is 361 × \(height) pt, under the 44 × 44 pt minimum touch target")
        XCTAssertEqual(first, again)
        XCTAssertEqual(address(first), address(again), "the second is the first's storage")
    }

    func testLookAlikesStayDistinct() {
        var interner = TextInterner()
        // Same length, same first, middle and last eight bytes: they differ only in byte 10.
        let a = "needs 384.1 pt, has 353 pt (31.1 pt over) at 17 pt; the text uses 109 % of its budget"
        let b = "needs 384.2 pt, has 353 pt (31.1 pt over) at 17 pt; the text uses 109 % of its budget"
        XCTAssertEqual(a.utf8.count, b.utf8.count)
        XCTAssertEqual(interner.intern(a), a)
        XCTAssertEqual(interner.intern(b), b)
        let c = "needs 384.3 pt, has 353 pt (31.1 pt over) at 17 pt; the text uses 109 % of its budget"
        XCTAssertEqual(interner.intern(c), c)
        for text in [a, b, c] {
            let again = String(text.reversed().reversed())
            XCTAssertEqual(interner.intern(again), text)
            XCTAssertEqual(address(interner.intern(again)), address(interner.intern(text)), "one copy of \(text)")
        }
        // Short texts (inline in Swift) and non-ASCII texts come back unchanged.
        XCTAssertEqual(interner.intern("OK"), "OK")
        XCTAssertEqual(interner.intern("البريد الإلكتروني أو رقم الهاتف"), "البريد الإلكتروني أو رقم الهاتف")
        XCTAssertEqual(interner.intern("Benutzername"), "Benutzername")
    }
}
