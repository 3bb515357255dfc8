import XCTest

@testable import TypefitStrings

/// Old Apple language names (`French.lproj`) read as a bundle reads them.
///
/// Reference: the language-name rows of `oldAppleLocaleToCanonical` in
/// swift-corelibs-foundation's Sources/CoreFoundation/CFLocaleIdentifier.c (commit 761b621d,
/// Apache License v2.0 with Runtime Library Exception, © Apple Inc. and the Swift project
/// authors), copied below as they are in the C source, which CFLocale's canonicalisation and so
/// CFBundle's localization matching read.
final class AppleLanguageNameTests: XCTestCase {
    static let cRows = #"""
            { "Afrikaans",              "af"        },  //                      # __CFBundleLanguageNamesArray
            { "Albanian",               "sq"        },  //                      # __CFBundleLanguageNamesArray
            { "Amharic",                "am"        },  //                      # __CFBundleLanguageNamesArray
            { "Arabic",                 "ar"        },  //                      # __CFBundleLanguageNamesArray
            { "Armenian",               "hy"        },  //                      # __CFBundleLanguageNamesArray
            { "Assamese",               "as"        },  //                      # __CFBundleLanguageNamesArray
            { "Aymara",                 "ay"        },  //                      # __CFBundleLanguageNamesArray
            { "Azerbaijani",            "az"        },  // -Arab,-Cyrl,-Latn?   # __CFBundleLanguageNamesArray (had 3 entries "Azerbaijani" for "az-Arab", "az-Cyrl", "az-Latn")
            { "Basque",                 "eu"        },  //                      # __CFBundleLanguageNamesArray
            { "Belarusian",             "be"        },  //                      # handle other names
            { "Belorussian",            "be"        },  //                      # handle other names
            { "Bengali",                "bn"        },  //                      # __CFBundleLanguageNamesArray
            { "Brazilian Portugese",    "pt-BR"     },  //                      # from Installer.app Info.plist IFLanguages key, misspelled
            { "Brazilian Portuguese",   "pt-BR"     },  //                      # correct spelling for above
            { "Breton",                 "br"        },  //                      # __CFBundleLanguageNamesArray
            { "Bulgarian",              "bg"        },  //                      # __CFBundleLanguageNamesArray
            { "Burmese",                "my"        },  //                      # __CFBundleLanguageNamesArray
            { "Byelorussian",           "be"        },  //                      # __CFBundleLanguageNamesArray
            { "Catalan",                "ca"        },  //                      # __CFBundleLanguageNamesArray
            { "Chewa",                  "ny"        },  //                      # handle other names
            { "Chichewa",               "ny"        },  //                      # handle other names
            { "Chinese",                "zh"        },  // -Hans,-Hant?         # __CFBundleLanguageNamesArray (had 2 entries "Chinese" for "zh-Hant", "zh-Hans")
            { "Chinese, Simplified",    "zh-Hans"   },  //                      # from Installer.app Info.plist IFLanguages key
            { "Chinese, Traditional",   "zh-Hant"   },  //                      # correct spelling for below
            { "Chinese, Tradtional",    "zh-Hant"   },  //                      # from Installer.app Info.plist IFLanguages key, misspelled
            { "Croatian",               "hr"        },  //                      # __CFBundleLanguageNamesArray
            { "Czech",                  "cs"        },  //                      # __CFBundleLanguageNamesArray
            { "Danish",                 "da"        },  //                      # __CFBundleLanguageNamesArray
            { "Dutch",                  "nl"        },  //                      # __CFBundleLanguageNamesArray (had 2 entries "Dutch" for "nl", "nl-BE")
            { "Dzongkha",               "dz"        },  //                      # __CFBundleLanguageNamesArray
            { "English",                "en"        },  //                      # __CFBundleLanguageNamesArray
            { "Esperanto",              "eo"        },  //                      # __CFBundleLanguageNamesArray
            { "Estonian",               "et"        },  //                      # __CFBundleLanguageNamesArray
            { "Faroese",                "fo"        },  //                      # __CFBundleLanguageNamesArray
            { "Farsi",                  "fa"        },  //                      # __CFBundleLanguageNamesArray
            { "Finnish",                "fi"        },  //                      # __CFBundleLanguageNamesArray
            { "Flemish",                "nl-BE"     },  //                      # handle other names
            { "French",                 "fr"        },  //                      # __CFBundleLanguageNamesArray
            { "Galician",               "gl"        },  //                      # __CFBundleLanguageNamesArray
            { "Gallegan",               "gl"        },  //                      # handle other names
            { "Georgian",               "ka"        },  //                      # __CFBundleLanguageNamesArray
            { "German",                 "de"        },  //                      # __CFBundleLanguageNamesArray
            { "Greek",                  "el"        },  //                      # __CFBundleLanguageNamesArray (had 2 entries "Greek" for "el", "grc")
            { "Greenlandic",            "kl"        },  //                      # __CFBundleLanguageNamesArray
            { "Guarani",                "gn"        },  //                      # __CFBundleLanguageNamesArray
            { "Gujarati",               "gu"        },  //                      # __CFBundleLanguageNamesArray
            { "Hawaiian",               "haw"       },  //                      # handle new languages
            { "Hebrew",                 "he"        },  //                      # __CFBundleLanguageNamesArray
            { "Hindi",                  "hi"        },  //                      # __CFBundleLanguageNamesArray
            { "Hungarian",              "hu"        },  //                      # __CFBundleLanguageNamesArray
            { "Icelandic",              "is"        },  //                      # __CFBundleLanguageNamesArray
            { "Indonesian",             "id"        },  //                      # __CFBundleLanguageNamesArray
            { "Inuktitut",              "iu"        },  //                      # __CFBundleLanguageNamesArray
            { "Irish",                  "ga"        },  //                      # __CFBundleLanguageNamesArray (had 2 entries "Irish" for "ga", "ga-dots")
            { "Italian",                "it"        },  //                      # __CFBundleLanguageNamesArray
            { "Japanese",               "ja"        },  //                      # __CFBundleLanguageNamesArray
            { "Javanese",               "jv"        },  //                      # __CFBundleLanguageNamesArray
            { "Kalaallisut",            "kl"        },  //                      # handle other names
            { "Kannada",                "kn"        },  //                      # __CFBundleLanguageNamesArray
            { "Kashmiri",               "ks"        },  //                      # __CFBundleLanguageNamesArray
            { "Kazakh",                 "kk"        },  //                      # __CFBundleLanguageNamesArray
            { "Khmer",                  "km"        },  //                      # __CFBundleLanguageNamesArray
            { "Kinyarwanda",            "rw"        },  //                      # __CFBundleLanguageNamesArray
            { "Kirghiz",                "ky"        },  //                      # __CFBundleLanguageNamesArray
            { "Korean",                 "ko"        },  //                      # __CFBundleLanguageNamesArray
            { "Kurdish",                "ku"        },  //                      # __CFBundleLanguageNamesArray
            { "Lao",                    "lo"        },  //                      # __CFBundleLanguageNamesArray
            { "Latin",                  "la"        },  //                      # __CFBundleLanguageNamesArray
            { "Latvian",                "lv"        },  //                      # __CFBundleLanguageNamesArray
            { "Lithuanian",             "lt"        },  //                      # __CFBundleLanguageNamesArray
            { "Macedonian",             "mk"        },  //                      # __CFBundleLanguageNamesArray
            { "Malagasy",               "mg"        },  //                      # __CFBundleLanguageNamesArray
            { "Malay",                  "ms"        },  // -Latn,-Arab?         # __CFBundleLanguageNamesArray (had 2 entries "Malay" for "ms-Latn", "ms-Arab")
            { "Malayalam",              "ml"        },  //                      # __CFBundleLanguageNamesArray
            { "Maltese",                "mt"        },  //                      # __CFBundleLanguageNamesArray
            { "Manx",                   "gv"        },  //                      # __CFBundleLanguageNamesArray
            { "Marathi",                "mr"        },  //                      # __CFBundleLanguageNamesArray
            { "Moldavian",              "mo"        },  //                      # __CFBundleLanguageNamesArray
            { "Mongolian",              "mn"        },  // -Mong,-Cyrl?         # __CFBundleLanguageNamesArray (had 2 entries "Mongolian" for "mn-Mong", "mn-Cyrl")
            { "Nepali",                 "ne"        },  //                      # __CFBundleLanguageNamesArray
            { "Norwegian",              "nb"        },  //                      # __CFBundleLanguageNamesArray (had "Norwegian" mapping to "no")
            { "Nyanja",                 "ny"        },  //                      # __CFBundleLanguageNamesArray
            { "Nynorsk",                "nn"        },  //                      # handle other names (no entry in __CFBundleLanguageNamesArray)
            { "Oriya",                  "or"        },  //                      # __CFBundleLanguageNamesArray
            { "Oromo",                  "om"        },  //                      # __CFBundleLanguageNamesArray
            { "Panjabi",                "pa"        },  //                      # handle other names
            { "Pashto",                 "ps"        },  //                      # __CFBundleLanguageNamesArray
            { "Persian",                "fa"        },  //                      # handle other names
            { "Polish",                 "pl"        },  //                      # __CFBundleLanguageNamesArray
            { "Portuguese",             "pt"        },  //                      # __CFBundleLanguageNamesArray
            { "Portuguese, Brazilian",  "pt-BR"     },  //                      # handle other names
            { "Punjabi",                "pa"        },  //                      # __CFBundleLanguageNamesArray
            { "Pushto",                 "ps"        },  //                      # handle other names
            { "Quechua",                "qu"        },  //                      # __CFBundleLanguageNamesArray
            { "Romanian",               "ro"        },  //                      # __CFBundleLanguageNamesArray
            { "Ruanda",                 "rw"        },  //                      # handle other names
            { "Rundi",                  "rn"        },  //                      # __CFBundleLanguageNamesArray
            { "Russian",                "ru"        },  //                      # __CFBundleLanguageNamesArray
            { "Sami",                   "se"        },  //                      # __CFBundleLanguageNamesArray
            { "Sanskrit",               "sa"        },  //                      # __CFBundleLanguageNamesArray
            { "Scottish",               "gd"        },  //                      # __CFBundleLanguageNamesArray
            { "Serbian",                "sr"        },  //                      # __CFBundleLanguageNamesArray
            { "Simplified Chinese",     "zh-Hans"   },  //                      # handle other names
            { "Sindhi",                 "sd"        },  //                      # __CFBundleLanguageNamesArray
            { "Sinhalese",              "si"        },  //                      # __CFBundleLanguageNamesArray
            { "Slovak",                 "sk"        },  //                      # __CFBundleLanguageNamesArray
            { "Slovenian",              "sl"        },  //                      # __CFBundleLanguageNamesArray
            { "Somali",                 "so"        },  //                      # __CFBundleLanguageNamesArray
            { "Spanish",                "es"        },  //                      # __CFBundleLanguageNamesArray
            { "Sundanese",              "su"        },  //                      # __CFBundleLanguageNamesArray
            { "Swahili",                "sw"        },  //                      # __CFBundleLanguageNamesArray
            { "Swedish",                "sv"        },  //                      # __CFBundleLanguageNamesArray
            { "Tagalog",                "fil"       },  //                      # __CFBundleLanguageNamesArray
            { "Tajik",                  "tg"        },  //                      # handle other names
            { "Tajiki",                 "tg"        },  //                      # __CFBundleLanguageNamesArray
            { "Tamil",                  "ta"        },  //                      # __CFBundleLanguageNamesArray
            { "Tatar",                  "tt"        },  //                      # __CFBundleLanguageNamesArray
            { "Telugu",                 "te"        },  //                      # __CFBundleLanguageNamesArray
            { "Thai",                   "th"        },  //                      # __CFBundleLanguageNamesArray
            { "Tibetan",                "bo"        },  //                      # __CFBundleLanguageNamesArray
            { "Tigrinya",               "ti"        },  //                      # __CFBundleLanguageNamesArray
            { "Tongan",                 "to"        },  //                      # __CFBundleLanguageNamesArray
            { "Traditional Chinese",    "zh-Hant"   },  //                      # handle other names
            { "Turkish",                "tr"        },  //                      # __CFBundleLanguageNamesArray
            { "Turkmen",                "tk"        },  //                      # __CFBundleLanguageNamesArray
            { "Uighur",                 "ug"        },  //                      # __CFBundleLanguageNamesArray
            { "Ukrainian",              "uk"        },  //                      # __CFBundleLanguageNamesArray
            { "Urdu",                   "ur"        },  //                      # __CFBundleLanguageNamesArray
            { "Uzbek",                  "uz"        },  //                      # __CFBundleLanguageNamesArray
            { "Vietnamese",             "vi"        },  //                      # __CFBundleLanguageNamesArray
            { "Welsh",                  "cy"        },  //                      # __CFBundleLanguageNamesArray
            { "Yiddish",                "yi"        },  //                      # __CFBundleLanguageNamesArray
        """#

    func testEveryNameOfCFLocalesTableIsItsCode() throws {
        let pattern = try NSRegularExpression(pattern: #"^\s*\{ "([^"]+)",\s*"([^"]+)"\s*\}"#)
        var rows = 0
        for line in Self.cRows.split(separator: "\n").map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            let match = try XCTUnwrap(pattern.firstMatch(in: line, range: range), line)
            let name = String(line[Range(match.range(at: 1), in: line)!])
            let code = String(line[Range(match.range(at: 2), in: line)!])
            XCTAssertEqual(AppleLanguageName.code(for: name), code, name)
            XCTAssertEqual(LocaleResolver.canonical(name), code, name)
            rows += 1
        }
        XCTAssertEqual(rows, 132)
        // Matched exactly, as `strcmp` matches: a lower-case name or a code is not in the table.
        for other in ["english", "ENGLISH", "en", "fr", "Base", "Klingon", "qqq"] {
            XCTAssertNil(AppleLanguageName.code(for: other), other)
        }
    }

    /// The development region's folder, as `_CFBundleCopyLanguageFoundInLocalizations` finds it:
    /// the name itself, else another spelling of the same language.
    func testTheDevelopmentRegionFindsItsFolderInAnySpelling() {
        XCTAssertEqual(LocaleResolver.localization(named: "en", in: ["Base", "English", "French"]), "English")
        XCTAssertEqual(LocaleResolver.localization(named: "English", in: ["de", "en"]), "en")
        XCTAssertEqual(LocaleResolver.localization(named: "en", in: ["English", "en"]), "en", "the exact name first")
        XCTAssertEqual(LocaleResolver.localization(named: "en-GB", in: ["en", "en_GB"]), "en_GB")
        XCTAssertNil(LocaleResolver.localization(named: "en", in: ["Base", "en-GB", "French"]), "a region is another localization")
        XCTAssertNil(LocaleResolver.localization(named: "de", in: ["English", "French"]))
    }

    /// French `one` is 0 and 1 in CLDR (ICU's `fr` rules); a folder named French has them.
    func testPluralRulesReadTheOldNameAsItsLanguage() {
        XCTAssertEqual(PluralRules.category(of: 1, in: "French"), .one)
        XCTAssertEqual(PluralRules.category(of: 1, in: "French"), PluralRules.category(of: 1, in: "fr"))
        XCTAssertEqual(PluralRules.category(of: 3, in: "Russian"), .few)
        XCTAssertEqual(PluralRules.category(of: 1, in: "Japanese"), .other)
    }
}
