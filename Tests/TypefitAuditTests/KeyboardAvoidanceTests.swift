import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// Keyboard avoidance, state by state, against positions computed here by hand from the device
/// preset (iPhone 16: 852 pt tall, safe area from y 59, software keyboard 336 pt, so the keyboard's
/// top is at y 516) and the field's frame (a rounded-rect field is 30 pt tall at Large).
final class KeyboardAvoidanceTests: XCTestCase {
    func audit(_ spec: String) throws -> [Finding] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-keyboard-\(getpid())-\(abs(spec.hashValue))")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try spec.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        var options = AuditOptions()
        options.paths = [dir.appendingPathComponent("s.yaml").path]
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.fontDigests = false
        return try Auditor(options: options).run().findings.filter { $0.rule == .hiddenByKeyboard }
    }

    func spec(_ avoidance: String) -> String {
        """
        screen: Form
        categories: [Large]
        devices: [iPhone 16]
        keyboard: {height: software, focused: [email]}
        \(avoidance)
        content:
          vstack: form
          children:
            - {spacer: gap, minHeight: 600}
            - {textField: email, placeholder: Email, style: body, borderStyle: roundedRect}
        """
    }

    func testWithoutAvoidanceTheFieldIsUnderTheKeyboard() throws {
        // The field spans y 659–689; the keyboard starts at 516: 173 pt hidden.
        let hidden = try audit(spec(""))
        XCTAssertEqual(hidden.map(\.element), ["email"])
        XCTAssertEqual(hidden.first?.numbers.overflow, 173)
        XCTAssertTrue(
            hidden.first?.message.contains("spans y 659–689 pt but the keyboard starts at y 516 pt") ?? false, hidden.first?.message ?? "")
    }

    func testAScrollViewScrollsTheFieldIntoView() throws {
        XCTAssertEqual(try audit(spec("scrolls: true\nkeyboardAvoidance: scrollView")), [])
    }

    func testSlidingTheViewUp() throws {
        // Slides by ⌊keyboard × (midY − 0.2 H) / (0.6 H)⌋ = ⌊336 × (674 − 170.4) / 511.2⌋ = 331 pt: the
        // field ends at y 358, above the keyboard.
        XCTAssertEqual(try audit(spec("keyboardAvoidance: {slideView: {minimumFraction: 0.2, maximumFraction: 0.8}}")), [])
        // Assuming a 100 pt keyboard it slides ⌊98.5⌋ = 98 pt only: 689 − 98 − 516 = 75 pt stay hidden.
        let short = try audit(spec("keyboardAvoidance: {slideView: {minimumFraction: 0.2, maximumFraction: 0.8, keyboardHeight: 100}}"))
        XCTAssertEqual(short.map(\.element), ["email"])
        XCTAssertEqual(short.first?.numbers.overflow, 75)
    }
}
