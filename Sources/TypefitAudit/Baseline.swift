import Foundation
import TypefitCore

/// A committed list of accepted findings: the gate fails only on findings not in it.
public struct Baseline: Codable, Sendable, Equatable {
    public var version = 1
    public var tool = "typefit"
    /// Fingerprints of accepted findings, sorted.
    public var fingerprints: [String]

    public init(fingerprints: [String]) { self.fingerprints = Array(Set(fingerprints)).sorted() }

    public static func load(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "baseline file not found or unreadable")
        }
        do {
            let b = try JSONDecoder().decode(Baseline.self, from: data)
            guard b.tool == "typefit" else { throw InputError(file: path, message: "not a typefit baseline") }
            return b
        } catch let e as InputError {
            throw e
        } catch {
            throw InputError(file: path, message: "not a typefit baseline (expected {\"version\": 1, \"tool\": \"typefit\", \"fingerprints\": [...]})")
        }
    }

    /// `{"tool": "typefit", "version": 1, "fingerprints": [...]}`, one fingerprint per line, sorted:
    /// diffs of a baseline show exactly the findings accepted or fixed.
    public func encoded() -> String {
        var out = "{\n  \"tool\" : \"typefit\",\n  \"version\" : \(version),\n  \"fingerprints\" : [\n"
        out += fingerprints.map { "    \"\($0)\"" }.joined(separator: ",\n")
        out += fingerprints.isEmpty ? "  ]\n}\n" : "\n  ]\n}\n"
        return out
    }
}
