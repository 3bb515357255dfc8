import TypefitCore

/// `typefit-bench`'s command line: what it measures and where its results go. Parsed here, not in
/// the executable, so that every usage error (an unknown option with its "did you mean", a missing
/// or bad value, options that exclude each other) is tested.
public struct BenchOptions: Equatable, Sendable {
    public var screens = 50
    public var locales = 40
    public var naiveScreens = 3
    public var specs = "Specs"
    /// Sample strings in the scripts the shipped catalogs lack.
    public var samples = "Tests/TypefitLayoutTests/Fixtures/hb-shape/samples.tsv"
    /// Only write the generated corpus to this folder and exit (to profile `typefit audit` on it).
    public var writeCorpus: String?
    /// The scripted measurements' results (`ScriptResults`), written by the scripts run by hand with
    /// `BENCH_RESULTS` set.
    public var results: String?
    /// Run the scripted measurements (`scripts/bench-measure.sh`, `scripts/memory-scale.sh`) after
    /// the benchmark's own, and judge their targets with the others (`make bench`).
    public var scripts = false
    /// Regenerate this Markdown file's benchmark section (`ReadmeSection`) from what the run prints
    /// (with `--scripts` only: without them its tables would say "not run").
    public var readme: String?
    /// What the section names the measured code by (`make bench` passes `git describe --always --dirty`).
    public var revision: String?

    /// What a command line asks for: a run with these options, or the usage text.
    public enum Request: Equatable, Sendable {
        case run(BenchOptions)
        case help
    }

    /// A command line `typefit-bench` cannot run: said with the usage text, exit status 2.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let problem: String
        public var description: String { problem }
    }

    public static let usage =
        "usage: typefit-bench [--screens N] [--locales N] [--naive-screens N] [--specs DIR] [--samples FILE] [--write-corpus DIR] [--results FILE | --scripts [--readme FILE] [--revision TEXT]] [--help]"

    /// Every option, for the "did you mean" of a misspelt one: the usage's words that start with
    /// "--", so an option is named in one place besides the parser.
    static let names: [String] = usage.split(whereSeparator: { " []|".contains($0) }).filter { $0.hasPrefix("--") }.map(String.init)

    public init() {}

    /// Parses the arguments after the program's name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var o = BenchOptions()
        var args = arguments.makeIterator()
        while let a = args.next() {
            switch a {
            case "--screens": o.screens = try count(a, args.next())
            case "--locales": o.locales = try count(a, args.next())
            case "--naive-screens": o.naiveScreens = try count(a, args.next())
            case "--specs": o.specs = try value(a, args.next())
            case "--samples": o.samples = try value(a, args.next())
            case "--write-corpus": o.writeCorpus = try value(a, args.next())
            case "--results": o.results = try value(a, args.next())
            case "--scripts": o.scripts = true
            case "--readme": o.readme = try value(a, args.next())
            case "--revision": o.revision = try value(a, args.next())
            case "--help", "-h": return .help
            default:
                let hint = Suggestion.hint(for: a, in: names).map { "; \($0)" } ?? ""
                throw UsageError(problem: "unknown option '\(a)'\(hint)")
            }
        }
        if o.results != nil && o.scripts {
            throw UsageError(problem: "--results and --scripts exclude each other (--scripts makes the results)")
        }
        if o.readme != nil && !o.scripts { throw UsageError(problem: "--readme needs --scripts (every table and target it regenerates)") }
        return .run(o)
    }

    /// The value after `option`: a missing one is a usage error, never the default kept quietly.
    static func value(_ option: String, _ value: String?) throws(UsageError) -> String {
        guard let value, !value.hasPrefix("--") else { throw UsageError(problem: "\(option) needs a value") }
        return value
    }

    /// The positive count after `option` (a usage error otherwise).
    static func count(_ option: String, _ text: String?) throws(UsageError) -> Int {
        guard let n = Int(try value(option, text)), n > 0 else { throw UsageError(problem: "\(option) needs a positive whole number") }
        return n
    }
}
