import Foundation
import TypefitCore
import XCTest

/// `SameBytes` against comparing the strings' UTF-8 arrays: every pair of a set of strings made in
/// different ways (bridged from `NSString`, sliced, composed and decomposed), and empty buffers with
/// and without storage.
final class SameBytesTests: XCTestCase {
    func testEqualExactlyWhenTheUTF8Is() {
        let strings = [
            "", " ", "Caf\u{E9}", "Cafe\u{301}", "Cafe", "abc", "abd", "Sign in with Google", "Sign in with Googlf",
            String(NSString(string: "Caf\u{E9}")), String("«Caf\u{E9}»".dropFirst().dropLast()), "日本語のテキスト", "👩‍👩‍👧",
            String(repeating: "x", count: 300), String(repeating: "x", count: 299) + "y"
        ]
        var equalPairs = 0
        for a in strings {
            for b in strings {
                let expected = Array(a.utf8) == Array(b.utf8)
                XCTAssertEqual(SameBytes.equal(a, b), expected, "\(a) | \(b)")
                Array(a.utf8).withUnsafeBufferPointer { p in
                    Array(b.utf8).withUnsafeBufferPointer { q in XCTAssertEqual(SameBytes.equal(p, q), expected, "\(a) | \(b)") }
                }
                if expected { equalPairs += 1 }
            }
        }
        XCTAssertGreaterThan(equalPairs, strings.count, "some strings made differently are the same bytes")
        let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        [UInt8]().withUnsafeBufferPointer { XCTAssertTrue(SameBytes.equal(none, $0)) }
        [UInt8(65)].withUnsafeBufferPointer { XCTAssertFalse(SameBytes.equal(none, $0)) }
    }
}
