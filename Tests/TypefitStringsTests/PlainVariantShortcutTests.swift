import Foundation
import XCTest

@testable import TypefitStrings

/// `VariantResolver`'s shortcut for a plain text (one string unit, no `%`, a source text that reads no
/// arguments) must give what the general path gives: the same variants for every key in every locale,
/// and the same string problems, on the shipped catalogs, the fuzzers' seed catalogs and one built
/// around the shortcut's edges.
final class PlainVariantShortcutTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every key, source and locale case next to the shortcut's conditions.
    static let edges = #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "plain": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Sign in"}},
            "de": {"stringUnit": {"state": "translated", "value": "Anmelden"}},
            "fr": {"stringUnit": {"state": "needs_review", "value": "Connexion"}},
            "ja": {"stringUnit": {"state": "new", "value": "ログイン"}},
            "es": {"stringUnit": {"state": "translated", "value": ""}},
            "it": {"stringUnit": {"state": "translated", "value": "100 % gratis"}},
            "pt": {"stringUnit": {"state": "translated", "value": "Entrar %@"}}
          }},
          "no source": {"localizations": {
            "de": {"stringUnit": {"state": "translated", "value": "Ohne Quelle"}}
          }},
          "reads %@": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Hello %@"}},
            "de": {"stringUnit": {"state": "translated", "value": "Hallo"}},
            "fr": {"stringUnit": {"state": "translated", "value": "Bonjour %@"}}
          }},
          "percent": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "50 % off"}},
            "de": {"stringUnit": {"state": "translated", "value": "50 Prozent Rabatt"}}
          }},
          "substitution": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "%#@files@"},
                   "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                     "one": {"stringUnit": {"state": "translated", "value": "%arg file"}},
                     "other": {"stringUnit": {"state": "translated", "value": "%arg files"}}}}}}},
            "de": {"stringUnit": {"state": "translated", "value": "Dateien"}}
          }},
          "fixed": {"shouldTranslate": false, "localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "typefit"}},
            "de": {"stringUnit": {"state": "translated", "value": "typefit"}}
          }},
          "plural": {"localizations": {
            "en": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "One item"}},
              "other": {"stringUnit": {"state": "translated", "value": "Items"}}}}},
            "de": {"stringUnit": {"state": "translated", "value": "Einträge"}}
          }},
          "device": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Tap"}},
            "de": {"variations": {"device": {
              "iphone": {"stringUnit": {"state": "translated", "value": "Tippen"}},
              "other": {"stringUnit": {"state": "translated", "value": "Klicken"}}}}}
          }}
        }}
        """#

    func catalogs() throws -> [(name: String, text: String)] {
        var out = [("edges.xcstrings", Self.edges)]
        let fm = FileManager.default
        let specs = Self.root.appendingPathComponent("Specs")
        for folder in try fm.contentsOfDirectory(atPath: specs.path).sorted() {
            let url = specs.appendingPathComponent(folder).appendingPathComponent("Localizable.xcstrings")
            if fm.fileExists(atPath: url.path) { out.append((url.path, try String(contentsOf: url, encoding: .utf8))) }
        }
        let seeds = Self.root.appendingPathComponent("Tests/FuzzSeeds/catalog")
        for file in try fm.contentsOfDirectory(atPath: seeds.path).sorted() where file.hasSuffix(".xcstrings") {
            out.append((file, try String(contentsOf: seeds.appendingPathComponent(file), encoding: .utf8)))
        }
        return out
    }

    func testThePlainShortcutGivesWhatTheGeneralPathGives() throws {
        var plainTexts = 0, read = 0
        for (name, text) in try catalogs() {
            // A seed that is an input error (one is, by design) has no variants to compare.
            guard let raw = try? StringCatalogReader.read(bytes: Array(text.utf8), file: name) else { continue }
            var shortcut = VariantResolver(table: raw, samples: .default)
            var general = VariantResolver(table: raw, samples: .default)
            general.takesPlainShortcut = false
            let locales = raw.locales.union([raw.sourceLanguage]).sorted() + ["xx", "pseudo-accented"]
            for key in raw.entries.keys.sorted() {
                let entry = raw.entries[key]!
                for locale in locales {
                    let fast = shortcut.variants(key: key, entry: entry, locale: locale)
                    XCTAssertEqual(fast, general.variants(key: key, entry: entry, locale: locale), "\(name): \(key) in \(locale)")
                    if fast.count == 1, fast[0].steps.isEmpty, !fast[0].text.contains("%") { plainTexts += 1 }
                }
            }
            XCTAssertEqual(shortcut.problems, general.problems, name)
            read += 1
        }
        // The comparison covered the shipped catalogs' plain texts, which the shortcut is for.
        XCTAssertGreaterThanOrEqual(read, 6)
        XCTAssertGreaterThan(plainTexts, 1000)
    }

    func testTheEdgesReportWhatTheyShould() throws {
        // The general path's problems on the edge catalog, which the shortcut must leave as they are:
        // a translation that drops the source's argument is still reported.
        let raw = try StringCatalogReader.read(bytes: Array(Self.edges.utf8), file: "edges.xcstrings")
        var resolver = VariantResolver(table: raw, samples: .default)
        for key in raw.entries.keys.sorted() {
            for locale in raw.locales.union([raw.sourceLanguage]).sorted() {
                _ = resolver.variants(key: key, entry: raw.entries[key]!, locale: locale)
            }
        }
        XCTAssertTrue(
            resolver.problems.contains { $0.key == "reads %@" && $0.locale == "de" && $0.message.contains("of the source is missing") },
            resolver.problems.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(
            resolver.variants(key: "plain", entry: raw.entries["plain"]!, locale: "de").map(\.description),
            [#"default "Anmelden" (translated)"#])
        XCTAssertEqual(
            resolver.variants(key: "no source", entry: raw.entries["no source"]!, locale: "en").map(\.description),
            [#"default "no source" (source)"#])
    }
}
