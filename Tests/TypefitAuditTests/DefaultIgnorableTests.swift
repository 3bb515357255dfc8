import Foundation
import TypefitCore
import XCTest

/// `DefaultIgnorable` against the standard library's Unicode data, scalar by scalar: every Unicode
/// scalar value (U+0000–U+10FFFF less the surrogates) answers the same.
final class DefaultIgnorableTests: XCTestCase {
    func testEveryScalarAnswersAsTheStandardLibrary() {
        var ignorable = 0
        var mismatches: [String] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let expected = scalar.properties.isDefaultIgnorableCodePoint
            if expected { ignorable += 1 }
            if DefaultIgnorable.contains(scalar) != expected, mismatches.count < 20 {
                mismatches.append(String(format: "U+%04X", v))
            }
        }
        XCTAssertEqual(mismatches, [])
        // The property is not empty in the standard library's data (the comparison is not vacuous).
        XCTAssertGreaterThan(ignorable, 4000)
    }
}
