import Foundation
import TypefitCore

/// The JSON Schema (draft 2020-12) of `.typefit.yml`, printed by `typefit schema --config`. Built
/// from the key lists the loader enforces (`ProjectConfig.keys`, `waiverKeys`), so they cannot drift.
public enum ProjectConfigSchema {
    public static func json(reportFormats: [String], pseudolocales: [String]) -> String {
        let strings: [String: Any] = ["type": "array", "minItems": 1, "items": ["type": "string", "minLength": 1]]
        let path: [String: Any] = ["type": "string", "minLength": 1, "description": "relative to the folder of .typefit.yml"]
        let paths: [String: Any] = ["oneOf": [path, ["type": "array", "minItems": 1, "items": path]]]
        let category: [String: Any] = ["type": "string", "examples": ContentSizeCategory.allNames]
        let date: [String: Any] = [
            "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "last day the waiver applies (UTC)"
        ]
        let formatPattern = "^(" + reportFormats.joined(separator: "|") + ")(:.+)?$"
        let waiver: [String: Any] = [
            "type": "object", "additionalProperties": false, "required": ["rule", "element", "reason"],
            "properties": [
                "rule": ["enum": RuleID.allCases.map(\.rawValue)],
                "element": ["type": "string", "description": "the element's id, as findings name it"],
                "spec": path, "screen": ["type": "string"], "locale": ["type": "string"],
                "categories": ["type": "string", "description": "one category, or a range like AX1...AX5"],
                "reason": ["type": "string", "minLength": 1], "expires": date
            ] as [String: Any]
        ]
        var properties: [String: Any] = [
            "minimumVersion": ["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)*$"],
            "specs": paths, "exclude": paths, "fontDirectories": paths, "baseline": path,
            "locales": strings, "devices": strings,
            "categories": ["type": "array", "minItems": 1, "items": category],
            "pseudolocales": ["type": "array", "items": ["enum": pseudolocales]],
            "severity": [
                "type": "object", "additionalProperties": false,
                "properties": Dictionary(
                    uniqueKeysWithValues: RuleID.allCases.map {
                        ($0.rawValue, ["enum": SeverityLevel.allCases.map(\.rawValue)] as [String: Any])
                    })
            ],
            "reports": [
                "type": "array",
                "items": [
                    "type": "string", "pattern": formatPattern,
                    "description": "FORMAT (standard output) or FORMAT:PATH"
                ]
            ],
            "strict": ["type": "boolean"],
            "waivers": ["type": "array", "items": waiver]
        ]
        properties = properties.filter { ProjectConfig.keys.contains($0.key) }
        let schema: [String: Any] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "typefit project configuration (.typefit.yml)",
            "type": ["object", "null"], "additionalProperties": false, "properties": properties
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
