import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// The memo's key hashes its fields as one mixed word (`TextMemo.Key.hash(into:)`): equal keys must
/// hash alike, and a dictionary must still tell every field apart.
final class TextMemoTests: XCTestCase {
    func testKeysThatAreEqualHashAlikeAndEveryFieldTellsKeysApart() {
        let a = NSObject(), b = NSObject()
        let key = TextMemo.Key(element: ObjectIdentifier(a), category: .ax2, size: 28, heightLimit: 44)
        // −0 equals +0 (a height limit of 0 − 0 insets), so it must hash the same.
        let zero = TextMemo.Key(element: ObjectIdentifier(a), category: .ax2, size: 28, heightLimit: 0)
        let minusZero = TextMemo.Key(element: ObjectIdentifier(a), category: .ax2, size: 28, heightLimit: -0.0)
        XCTAssertEqual(zero, minusZero)
        XCTAssertEqual(zero.hashValue, minusZero.hashValue)
        let others = [
            TextMemo.Key(element: ObjectIdentifier(b), category: .ax2, size: 28, heightLimit: 44),
            TextMemo.Key(element: ObjectIdentifier(a), category: .ax3, size: 28, heightLimit: 44),
            TextMemo.Key(element: ObjectIdentifier(a), category: .ax2, size: 28.5, heightLimit: 44),
            TextMemo.Key(element: ObjectIdentifier(a), category: .ax2, size: 28, heightLimit: nil),
            zero
        ]
        var table: [TextMemo.Key: Int] = [key: -1]
        for (i, k) in others.enumerated() {
            XCTAssertNotEqual(k, key)
            table[k] = i
        }
        XCTAssertEqual(table.count, others.count + 1)
        XCTAssertEqual(table[key], -1)
        for (i, k) in others.enumerated() { XCTAssertEqual(table[k], i) }
        XCTAssertEqual(table[minusZero], others.count - 1)
        XCTAssertEqual(TextMemo.Key(element: ObjectIdentifier(a), category: .ax2, size: 28, heightLimit: 44).hashValue, key.hashValue)
    }

    /// The same for the source key (element, slot: −1 its own text, i its fallback i).
    func testSourceKeysTellElementAndSlotApart() {
        let a = NSObject(), b = NSObject()
        var table: [TextMemo.SourceKey: Int] = [:]
        var n = 0
        for element in [a, b] {
            for slot in -1...2 {
                table[TextMemo.SourceKey(element: ObjectIdentifier(element), slot: slot)] = n
                n += 1
            }
        }
        XCTAssertEqual(table.count, 8)
        XCTAssertEqual(table[TextMemo.SourceKey(element: ObjectIdentifier(b), slot: -1)], 4)
        XCTAssertEqual(table[TextMemo.SourceKey(element: ObjectIdentifier(a), slot: 2)], 3)
        let first = TextMemo.SourceKey(element: ObjectIdentifier(a), slot: 0)
        XCTAssertEqual(first.hashValue, TextMemo.SourceKey(element: ObjectIdentifier(a), slot: 0).hashValue)
    }
}
