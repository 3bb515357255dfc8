import Foundation
import TypefitCore
import XCTest

@testable import TypefitStrings

/// `StringCatalogCommentEditor`: a comment line set by editing bytes, everything else of the catalog
/// as Xcode wrote it (docs/budgets.md, `--write-catalog`).
final class StringCatalogCommentEditorTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A catalog as Xcode writes it: sorted keys and members, two spaces, `" : "`, an empty entry as
    /// `{\n\n    }`, `/` unescaped; keys and comments with quotes, backslashes and escapes.
    static let before = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "" : {

            },
            "Path a/b \"quoted\" \\n %@" : {
              "comment" : "Says \"hi\"; a literal backslash-n: \\n, a slash: /, an escaped e: \u00e9\nSecond line.\ntypefit budget: 10 pt × 1 line at AX5 on iPhone SE (1st generation) ≈ 1 characters in de (an estimate)",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Pfad"
                  }
                }
              }
            },
            "Settings" : {
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Einstellungen"
                  }
                }
              }
            },
            "Untouched" : {
              "comment" : "No budget for me.",
              "shouldTranslate" : false
            },
            "ü 😀" : {
              "comment" : "",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "ü"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    /// What Xcode writes for the same catalog with these comments: the only difference.
    static let after = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "" : {
              "comment" : "typefit budget: empty \"key\""
            },
            "Path a/b \"quoted\" \\n %@" : {
              "comment" : "Says \"hi\"; a literal backslash-n: \\n, a slash: /, an escaped e: \u00e9\nSecond line.\ntypefit budget: 20 pt\\2 ×\ttab",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Pfad"
                  }
                }
              }
            },
            "Settings" : {
              "comment" : "typefit budget: settings",
              "extractionState" : "manual",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Einstellungen"
                  }
                }
              }
            },
            "Untouched" : {
              "comment" : "No budget for me.",
              "shouldTranslate" : false
            },
            "ü 😀" : {
              "comment" : "typefit budget: emoji",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "ü"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    static let lines = [
        "": "typefit budget: empty \"key\"",
        "Path a/b \"quoted\" \\n %@": "typefit budget: 20 pt\\2 ×\ttab",
        "Settings": "typefit budget: settings",
        "ü 😀": "typefit budget: emoji",
        "Not in the catalog": "typefit budget: nowhere"
    ]

    func edit(_ text: String, _ lines: [String: String]) throws -> StringCatalogCommentEditor.Result {
        try StringCatalogCommentEditor.setLines(lines, marker: "typefit budget", in: Array(text.utf8), file: "Localizable.xcstrings")
    }

    func testEditsOnlyTheCommentsAsXcodeWouldWriteThem() throws {
        let result = try edit(Self.before, Self.lines)
        XCTAssertEqual(String(decoding: result.bytes, as: UTF8.self), Self.after)
        XCTAssertEqual(Set(result.found), ["", "Path a/b \"quoted\" \\n %@", "Settings", "ü 😀"])
        XCTAssertEqual(result.changed.count, 4)
        // Read independently (Foundation's JSON parser): the comments hold the lines, decoded.
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.bytes)) as? [String: Any])
        let strings = try XCTUnwrap(json["strings"] as? [String: [String: Any]])
        XCTAssertEqual(
            strings["Path a/b \"quoted\" \\n %@"]?["comment"] as? String,
            "Says \"hi\"; a literal backslash-n: \\n, a slash: /, an escaped e: é\nSecond line.\ntypefit budget: 20 pt\\2 ×\ttab")
        XCTAssertEqual(strings["Settings"]?["comment"] as? String, "typefit budget: settings")
        XCTAssertEqual(strings[""]?["comment"] as? String, "typefit budget: empty \"key\"")
        XCTAssertEqual(strings["Untouched"]?["comment"] as? String, "No budget for me.")
        XCTAssertEqual(
            try StringCatalogReader.read(bytes: result.bytes, file: "x").entries.count,
            try StringCatalogReader.read(bytes: Array(Self.before.utf8), file: "x").entries.count)
    }

    func testRunningAgainChangesNothingAndReplacesTheEarlierLine() throws {
        let once = try edit(Self.before, Self.lines)
        let twice = try edit(String(decoding: once.bytes, as: UTF8.self), Self.lines)
        XCTAssertEqual(twice.bytes, once.bytes)
        XCTAssertEqual(twice.changed, [])
        // New numbers replace the line (never a second one).
        let other = try edit(String(decoding: once.bytes, as: UTF8.self), ["Settings": "typefit budget: 99 pt"])
        let text = String(decoding: other.bytes, as: UTF8.self)
        XCTAssertTrue(text.contains(#""comment" : "typefit budget: 99 pt","#), text)
        XCTAssertEqual(text.components(separatedBy: "typefit budget").count - 1, 4, "one line per budgeted key")
    }

    /// The shipped catalogs, as Xcode wrote them: nothing to change, every byte the same; their own
    /// comments set again: the same bytes.
    func testShippedCatalogsRoundTripByteForByte() throws {
        let specs = Self.root.appendingPathComponent("Specs")
        var checked = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: specs.path).sorted() {
            let url = specs.appendingPathComponent(folder).appendingPathComponent("Localizable.xcstrings")
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            let bytes = [UInt8](data)
            XCTAssertEqual(try StringCatalogCommentEditor.setLines([:], marker: "typefit budget", in: bytes, file: url.path).bytes, bytes)
            // Each key's last comment line is "set" under its own first word: no change at all.
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var lines: [String: String] = [:]
            for (key, entry) in try XCTUnwrap(json["strings"] as? [String: [String: Any]]) {
                if let comment = entry["comment"] as? String, !comment.isEmpty, !comment.contains("\n") { lines[key] = comment }
            }
            XCTAssertFalse(lines.isEmpty, folder)
            let same = try StringCatalogCommentEditor.setLines(lines, marker: "\u{1}never", in: bytes, file: url.path)
            XCTAssertNotEqual(same.bytes, bytes, "a line that is not the comment's own is added")
            for (key, comment) in lines {
                let result = try StringCatalogCommentEditor.setLines(
                    [key: comment], marker: String(comment.prefix(12)), in: bytes, file: url.path)
                XCTAssertEqual(result.bytes, bytes, "\(folder) \(key)")
                XCTAssertEqual(result.changed, [])
            }
            checked += 1
        }
        XCTAssertEqual(checked, 5)
    }

    func testRefusesWhatItCannotEditFaithfully() throws {
        // A key written twice (Xcode never does): refused with its position.
        let twice = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"A\" : {\n\n    },\n    \"A\" : {\n\n    }\n  }\n}\n"
        XCTAssertThrowsError(try edit(twice, ["A": "typefit budget: x"])) { error in
            XCTAssertEqual((error as? InputError)?.line, 7)
            XCTAssertTrue("\(error)".contains("appears twice"), "\(error)")
        }
        // Invalid JSON: the reader's own error, with line and column.
        XCTAssertThrowsError(try edit("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n", ["A": "x"])) { error in
            XCTAssertTrue("\(error)".contains("invalid JSON"), "\(error)")
        }
        // UTF-16 (old exports): refused, not rewritten in another encoding.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "{\"sourceLanguage\" : \"en\", \"strings\" : {\"A\" : {}}}".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertThrowsError(try StringCatalogCommentEditor.setLines(["A": "x"], marker: "x", in: utf16, file: "u.xcstrings")) { error in
            XCTAssertTrue("\(error)".contains("UTF-16"), "\(error)")
        }
        // A byte-order mark is kept.
        let bom: [UInt8] =
            [0xEF, 0xBB, 0xBF] + Array("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"A\" : {\n\n    }\n  }\n}\n".utf8)
        let result = try StringCatalogCommentEditor.setLines(
            ["A": "typefit budget: 1 pt"], marker: "typefit budget", in: bom, file: "b.xcstrings")
        XCTAssertEqual(
            result.bytes,
            [0xEF, 0xBB, 0xBF]
                + Array(
                    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"A\" : {\n      \"comment\" : \"typefit budget: 1 pt\"\n    }\n  }\n}\n"
                        .utf8))
    }

    func testSpansOfAJSONText() throws {
        let text = Array(#"{"a\"b" : [1, {"x":true}], "c" : "\ud83d\ude00\/"}"#.utf8)
        let root = try XCTUnwrap(JSONSpan.scan(text))
        XCTAssertEqual(root.members.map(\.name), ["a\"b", "c"])
        XCTAssertEqual(String(decoding: text[root.members[0].value.range], as: UTF8.self), #"[1, {"x":true}]"#)
        let c = try XCTUnwrap(root.members.last)
        XCTAssertEqual(String(decoding: text[c.nameRange], as: UTF8.self), #""c""#)
        XCTAssertEqual(String(decoding: text[c.value.range], as: UTF8.self), #""\ud83d\ude00\/""#)
        XCTAssertNil(JSONSpan.scan(Array(#"{"a" : 1"#.utf8)))
    }
}
