import Foundation
import TypefitCore
import XCTest

@testable import TypefitStrings

/// String Catalogs and helpers shared by the tests.
enum Fixtures {
    /// A catalog exercising Russian and Arabic plurals, device variations (with a nested plural),
    /// substitutions, a stale key, untranslated states, `%1$@` reordering and `%%`.
    static let catalog = #"""
        {
          "sourceLanguage" : "en",
          "version" : "1.0",
          "strings" : {
            "%lld files" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                } } },
                "ru" : { "variations" : { "plural" : {
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } },
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } }
                } } },
                "ar" : { "variations" : { "plural" : {
                  "zero" : { "stringUnit" : { "state" : "translated", "value" : "لا ملفات" } },
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "ملف واحد" } },
                  "two" : { "stringUnit" : { "state" : "translated", "value" : "ملفان" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملفات" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملفًا" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملف" } }
                } } }
              }
            },
            "Welcome" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Welcome" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen" } },
                "ru" : { "stringUnit" : { "state" : "new", "value" : "" } },
                "ar" : { "stringUnit" : { "state" : "needs_review", "value" : "أهلاً" } }
              }
            },
            "Tap to continue" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap to continue" } },
                  "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click to continue" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap to continue" } }
                } } },
                "de" : { "variations" : { "device" : {
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Tippen, um fortzufahren" } },
                  "mac" : { "stringUnit" : { "state" : "translated", "value" : "Klicken, um fortzufahren" } }
                } } }
              }
            },
            "Tap %lld times" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "iphone" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Tap once" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap %lld times" } }
                  } } },
                  "mac" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Click once" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "Click %lld times" } }
                  } } }
                } } },
                "de" : { "variations" : { "device" : {
                  "iphone" : { "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "Einmal tippen" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld-mal tippen" } }
                  } } },
                  "ipad" : { "stringUnit" : { "state" : "translated", "value" : "%lld-mal tippen" } }
                } } }
              }
            },
            "%@ has %lld apples" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "%1$@ has %#@apples@" },
                  "substitutions" : { "apples" : {
                    "argNum" : 2, "formatSpecifier" : "lld",
                    "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg apple" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg apples" } }
                    } }
                  } }
                },
                "ru" : {
                  "stringUnit" : { "state" : "translated", "value" : "У %1$@ %#@apples@" },
                  "substitutions" : { "apples" : {
                    "argNum" : 2, "formatSpecifier" : "lld",
                    "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg яблоко" } },
                      "few" : { "stringUnit" : { "state" : "translated", "value" : "%arg яблока" } },
                      "many" : { "stringUnit" : { "state" : "translated", "value" : "%arg яблок" } },
                      "other" : { "stringUnit" : { "state" : "new", "value" : "" } }
                    } }
                  } }
                }
              }
            },
            "%lld items in %lld folders" : {
              "localizations" : {
                "en" : {
                  "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%1$lld item in %#@folders@" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%1$lld items in %#@folders@" } }
                  } },
                  "substitutions" : { "folders" : {
                    "argNum" : 2, "formatSpecifier" : "lld",
                    "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg folder" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg folders" } }
                    } }
                  } }
                }
              }
            },
            "Name: %1$@, age: %2$lld" : {
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Name: %1$@, age: %2$lld" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Alter: %2$lld, Name: %1$@" } }
              }
            },
            "Progress: %lld%%" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Fortschritt: %lld %%" } }
              }
            },
            "Download %.1f MB" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%.1f MB herunterladen" } }
              }
            },
            "Legacy label" : {
              "extractionState" : "stale",
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Legacy label" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Altes Etikett" } }
              }
            },
            "OK" : {
              "shouldTranslate" : false,
              "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "OK" } }
              }
            },
            "Settings" : {
              "extractionState" : "manual"
            }
          }
        }
        """#

    static func loadCatalog(_ text: String = catalog, samples: SampleValues = .default) throws -> LocalizedStrings {
        try LocalizedStrings.parseCatalog(text, file: "Localizable.xcstrings", samples: samples)
    }

    /// A fresh temporary folder, removed at the end of the test.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("typefit-strings-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// `text` as UTF-16 little-endian with a byte-order mark.
    static func utf16LEWithBOM(_ text: String) -> Data {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return Data(bytes)
    }
}

/// "label → text" of each variant, for compact exact assertions.
func texts(_ variants: [StringVariant]?) -> [String] {
    (variants ?? []).map { "\($0.label) → \($0.text)" }
}

/// Asserts `body` throws an `InputError` and returns it.
func inputError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> InputError? {
    do {
        try body()
        XCTFail("expected an InputError", file: file, line: line)
        return nil
    } catch let error as InputError {
        return error
    } catch {
        XCTFail("expected an InputError, got \(error)", file: file, line: line)
        return nil
    }
}
