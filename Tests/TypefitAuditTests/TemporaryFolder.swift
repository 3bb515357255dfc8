import Foundation
import XCTest

extension XCTestCase {
    /// An empty folder `typefit-NAME-PID` in the temporary directory, removed when the test ends.
    func temporaryFolder(_ name: String) throws -> URL {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: work) }
        return work
    }
}
