import Foundation
import XCTest

extension XCTestCase {
    /// A new temporary folder named after `name`, holding `files` (path → text, their folders made),
    /// removed when the test ends: the project readers' tests lay out a repository with it.
    func tree(_ name: String, _ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }
}
