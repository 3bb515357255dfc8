import Foundation
import TypefitCore

/// Reads a `.stringsdict` file (an XML property list) into localizations.
///
/// Each key maps to a dictionary with either
/// - `NSStringLocalizedFormatKey`: a format using `%#@variable@`, each variable being a dictionary
///   with `NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`, `NSStringFormatValueTypeKey`
///   (the argument's specifier without `%`, e.g. `d`) and the plural categories; or
/// - `NSStringDeviceSpecificRuleType`: device name → string or such a dictionary; or
/// - `NSStringVariableWidthRuleType`: width → string or such a dictionary.
enum StringsDictReader {
    /// How deeply device and width rules may nest.
    static let maximumDepth = 4

    /// Reads `bytes`; problems are attributed to `locale`.
    static func read(
        bytes: [UInt8], file: String, locale: String
    ) throws -> (localizations: [String: RawLocalization], problems: [StringProblem]) {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            throw InputError(
                file: file, line: lineNumber(in: error), message: "not a valid property list",
                hint: "a .stringsdict file is an XML property list; check it with plutil -lint")
        }
        guard let root = plist as? [String: Any] else {
            throw InputError(file: file, message: "expected a dictionary at the top of the property list")
        }
        var reader = Reader(file: file, locale: locale)
        var result: [String: RawLocalization] = [:]
        for key in root.keys.sorted() {
            let path = KeyPath([key])
            guard let entry = root[key] as? [String: Any] else {
                throw InputError(file: file, message: "\(path): expected a dictionary")
            }
            try reader.checkLength(key, path)
            var substitutions: [String: RawSubstitution] = [:]
            let node = try reader.readEntry(entry, path, key: key, depth: 0, substitutions: &substitutions)
            result[key] = RawLocalization(node: node, substitutions: substitutions)
        }
        return (result, reader.problems)
    }

    /// Foundation's parse errors sometimes mention "line N"; pass it on when they do.
    private static func lineNumber(in error: Error) -> Int? {
        let ns = error as NSError
        let texts = [ns.localizedDescription, String(describing: ns.userInfo[NSDebugDescriptionErrorKey] ?? "")]
        for text in texts {
            guard let range = text.range(of: "line ") else { continue }
            let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let n = Int(digits), n > 0 { return n }
        }
        return nil
    }

    // MARK: - Private

    private static let ruleKeys: Set<String> = ["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"]

    private struct Reader {
        let file: String
        let locale: String
        var problems: [StringProblem] = []

        func error(_ path: KeyPath, _ message: String) -> InputError {
            InputError(file: file, message: "\(path): \(message)")
        }

        func checkLength(_ text: String, _ path: KeyPath) throws {
            if let problem = TextLimit.problem(text) { throw error(path, problem) }
        }

        mutating func readEntry(
            _ entry: [String: Any], _ path: KeyPath, key: String, depth: Int,
            substitutions: inout [String: RawSubstitution]
        ) throws -> RawNode {
            guard depth <= StringsDictReader.maximumDepth else {
                throw error(path, "rules nested more than \(StringsDictReader.maximumDepth) levels deep")
            }
            if let format = entry["NSStringLocalizedFormatKey"] {
                guard let format = format as? String else {
                    throw error(path.appending("NSStringLocalizedFormatKey"), "expected a string")
                }
                try checkLength(format, path.appending("NSStringLocalizedFormatKey"))
                for name in entry.keys.sorted() where name != "NSStringLocalizedFormatKey" {
                    let vPath = path.appending(name)
                    guard let variable = entry[name] as? [String: Any] else {
                        throw error(vPath, "expected a dictionary describing the variable '\(name)'")
                    }
                    if let sub = try readVariable(variable, vPath, key: key) { substitutions[name] = sub }
                }
                return .unit(RawUnit(value: format))
            }
            for (ruleKey, makeStep) in [
                ("NSStringDeviceSpecificRuleType", VariationStep.device),
                ("NSStringVariableWidthRuleType", VariationStep.width)
            ] {
                guard let rule = entry[ruleKey] else { continue }
                let rPath = path.appending(ruleKey)
                guard let rule = rule as? [String: Any] else { throw error(rPath, "expected a dictionary") }
                var branches: [RawBranch] = []
                for name in Self.sortedVariationNames(rule.keys, numeric: ruleKey == "NSStringVariableWidthRuleType") {
                    let bPath = rPath.appending(name)
                    if let text = rule[name] as? String {
                        try checkLength(text, bPath)
                        branches.append(RawBranch(step: makeStep(name), node: .unit(RawUnit(value: text))))
                    } else if let nested = rule[name] as? [String: Any] {
                        let node = try readEntry(nested, bPath, key: key, depth: depth + 1, substitutions: &substitutions)
                        branches.append(RawBranch(step: makeStep(name), node: node))
                    } else {
                        throw error(bPath, "expected a string or a dictionary")
                    }
                }
                guard !branches.isEmpty else { throw error(rPath, "no variations") }
                return .variations(branches)
            }
            throw error(path, "expected NSStringLocalizedFormatKey, NSStringDeviceSpecificRuleType or NSStringVariableWidthRuleType")
        }

        /// Device names alphabetically with "other" last; widths by number.
        static func sortedVariationNames(_ names: Dictionary<String, Any>.Keys, numeric: Bool) -> [String] {
            if numeric {
                return names.sorted { (Int($0) ?? Int.max, $0) < (Int($1) ?? Int.max, $1) }
            }
            return names.sorted { ($0 == "other" ? 1 : 0, $0) < ($1 == "other" ? 1 : 0, $1) }
        }

        mutating func readVariable(_ variable: [String: Any], _ path: KeyPath, key: String) throws -> RawSubstitution? {
            let type = variable["NSStringFormatSpecTypeKey"] as? String
            guard type == "NSStringPluralRuleType" else {
                problems.append(
                    StringProblem(
                        key: key, locale: locale, kind: .unsupportedVariation,
                        message: "unsupported rule type '\(type ?? "none")' at \(path) (skipped)"))
                return nil
            }
            var valueType: String?
            if let v = variable["NSStringFormatValueTypeKey"] {
                guard let v = v as? String else { throw error(path.appending("NSStringFormatValueTypeKey"), "expected a string") }
                valueType = v
            }
            var plural: [(category: PluralCategory, unit: RawUnit)] = []
            for name in variable.keys.sorted() where !StringsDictReader.ruleKeys.contains(name) {
                guard let category = PluralCategory(rawValue: name) else {
                    problems.append(
                        StringProblem(
                            key: key, locale: locale, kind: .unknownPluralCategory,
                            message: "unknown plural category '\(name)' at \(path) (skipped)"))
                    continue
                }
                guard let text = variable[name] as? String else {
                    throw error(path.appending(name), "expected a string")
                }
                try checkLength(text, path.appending(name))
                plural.append((category, RawUnit(value: text)))
            }
            plural.sort { $0.category < $1.category }
            if !plural.contains(where: { $0.category == .other }) {
                problems.append(
                    StringProblem(
                        key: key, locale: locale, kind: .missingOtherCategory,
                        message: "plural rule at \(path) has no 'other' category"))
            }
            guard !plural.isEmpty else { return nil }
            return RawSubstitution(argumentNumber: nil, formatSpecifier: valueType, usesArgPlaceholder: false, plural: plural)
        }
    }
}
