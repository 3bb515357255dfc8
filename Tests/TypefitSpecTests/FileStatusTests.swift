import Foundation
import TypefitCore
import XCTest

/// `FileStatus` (the size check before a spec or string table is read) against what the files are.
final class FileStatusTests: XCTestCase {
    func testSizeAndKindOfWhatIsThere() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("filestatus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("spec.yaml")
        let bytes = Data("screen: é\n".utf8)
        try bytes.write(to: file)
        let status = try XCTUnwrap(FileStatus(path: file.path))
        XCTAssertEqual(status.size, Int64(bytes.count))
        XCTAssertTrue(status.isRegularFile)
        // A link is followed: the size is its target's.
        let link = dir.appendingPathComponent("link.yaml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file.path)
        XCTAssertEqual(FileStatus(path: link.path)?.size, Int64(bytes.count))
        XCTAssertEqual(FileStatus(path: dir.path)?.isRegularFile, false)
        XCTAssertEqual(FileStatus(path: "/dev/null")?.isRegularFile, false)
        XCTAssertNil(FileStatus(path: dir.appendingPathComponent("missing.yaml").path))
    }
}
