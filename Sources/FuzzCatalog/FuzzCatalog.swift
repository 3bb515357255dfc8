// libFuzzer target: the String Catalog reader on arbitrary bytes, then every key resolved in every locale
// (plus a locale the catalog lacks and the four pseudolocales).
//
// Built only by scripts/fuzz.sh; see docs/fuzzing.md. The only acceptable failure is a thrown `InputError`.
import Foundation
import TypefitCore
import TypefitStrings

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let strings = try LocalizedStrings.parseCatalog(bytes: bytes, file: "fuzz.xcstrings")
        for key in strings.keys {
            for locale in strings.locales + ["xx-unknown"] {
                guard let variants = strings.variants(key: key, locale: locale) else {
                    fatalError("a listed key has no variants: \(key)")
                }
                for v in variants { _ = v.label; _ = v.text.unicodeScalars.count }
            }
        }
        for locale in strings.locales { _ = strings.untranslatedKeys(locale: locale) }
        let pseudo = strings.addingPseudolocales(Pseudolocale.allCases)
        for key in pseudo.keys {
            for p in Pseudolocale.allCases { _ = pseudo.variants(key: key, locale: p.localeName) }
        }
        _ = pseudo.problems.map(\.description)
    } catch is InputError {
    } catch {
        fatalError("parseCatalog threw something other than an InputError: \(error)")
    }
    return 0
}
