import Foundation
import TypefitCore
import XCTest

/// Fingerprints are FNV-1a 64 (`StableHasher`): checked against the algorithm's published test
/// vectors and against values computed outside typefit (Python's integers, the same two seeds).
final class StableHasherTests: XCTestCase {
    func testFNV1aTestVectors() {
        // FNV's reference test suite: FNV-1a 64 of "a" and "foobar".
        for (text, expected) in [("a", UInt64(0xaf63_dc4c_8601_ec8c)), ("foobar", 0x8594_4171_f739_67e8)] {
            var h = StableHasher()
            h.feed(text, separator: false)
            XCTAssertEqual(h.a, expected, text)
        }
        XCTAssertEqual(StableHasher().a, 0xcbf2_9ce4_8422_2325, "the offset basis, for no bytes")
    }

    func testFieldsAreSeparatedAndHashedAsUTF8() {
        // python3: FNV-1a 64 of b"Gr\xc3\xbc\xc3\x9fe" + b"\x1f" + "世界 🌍".encode() from both seeds.
        let expected = (a: UInt64(0x6684_3272_4a8f_d453), b: UInt64(0x13bf_7b1d_49db_0cbc))
        var native = StableHasher()
        native.feed("Grüße", separator: false)
        native.feed("世界 🌍")
        XCTAssertEqual(native.a, expected.a)
        XCTAssertEqual(native.b, expected.b)
        XCTAssertEqual(native.hex, "668432724a8fd45313bf7b1d49db0cbc")
        // Strings made other ways (from an NSString, from a substring) hash the same.
        var other = StableHasher()
        other.feed(String(NSString(string: "Grüße")), separator: false)
        other.feed(String("«世界 🌍»".dropFirst().dropLast()))
        XCTAssertEqual(other.a, expected.a)
        XCTAssertEqual(other.b, expected.b)
    }
}
