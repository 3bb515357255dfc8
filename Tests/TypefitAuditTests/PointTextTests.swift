import TypefitCore
import XCTest

/// One point formatter for every message and text report: at most one decimal, rounded from the
/// JSON report's 0.01-pt value.
final class PointTextTests: XCTestCase {
    func testFormats() {
        XCTAssertEqual(PointText.format(40), "40")
        XCTAssertEqual(PointText.format(27.5), "27.5")
        XCTAssertEqual(PointText.format(186.04), "186")
        XCTAssertEqual(PointText.format(-3.25), "-3.3")
        XCTAssertEqual(PointText.format(0.04), "0")
        // 741.949 is 741.95 in JSON (two decimals), so the message says 742, not 741.9.
        XCTAssertEqual(PointText.format(741.949), "742")
    }
}
