import Foundation
import TypefitCore
import XCTest

/// `DefaultIgnorable` against the standard library's Unicode data, scalar by scalar: every Unicode
/// scalar value (U+0000–U+10FFFF less the surrogates) answers the same.
final class DefaultIgnorableTests: XCTestCase {
    func testEveryScalarAnswersAsTheStandardLibrary() {
        assertEveryScalar(DefaultIgnorable.contains, answersAs: \.isDefaultIgnorableCodePoint, holdingForMoreThan: 4000)
    }
}
