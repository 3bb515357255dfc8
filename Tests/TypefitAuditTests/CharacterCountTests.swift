import Foundation
import TypefitCore
import XCTest

/// `CharacterCount.of` against the standard library's `String.count` (Unicode's grapheme clusters):
/// every pair and every triple of the ASCII bytes that matter around CR and LF, every pair of ASCII
/// bytes, real UI strings in several scripts, and strings that are not stored contiguously.
final class CharacterCountTests: XCTestCase {
    func testCountsAsStringCount() {
        var strings: [String] = ["", "\r", "\n", "\r\n", "\n\r", "\r\r\n", "\r\n\n", "\r\n\r\n", "a\r\nb", "\r\n\u{301}"]
        for a in 0..<128 {
            for b in 0..<128 { strings.append(String(decoding: [UInt8(a), UInt8(b)], as: UTF8.self)) }
        }
        let around: [UInt8] = [0x0A, 0x0D, 0x20, 0x41, 0x00, 0x7F, 0x09]
        for a in around {
            for b in around {
                for c in around { strings.append(String(decoding: [a, b, c], as: UTF8.self)) }
            }
        }
        strings += [
            "Sign in with Google", "Forgot password?\r\nReset it", "Anmelden mit Google", "Caf\u{E9}", "Cafe\u{301}",
            "Войти через Google", "تسجيل الدخول باستخدام Google", "使用 Google 登录", "साइन इन करें", "👩‍👩‍👧 family", "🇩🇪", "e\u{301}\u{302}",
            String(NSString(string: "Sign in\r\nwith email")), String(NSString(string: "Anmelden f\u{FC}r")),
            String("«Sign in»".dropFirst().dropLast()), String(repeating: "ab\r\n", count: 200),
        ]
        var ascii = 0
        for s in strings {
            XCTAssertEqual(CharacterCount.of(s), s.count, "\(Array(s.utf8))")
            if s.utf8.allSatisfy({ $0 < 0x80 }) { ascii += 1 }
        }
        XCTAssertGreaterThan(ascii, 16_384)
        XCTAssertGreaterThan(strings.count - ascii, 10)
    }
}
