// libFuzzer target: the `.strings` parser and the `.stringsdict` reader on arbitrary bytes, then the
// variants of every key resolved with the `.strings` entries as the source language (en) and as a
// translation (fr), and the `.stringsdict` entries as another translation (de) — so format
// specifiers, substitutions and plural rules of hostile files meet the resolver. The same bytes are
// scanned as Swift code for NSLocalizedString calls (`CodeLocalizedStrings`).
//
// Built only by scripts/fuzz.sh; see docs/fuzzing.md. The only acceptable failure is a thrown `InputError`.
//
// `FuzzStrings --make-seeds DIR CATALOG...` writes a `.strings` file per catalog and locale (and a
// UTF-16 copy of the first) as seeds; scripts/fuzz.sh calls it.
import Foundation
import TypefitCore

@testable import TypefitStrings

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var table = RawStringTable(file: "fuzz.lproj", sourceLanguage: "en")
    for call in CodeLocalizedStrings.scan(bytes, file: "fuzz.swift") {
        precondition(call.line >= 1 && call.line <= bytes.count + 1, "a call's line is in the file")
        _ = call.value?.unicodeScalars.count
    }
    do {
        let entries = try StringsFileParser.parse(bytes: bytes, file: "en.lproj/Localizable.strings")
        table.locales.formUnion(["en", "fr"])
        for e in entries {
            let unit = RawLocalization(node: .unit(RawUnit(value: e.value)))
            table.entries[e.key, default: RawEntry()].localizations["en"] = unit
            table.entries[e.key, default: RawEntry()].localizations["fr"] = unit
        }
    } catch is InputError {
    } catch {
        fatalError("StringsFileParser threw something other than an InputError: \(error)")
    }
    do {
        let (dict, problems) = try StringsDictReader.read(bytes: bytes, file: "de.lproj/Localizable.stringsdict", locale: "de")
        table.locales.insert("de")
        table.problems += problems
        for (key, localization) in dict {
            table.entries[key, default: RawEntry()].localizations["de"] = localization
        }
    } catch is InputError {
    } catch {
        fatalError("StringsDictReader threw something other than an InputError: \(error)")
    }
    guard !table.entries.isEmpty else { return 0 }
    let strings = LocalizedStrings(raw: table, samples: .default)
    for key in strings.keys {
        for locale in strings.locales + ["pseudo-double"] {
            for v in strings.variants(key: key, locale: locale) ?? [] { _ = v.label; _ = v.text.unicodeScalars.count }
        }
    }
    _ = strings.problems.map(\.description)
    return 0
}

/// `.strings` seeds from String Catalogs: one file per catalog and locale.
func makeSeeds(_ arguments: [String]) -> CInt {
    guard let dir = arguments.first else { return 2 }
    var written = 0
    for path in arguments.dropFirst() {
        guard let strings = try? LocalizedStrings.loadCatalog(path: path) else { continue }
        let name = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        for locale in strings.locales {
            var text = "/* \(name) — \(locale) */\n"
            for key in strings.keys {
                guard let v = strings.variants(key: key, locale: locale)?.first else { continue }
                text += "\"\(escape(key))\" = \"\(escape(v.format))\";\n"
            }
            let file = "\(dir)/\(name)-\(locale).strings"
            if written == 0 {
                // One UTF-16 little-endian file with a byte-order mark, as Xcode used to write them.
                var utf16: [UInt8] = [0xFF, 0xFE]
                for u in text.utf16 { utf16 += [UInt8(u & 0xFF), UInt8(u >> 8)] }
                FileManager.default.createFile(atPath: "\(dir)/\(name)-\(locale)-utf16.strings", contents: Data(utf16))
            }
            FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
            written += 1
        }
    }
    print("FuzzStrings: wrote \(written) .strings seeds to \(dir)")
    return 0
}

func escape(_ s: String) -> String {
    var out = ""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}

// MARK: - Start-up

/// libFuzzer calls this once before fuzzing; `--make-seeds` is handled here and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    let count = Int(argc.pointee)
    let arguments = (0..<count).compactMap { argv.pointee?[$0].map { String(cString: $0) } }
    if arguments.count > 1 && arguments[1] == "--make-seeds" { exit(makeSeeds(Array(arguments.dropFirst(2)))) }
    return 0
}
