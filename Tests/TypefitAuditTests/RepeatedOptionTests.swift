import Foundation
import XCTest

/// An option that takes one value is an error when given twice (swift-argument-parser would keep the
/// last: `--baseline a.json --baseline b.json` accepted b's problems alone); lists add up. The
/// reference for which options take one value is swift-argument-parser's own description of each
/// command (`--experimental-dump-help`), so a new option cannot be left out.
final class RepeatedOptionTests: XCTestCase {
    static let root = AuditTests.root

    struct Option { let command: String, name: String, repeating: Bool }

    /// Every command's long options, as swift-argument-parser describes them.
    func options() throws -> [Option] {
        var out: [Option] = []
        for command in ["audit", "budgets", "fonts", "init", "measure", "merge"] {
            let r = try TypefitCommand.run([command, "--experimental-dump-help"], in: Self.root)
            XCTAssertEqual(r.code, 0, r.err)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
            let info = try XCTUnwrap(json["command"] as? [String: Any])
            for argument in info["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let repeating = argument["isRepeating"] as? Bool ?? false
                for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                    out.append(Option(command: command, name: try XCTUnwrap(name["name"] as? String), repeating: repeating))
                }
            }
        }
        return out
    }

    func testAnOptionOfOneValueGivenTwiceIsAnError() throws {
        let all = try options()
        XCTAssertGreaterThan(all.filter { !$0.repeating }.count, 30)
        XCTAssertTrue(all.contains { $0.command == "audit" && $0.name == "baseline" && !$0.repeating })
        for o in all {
            let r = try TypefitCommand.run([o.command, "--\(o.name)", "one", "--\(o.name)=two"], in: Self.root)
            let error = "--\(o.name): error: given twice (one, then two): it takes one value, so give it once\n"
            if o.repeating {
                XCTAssertFalse(r.err.contains("given twice"), "\(o.command) --\(o.name): \(r.err)")
            } else {
                XCTAssertEqual(r.code, 2, "\(o.command) --\(o.name)")
                XCTAssertEqual(r.err, error, "\(o.command) --\(o.name)")
                XCTAssertEqual(r.out, "")
            }
        }
        // The shard of a CI template written twice, and a baseline named twice, audit nothing.
        let shard = try TypefitCommand.run(["audit", "Specs", "--shard", "0/2", "--shard", "1/2"], in: Self.root)
        XCTAssertEqual(shard.code, 2)
        XCTAssertEqual(shard.err, "--shard: error: given twice (0/2, then 1/2): it takes one value, so give it once\n")
        // A value that looks like an option is the value; a flag twice is the flag.
        let value = try TypefitCommand.run(
            ["audit", "Specs/bankey-login", "--locales", "en", "--config", "--config", "--no-config"], in: Self.root)
        XCTAssertFalse(value.err.contains("given twice"), value.err)
        let flags = try TypefitCommand.run(["audit", "Specs/bankey-login", "--locales", "en", "--quiet", "--quiet"], in: Self.root)
        XCTAssertEqual(flags.code, 1, flags.err)
    }
}
