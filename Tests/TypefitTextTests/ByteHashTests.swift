import XCTest

@testable import TypefitCore

/// The caches' byte hash (`ByteHash`): equal bytes hash equal wherever they are stored, and it tells
/// apart what a cache holds side by side: every prefix of a text (each length crosses the eight-byte
/// words and the tail differently) and every one-bit change anywhere in it.
final class ByteHashTests: XCTestCase {
    private func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { ByteHash.of($0) } }

    func testEqualBytesHashEqualAndNeighboursApart() {
        let text = Array("Passwort vergessen? Jetzt zurücksetzen 👋".utf8)
        XCTAssertEqual(hash(text), hash(Array(text)))
        XCTAssertEqual(hash(Array(text[3...])), hash(Array(text)[3...].map { $0 }))
        var seen = Set<UInt64>()
        for n in 0...text.count { seen.insert(hash(Array(text[..<n]))) }
        XCTAssertEqual(seen.count, text.count + 1, "every prefix has its own hash")
        var flipped = Set<UInt64>([hash(text)])
        for i in text.indices {
            for bit in 0..<8 {
                var changed = text
                changed[i] ^= UInt8(1 << bit)
                flipped.insert(hash(changed))
            }
        }
        XCTAssertEqual(flipped.count, text.count * 8 + 1, "every one-bit change has its own hash")
        XCTAssertNotEqual(hash([]), hash([0]))
        XCTAssertNotEqual(hash([0]), hash([0, 0]))
    }
}
