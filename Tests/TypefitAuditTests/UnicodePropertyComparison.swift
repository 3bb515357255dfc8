import Foundation
import XCTest

extension XCTestCase {
    /// Compares `fast` (a range list or shortcut standing for a Unicode property) with the standard
    /// library's Unicode data, `property`, on every Unicode scalar value (U+0000–U+10FFFF less the
    /// surrogates), and checks that the property holds for more than `atLeast` of them, so that the
    /// comparison is not vacuous. Reports the first 20 scalars where they differ.
    func assertEveryScalar(
        _ fast: (Unicode.Scalar) -> Bool, answersAs property: (Unicode.Scalar.Properties) -> Bool, holdingForMoreThan atLeast: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var holding = 0
        var mismatches: [String] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let expected = property(scalar.properties)
            if expected { holding += 1 }
            if fast(scalar) != expected, mismatches.count < 20 { mismatches.append(String(format: "U+%04X", v)) }
        }
        XCTAssertEqual(mismatches, [], file: file, line: line)
        XCTAssertGreaterThan(holding, atLeast, file: file, line: line)
    }
}
