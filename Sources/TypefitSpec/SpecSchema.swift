import Foundation
import TypefitCore

/// The JSON Schema (draft 2020-12) of a screen spec document, printed by `typefit schema`. Built
/// from the same key lists the loader enforces, so the two cannot drift apart.
public enum SpecSchema {
    public static func json() -> String {
        let number: [String: Any] = ["type": "number"]
        let edges: [String: Any] = [
            "oneOf": [
                number,
                [
                    "type": "object", "additionalProperties": false,
                    "properties": ["top": number, "leading": number, "bottom": number, "trailing": number]
                ]
            ]
        ]
        let category: [String: Any] = [
            "type": "string", "description": "xSmall … xxxLarge, AX1 … AX5, or UIKit/SwiftUI names",
            "examples": ContentSizeCategory.allNames
        ]
        let style: [String: Any] = ["enum": TextStyle.allCases.map(\.rawValue)]
        let dimension: [String: Any] = ["oneOf": [number, ["enum": ["fill", "fit"]]]]
        let textSource: [String: Any] = ["type": "string"]
        let tableName: [String: Any] = [
            "type": "string", "minLength": 1, "pattern": "^[^./\\\\][^/\\\\]*$",
            "description": "a strings table name (a file name without extension)"
        ]
        let fallback: [String: Any] = [
            "type": "object", "additionalProperties": false, "required": ["when"],
            "properties": [
                "text": textSource, "key": textSource, "table": tableName,
                "when": [
                    "oneOf": [
                        ["const": "doesNotFit"],
                        [
                            "type": "object", "additionalProperties": false,
                            "properties": ["category": category]
                        ]
                    ]
                ]
            ]
        ]
        var property: [String: Any] = [
            "text": textSource, "key": textSource, "table": tableName, "placeholder": textSource, "placeholderKey": textSource,
            "arguments": ["type": "array", "items": ["type": ["string", "number", "null"]]],
            "fallbacks": ["type": "array", "items": fallback],
            "style": style,
            "font": [
                "type": "object", "additionalProperties": false, "required": ["size"],
                "properties": ["family": ["type": "string"], "size": number, "relativeTo": style, "maximumPointSize": number]
            ],
            "weight": ["oneOf": [["enum": FontWeight.allNames], ["type": "integer", "minimum": 1, "maximum": 1000]]],
            "adjustsFontForContentSizeCategory": ["type": "boolean"],
            "minimumContentSizeCategory": category, "maximumContentSizeCategory": category,
            "numberOfLines": ["type": "integer", "minimum": 0],
            "lineBreakMode": ["enum": LineBreakMode.allCases.map(\.rawValue) + LineBreakMode.allCases.map(\.shortName)],
            "textAlignment": ["enum": TextAlignment.allCases.map(\.rawValue)],
            "adjustsFontSizeToFitWidth": ["type": "boolean"], "minimumScaleFactor": ["type": "number", "minimum": 0, "maximum": 1],
            "width": dimension, "height": dimension, "minWidth": number, "minHeight": number, "maxHeight": number,
            "compressionResistance": ["type": "number", "minimum": 1, "maximum": 1000],
            "configuration": ["enum": ButtonConfiguration.allCases.map(\.rawValue)],
            "contentInsets": edges,
            "image": [
                "type": "object", "additionalProperties": false, "required": ["width"],
                "properties": ["width": number, "height": number, "padding": number]
            ],
            "cornerRadius": number, "role": ["const": "primary"],
            "borderStyle": ["enum": TextFieldBorderStyle.allCases.map(\.rawValue)],
            "spacing": number, "alignment": ["enum": StackAlignment.allCases.filter(\.isSupported).map(\.rawValue)],
            "distribution": [
                "enum": StackDistribution.allCases.filter { $0.isSupported(in: .vstack) || $0.isSupported(in: .hstack) }.map(\.rawValue)
            ],
            "layoutMargins": edges, "children": ["type": "array", "items": ["$ref": "#/$defs/element"]]
        ]
        let idSchema: [String: Any] = ["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9_-]*$"]
        var variants: [[String: Any]] = []
        for kind in Element.Kind.allCases {
            var props: [String: Any] = [:]
            for key in SpecLoader.allowedKeys(kind) { props[key] = key == kind.rawValue ? idSchema : property[key] ?? [:] }
            variants.append(["type": "object", "additionalProperties": false, "required": [kind.rawValue], "properties": props])
        }
        property["element"] = ["oneOf": variants]
        var content = variants.map { v -> [String: Any] in
            var v = v
            var props = v["properties"] as! [String: Any]
            props["guide"] = ["enum": Placement.Guide.allCases.map(\.rawValue)]
            props["placement"] = ["enum": Placement.Vertical.allCases.map(\.rawValue)]
            props["offset"] = number
            props["anchor"] = idSchema
            props["horizontalPlacement"] = ["enum": Placement.Horizontal.allCases.map(\.rawValue)]
            v["properties"] = props
            return v
        }
        content = content.filter {
            ($0["required"] as! [String]).first.map { ["vstack", "hstack", "label", "button", "textField"].contains($0) } ?? false
        }
        let kbTable: [String: Any] = [
            "type": "object", "additionalProperties": false,
            "properties": ["software": number, "legacy": number, "hardwareBar": number]
        ]
        let device: [String: Any] = [
            "oneOf": [
                ["enum": Device.presets.map(\.name)],
                [
                    "type": "object", "additionalProperties": false, "required": ["name", "width", "height"],
                    "properties": [
                        "name": ["type": "string"], "width": number, "height": number, "safeArea": edges, "keyboardHeights": kbTable,
                        "landscape": [
                            "type": "object", "additionalProperties": false, "properties": ["safeArea": edges, "keyboardHeights": kbTable]
                        ]
                    ]
                ]
            ]
        ]
        let stringsTable: [String: Any] = [
            "oneOf": [
                ["type": "string"],
                [
                    "type": "object", "additionalProperties": false, "required": ["path"],
                    "properties": [
                        "path": ["type": "string"], "table": tableName, "developmentLanguage": ["type": "string"],
                        "missingShows": ["enum": MissingTranslationDisplay.allCases.map(\.rawValue)],
                        "code": [
                            "oneOf": [["type": "string"], ["type": "array", "items": ["type": "string"], "minItems": 1]]
                        ] as [String: Any]
                    ]
                ]
            ]
        ]
        let schema: [String: Any] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "typefit screen spec (one YAML document)",
            "description": "See docs/spec-format.md. Every unknown key is an error.",
            "type": "object", "additionalProperties": false, "required": ["screen", "content"],
            "$defs": ["element": ["oneOf": variants]],
            "properties": [
                "screen": ["type": "string"], "state": ["type": "string"],
                "strings": ["oneOf": [stringsTable, ["type": "array", "minItems": 1, "items": stringsTable]]],
                "locales": ["type": "array", "items": ["type": "string"]],
                "categories": ["type": "array", "items": category],
                "devices": ["type": "array", "items": device],
                "orientation": [
                    "oneOf": [["enum": ["portrait", "landscape"]], ["type": "array", "items": ["enum": ["portrait", "landscape"]]]]
                ],
                "layoutMargins": ["oneOf": [["const": "system"], edges]],
                "additionalSafeAreaInsets": edges,
                "scrolls": ["type": "boolean"],
                "keyboard": [
                    "oneOf": [
                        ["const": "hidden"],
                        [
                            "type": "object", "additionalProperties": false, "required": ["height"],
                            "properties": [
                                "height": ["oneOf": [["enum": ["software", "legacy", "hardwareBar"]], number]],
                                "focused": ["oneOf": [idSchema, ["type": "array", "items": idSchema]]]
                            ]
                        ]
                    ]
                ],
                "keyboardAvoidance": [
                    "oneOf": [
                        ["enum": ["none", "scrollView"]],
                        [
                            "type": "object", "additionalProperties": false,
                            "properties": [
                                "slideView": [
                                    "type": "object", "additionalProperties": false,
                                    "properties": [
                                        "minimumFraction": number, "maximumFraction": number,
                                        "keyboardHeight": [
                                            "oneOf": [number, ["type": "object", "properties": ["portrait": number, "landscape": number]]]
                                        ]
                                    ]
                                ]
                            ]
                        ]
                    ]
                ],
                "severity": [
                    "type": "object", "additionalProperties": false,
                    "properties": Dictionary(
                        uniqueKeysWithValues: RuleID.allCases.map {
                            ($0.rawValue, ["enum": SeverityLevel.allCases.map(\.rawValue)] as [String: Any])
                        })
                ],
                "content": ["oneOf": content],
                "bottomBar": ["$ref": "#/$defs/element"]
            ]
        ]
        let data =
            (try? JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
