import XCTest

@testable import TypefitBench

/// `typefit-bench`'s command line: every option read, and every bad command line a usage error that
/// says what is wrong (a misspelt option with the option it is closest to), never a default kept
/// quietly.
final class BenchOptionsTests: XCTestCase {
    private func options(_ args: [String]) throws -> BenchOptions {
        guard case .run(let o) = try BenchOptions.parse(args) else {
            XCTFail("\(args) asked for the usage")
            return BenchOptions()
        }
        return o
    }

    private func problem(_ args: [String]) -> String? {
        do {
            _ = try BenchOptions.parse(args)
            return nil
        } catch {
            return error.problem
        }
    }

    func testNoArgumentsIsTheDefaultRun() throws {
        let o = try options([])
        XCTAssertEqual(o.screens, 50)
        XCTAssertEqual(o.locales, 40)
        XCTAssertEqual(o.naiveScreens, 3)
        XCTAssertEqual(o.specs, "Specs")
        XCTAssertFalse(o.scripts)
        XCTAssertNil(o.readme)
    }

    func testEveryOptionIsRead() throws {
        let o = try options([
            "--screens", "5", "--locales", "3", "--naive-screens", "2", "--specs", "S", "--samples", "x.tsv", "--write-corpus", "/tmp/c",
            "--scripts", "--readme", "README.md", "--revision", "abc123"
        ])
        XCTAssertEqual(o.screens, 5)
        XCTAssertEqual(o.locales, 3)
        XCTAssertEqual(o.naiveScreens, 2)
        XCTAssertEqual(o.specs, "S")
        XCTAssertEqual(o.samples, "x.tsv")
        XCTAssertEqual(o.writeCorpus, "/tmp/c")
        XCTAssertTrue(o.scripts)
        XCTAssertEqual(o.readme, "README.md")
        XCTAssertEqual(o.revision, "abc123")
        XCTAssertEqual(try options(["--results", "r.txt"]).results, "r.txt")
    }

    func testHelpAsksForTheUsage() throws {
        XCTAssertEqual(try BenchOptions.parse(["--help"]), .help)
        XCTAssertEqual(try BenchOptions.parse(["--screens", "2", "-h"]), .help)
    }

    func testAMisspeltOptionGetsADidYouMean() {
        XCTAssertEqual(problem(["--screen", "5"]), "unknown option '--screen'; did you mean '--screens'?")
        XCTAssertEqual(problem(["--script"]), "unknown option '--script'; did you mean '--scripts'?")
        XCTAssertEqual(problem(["--write-corpse", "/tmp/c"]), "unknown option '--write-corpse'; did you mean '--write-corpus'?")
        // Nothing close: the option alone.
        XCTAssertEqual(problem(["--frobnicate"]), "unknown option '--frobnicate'")
    }

    func testEveryOptionOfTheUsageIsKnown() {
        // The "did you mean" candidates are read from the usage: exactly the options the parser takes.
        XCTAssertEqual(
            BenchOptions.names,
            [
                "--screens", "--locales", "--naive-screens", "--specs", "--samples", "--write-corpus", "--results", "--scripts", "--readme",
                "--revision", "--help"
            ])
        for name in BenchOptions.names {
            XCTAssertFalse(problem([name, "1"])?.hasPrefix("unknown option '\(name)'") ?? false, name)
        }
        XCTAssertEqual(problem(["--revison", "abc"]), "unknown option '--revison'; did you mean '--revision'?")
    }

    func testBadValuesAreUsageErrors() {
        XCTAssertEqual(problem(["--screens"]), "--screens needs a value")
        XCTAssertEqual(problem(["--screens", "--scripts"]), "--screens needs a value")
        XCTAssertEqual(problem(["--screens", "0"]), "--screens needs a positive whole number")
        XCTAssertEqual(problem(["--locales", "many"]), "--locales needs a positive whole number")
        XCTAssertEqual(problem(["--readme"]), "--readme needs a value")
    }

    func testOptionsThatExcludeEachOther() {
        XCTAssertEqual(
            problem(["--results", "r.txt", "--scripts"]), "--results and --scripts exclude each other (--scripts makes the results)")
        XCTAssertEqual(problem(["--readme", "README.md"]), "--readme needs --scripts (every table and target it regenerates)")
    }
}
