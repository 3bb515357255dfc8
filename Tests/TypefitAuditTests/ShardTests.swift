import Foundation
import TypefitCore
import XCTest

@testable import TypefitAudit

/// `--shard i/n`: the shards of an audit are disjoint shares of its spec files whose findings together
/// are exactly one run's, each runner gating its own share; a shard that cannot exist or has nothing
/// to audit is an error.
final class ShardTests: XCTestCase {
    func audit(_ shard: Shard?) throws -> AuditReport {
        var options = AuditOptions()
        options.paths = [AuditTests.root.appendingPathComponent("Specs").path]
        options.bundledFonts = AuditTests.root.appendingPathComponent("Fonts").path
        options.locales = ["en", "de", "ar"]
        options.fontDigests = false
        options.shard = shard
        return try Auditor(options: options).run()
    }

    func testThreeShardsTogetherAreOneRun() throws {
        let whole = try audit(nil)
        let shards = try (0..<3).map { try audit(Shard(parsing: "\($0)/3")) }
        // Disjoint shares of the spec files that together are all of them.
        let specs = shards.map { Set($0.findings.map(\.spec)) }
        for a in 0..<3 { for b in (a + 1)..<3 { XCTAssertTrue(specs[a].isDisjoint(with: specs[b])) } }
        XCTAssertEqual(specs.reduce(Set<String>()) { $0.union($1) }, Set(whole.findings.map(\.spec)))
        XCTAssertEqual(shards.map(\.summary.specs).reduce(0, +), whole.summary.specs)
        XCTAssertEqual(shards.map(\.summary.checks).reduce(0, +), whole.summary.checks)
        XCTAssertEqual(shards.map(\.summary.errors).reduce(0, +), whole.summary.errors)
        XCTAssertEqual(shards.map(\.summary.warnings).reduce(0, +), whole.summary.warnings)
        // The same findings, message for message: sorted by fingerprint, the shards' equal the run's.
        func key(_ f: Finding) -> String { f.fingerprint + " " + f.message }
        XCTAssertEqual(shards.flatMap { $0.findings.map(key) }.sorted(), whole.findings.map(key).sorted())
    }

    func testShardsThatCannotBeAreErrors() throws {
        for bad in ["3/3", "-1/2", "1", "a/b", "0/0", "1/2/3"] {
            XCTAssertThrowsError(try Shard(parsing: bad), bad) { XCTAssertEqual(($0 as? InputError)?.file, "--shard", bad) }
        }
        // More shards than spec files: the empty one fails instead of passing with nothing checked.
        XCTAssertThrowsError(try audit(Shard(parsing: "9999/10000"))) { error in
            XCTAssertTrue("\(error)".contains("has no spec file"), "\(error)")
        }
        let r = try TypefitCommand.run(["audit", "Specs", "--shard", "2/2"], in: AuditTests.root)
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.hasPrefix("--shard: error: shard 2/2 does not exist"), r.err)
    }
}
