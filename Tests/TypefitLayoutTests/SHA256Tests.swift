import Foundation
import XCTest

@testable import TypefitShaping

/// The font checksums in every report. References: FIPS 180-2's example messages, padding edge cases
/// and the bundled font files, all hashed by Python's `hashlib` / GNU `sha256sum` (the fonts' digests
/// are the `sha256sum` lines written by the hb-shape fixture script into expected.tsv).
final class SHA256Tests: XCTestCase {
    func testKnownMessages() {
        // (message, hashlib.sha256(message).hexdigest())
        let cases: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            // Lengths around the padding boundary (55, 56, 63 and 64 bytes).
            (String(repeating: "x", count: 55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
            (String(repeating: "x", count: 56), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
            (String(repeating: "x", count: 63), "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
            (String(repeating: "x", count: 64), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
            (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        ]
        for (message, digest) in cases {
            XCTAssertEqual(SHA256.hex(Data(message.utf8)), digest, "\(message.utf8.count) bytes")
            // The same bytes in uneven pieces (1, 7, 64, 65 … bytes), as a file is read, with the
            // processor's SHA extensions (where it has them) and with the portable loop.
            for piece in [1, 7, 63, 64, 65, 1000] {
                for accelerated in [SHA256.accelerated, false] {
                    var hasher = SHA256.Digest()
                    hasher.accelerated = accelerated
                    let bytes = Array(message.utf8)
                    var at = 0
                    bytes.withUnsafeBytes { all in
                        while at < all.count {
                            let end = min(all.count, at + piece)
                            hasher.update(UnsafeRawBufferPointer(rebasing: all[at..<end]))
                            at = end
                        }
                    }
                    XCTAssertEqual(
                        hasher.finish(), digest, "\(message.utf8.count) bytes in pieces of \(piece), accelerated: \(accelerated)")
                }
            }
        }
    }

    /// The SHA extensions' rounds against the portable loop, on every length from 0 to 1,100 bytes
    /// (every position of the padding, and many blocks at once) of pseudo-random bytes.
    func testAcceleratedAgreesWithPortableLoop() throws {
        // (On a processor without the extensions both are the portable loop; this project's CI
        // machine kind, an AMD EPYC, has them.)
        var bytes: [UInt8] = []
        var x: UInt32 = 0x9E37_79B9
        for _ in 0..<1100 {
            x ^= x << 13
            x ^= x >> 17
            x ^= x << 5
            bytes.append(UInt8(truncatingIfNeeded: x))
        }
        for n in 0...bytes.count {
            var fast = SHA256.Digest(), portable = SHA256.Digest()
            portable.accelerated = false
            bytes.withUnsafeBytes { all in
                fast.update(UnsafeRawBufferPointer(rebasing: all[0..<n]))
                portable.update(UnsafeRawBufferPointer(rebasing: all[0..<n]))
            }
            XCTAssertEqual(fast.finish(), portable.finish(), "\(n) bytes")
        }
    }

    func testBundledFontsMatchSha256sum() throws {
        let expected = try String(contentsOf: TestSupport.fixtures.appendingPathComponent("hb-shape/expected.tsv"), encoding: .utf8)
        var checked = 0
        for line in expected.split(separator: "\n") where line.hasPrefix("#   ") {
            let parts = line.dropFirst(4).split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, parts[0].count == 64 else { continue }
            let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.font(String(parts[1]))), options: .alwaysMapped)
            XCTAssertEqual(SHA256.hex(data), String(parts[0]), String(parts[1]))
            // Read from the file in pieces of a megabyte (the reports' digests), not mapped.
            XCTAssertEqual(SHA256.hex(ofFileAt: TestSupport.font(String(parts[1]))), String(parts[0]), String(parts[1]))
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 40, "every font the fixture lists, the 20 MB CJK collections included")
        XCTAssertNil(SHA256.hex(ofFileAt: "/nonexistent/typefit-font.otf"))
        XCTAssertNil(SHA256.hex(ofFileAt: TestSupport.fixtures.path), "a folder cannot be read as a file")
    }
}
