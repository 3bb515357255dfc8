import Foundation
import TypefitCore

/// What the benchmark's two scripted measurements found, and the targets of issue 18 they decide:
/// `scripts/memory-scale.sh` (item 1: 500 copies of the signup screen with a JSON report ≤ 1 GB, flat
/// within ±20 % from 100 to 500 copies) and `scripts/bench-measure.sh` (item 3: `typefit measure
/// --jsonl` ≥ 10× faster than Pango per check). They run as processes of their own, for minutes:
/// `typefit-bench --scripts` (what `make bench` runs) runs them after its timed audits. With
/// `BENCH_RESULTS` set, each appends one line per measurement to the file it names, which this reads
/// (`--scripts` sets it to a file of its own; `--results FILE` reads one written by scripts run by hand):
///
///     memory-scale COPIES CHECKS REPORT WALL_SECONDS PEAK_MB      REPORT: text or json
///     measure MEDIAN LOWEST HIGHEST BEST_RUNS                     Pango ÷ typefit per check
public struct ScriptResults: Equatable, Sendable {
    /// One `typefit audit` of `copies` copies of the signup screen.
    public struct MemoryRun: Equatable, Sendable {
        public enum Report: String, Equatable, Sendable { case text, json }
        public var copies: Int
        public var checks: Int
        public var report: Report
        public var wall: Double
        public var peakMB: Int
    }

    /// Pango's time ÷ typefit's per check: the median, lowest and highest of the runs made one after
    /// the other, and the ratio of the two programs' best runs.
    public struct MeasureRatios: Equatable, Sendable {
        public var median: Double
        public var lowest: Double
        public var highest: Double
        public var bestRuns: Double
    }

    public var memory: [MemoryRun] = []
    public var measure: MeasureRatios?

    /// The copies the memory target compares, and its limits.
    public static let memoryCopies = (from: 100, to: 500)
    public static let memoryLimitMB = 1024
    public static let flatness = 0.20
    public static let measureTarget = 10.0

    public init(memory: [MemoryRun] = [], measure: MeasureRatios? = nil) {
        self.memory = memory
        self.measure = measure
    }

    /// Reads a results file (an error for a missing file and for any line it does not understand).
    public init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw InputError(
                file: path, message: "cannot read the results file", hint: "the scripts write it when BENCH_RESULTS names it")
        }
        try self.init(parsing: text, file: path)
    }

    public init(parsing text: String, file: String) throws {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = raw.split(separator: " ").map(String.init)
            guard let kind = fields.first else { continue }
            func fail(_ message: String, hint: String? = nil) -> InputError {
                InputError(file: file, line: index + 1, column: 1, message: message, hint: hint)
            }
            switch kind {
            case "memory-scale":
                if fields.count == 6, MemoryRun.Report(rawValue: fields[3]) == nil {
                    throw fail("unknown report '\(fields[3])'", hint: Suggestion.hint(for: fields[3], in: ["text", "json"]))
                }
                guard fields.count == 6, let copies = Int(fields[1]), copies > 0, let checks = Int(fields[2]),
                    let report = MemoryRun.Report(rawValue: fields[3]), let wall = Double(fields[4]), let peak = Int(fields[5])
                else { throw fail("expected 'memory-scale COPIES CHECKS text|json WALL_SECONDS PEAK_MB', got '\(raw)'") }
                memory.append(MemoryRun(copies: copies, checks: checks, report: report, wall: wall, peakMB: peak))
            case "measure":
                let numbers = fields.dropFirst().compactMap(Double.init)
                guard fields.count == 5, numbers.count == 4 else {
                    throw fail("expected 'measure MEDIAN LOWEST HIGHEST BEST_RUNS', got '\(raw)'")
                }
                guard measure == nil else { throw fail("a second 'measure' line") }
                measure = MeasureRatios(median: numbers[0], lowest: numbers[1], highest: numbers[2], bestRuns: numbers[3])
            default:
                throw fail("unknown result '\(kind)'", hint: Suggestion.hint(for: kind, in: ["memory-scale", "measure"]))
            }
        }
    }

    /// A target's measured value, and whether it is met.
    public struct Verdict: Equatable, Sendable {
        public var measured: String
        public var met: Bool
    }

    /// Item 1: the JSON runs at 100 and 500 copies (nil without both). Met when every JSON run from
    /// 100 copies up peaks at most 1 GB and within ±20 % of the 100 copies' peak.
    public var memoryVerdict: Verdict? {
        let json = memory.filter { $0.report == .json }
        guard let base = json.last(where: { $0.copies == Self.memoryCopies.from }),
            let top = json.last(where: { $0.copies == Self.memoryCopies.to })
        else { return nil }
        let compared = json.filter { $0.copies >= Self.memoryCopies.from && $0.copies <= Self.memoryCopies.to }
        let flat = compared.allSatisfy { abs(Double($0.peakMB - base.peakMB)) <= Self.flatness * Double(base.peakMB) }
        let bounded = compared.allSatisfy { $0.peakMB <= Self.memoryLimitMB }
        let change = (Double(top.peakMB - base.peakMB) / Double(base.peakMB) * 100).rounded()
        let sign = change >= 0 ? "+" : "−"
        return Verdict(
            measured:
                "\(top.peakMB) MB at \(top.copies) copies, \(sign)\(Int(abs(change))) % against \(base.copies) copies (\(base.peakMB) MB)",
            met: flat && bounded)
    }

    /// Item 3: met when the median ratio of the runs made one after the other is at least 10.
    public var measureVerdict: Verdict? {
        guard let m = measure else { return nil }
        return Verdict(
            measured:
                "median \(Self.format(m.median))× (\(Self.format(m.lowest))–\(Self.format(m.highest))×); best runs \(Self.format(m.bestRuns))×",
            met: m.median >= Self.measureTarget)
    }

    private static func format(_ x: Double) -> String { String(format: "%.1f", x) }
}
