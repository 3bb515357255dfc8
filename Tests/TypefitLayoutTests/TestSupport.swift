import Foundation
import TypefitLayout

enum TestSupport {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fonts = root.appendingPathComponent("Fonts").path
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// One engine for the test process, bundled fonts only (no user folders).
    static let engine = TextEngine(fontDirectories: [], bundledFonts: fonts)

    static func font(_ file: String) -> String { fonts + "/" + file }
}
