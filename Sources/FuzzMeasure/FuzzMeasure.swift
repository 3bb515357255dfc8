// libFuzzer target: `TextEngine.measure` (request validation, analysis, fallback, shaping, line breaking,
// truncation) on arbitrary Unicode with every bundled font.
//
// Built only by scripts/fuzz.sh; see docs/fuzzing.md. Input layout (8 header bytes, then the text):
//
//   0 font       0 = the system font stand-in; 1…N = the N bundled font files (sorted by name);
//                N+1 = a family name; N+2 = a missing file
//   1 face       < 0xE0: face 0…9 of a collection (ignored for single fonts), bit 6 adds a second font;
//                0xE0…0xEF: a `wght` variation (static fonts reject it); ≥ 0xF0: raw face index 0…15
//   2 size       1…100.5 pt in half points, 100…970 pt, edge sizes, then invalid ones (0, −0, NaN, ∞, 1e308…)
//   3 width      unlimited, 2.5…497.5 pt, 0…39 pt, then edge and invalid widths
//   4 lines      0…5, 0…49, then −1, 100000, 100001, Int.max, Int.min
//   5 mode       lineBreak (6 modes and a bogus one) × tracking (default, system, none, bogus) × lineHeight
//   6 locale     one of `locales` (every script of the bundled fonts, and hostile tags)
//   7 style      bit 7: text style + category instead of size (bit 2: and a size too); else a weight
//   8… text      decoded as UTF-8, lossily
//
// The only acceptable failures are thrown `InputError`s and `MeasureRequestError`s. A result must not lie:
// every number finite and non-negative, no more lines shown than the limit, and without truncation or a
// limit, one shown line per needed line.
//
// `FuzzMeasure --make-seeds DIR SAMPLES.tsv` writes seeds in this layout from the HarfBuzz sample texts
// (Tests/TypefitLayoutTests/Fixtures/hb-shape/samples.tsv); scripts/fuzz.sh calls it.
import Foundation
import TypefitCore
import TypefitLayout
import TypefitShaping

let fontsDirectory = FontLibrary.bundledDirectory() ?? FileManager.default.currentDirectoryPath + "/Fonts"
let fontFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: fontsDirectory)) ?? [])
    .filter { ["otf", "ttf", "ttc", "otc"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
/// Naive mode: no shape or paragraph cache, so memory stays flat over millions of inputs.
let engine = TextEngine(fontDirectories: [], bundledFonts: fontsDirectory, cachePolicy: .disabled)

let locales = [
    "en", "de", "fr", "es", "pl", "tr", "vi", "ru", "uk", "bg", "el", "hy", "ka", "am", "ar", "fa", "ur", "he",
    "hi", "mr", "bn", "pa", "gu", "ta", "te", "kn", "ml", "si", "th", "lo", "km", "my", "ja", "ko",
    "zh-Hans", "zh-Hant", "zh-HK", "und", "", "ja@lb=loose", "th-TH-u-nu-thai", "pseudo-rtl", "x-@@@",
    "de\u{0}x", String(repeating: "a-", count: 150)
]
let sizes: [Double] = [1000, 0.01, 999.99, 20, 19.99, 17, 11, 53, 1e-3, 0.5]
let invalidSizes: [Double] = [
    0, -0.0, -1, .nan, .infinity, -.infinity, 1000.0001, 1e308, -1e308,
    .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e6, 4000, 100_001, -.nan, 5000
]
let widths: [Double] = [0, -1, .nan, .infinity, 100_000, 100_000.1, 1e308, -0.0, 0.001, 1e-300, 5000, 1, 2, 3, 10_000, 99_999]
let lineCounts = [-1, 100_000, 100_001, Int.max, Int.min, 1000]
let modes = ["word", "char", "clip", "truncate-tail", "truncate-head", "truncate-middle", "truncate"]
let trackings: [String?] = [nil, "system", "none", "bogus"]
let lineHeights: [LineHeightValue?] = [
    nil, .leading, .points(1), .points(20), .points(0), .points(-1), .points(.nan), .points(4000), .points(4000.1)
]
let weights: [String?] = [nil, "ultraLight", "light", "regular", "semibold", "bold", "black", "1"]
let categoryNames = ContentSizeCategory.allNames + ["AX9"]
let styleNames = TextStyle.allCases.map(\.rawValue) + ["bogusStyle"]

func request(_ b: [UInt8]) -> MeasureRequest {
    var r = MeasureRequest(text: String(decoding: b.dropFirst(8), as: UTF8.self))
    let fontIndex = Int(b[0]) % (fontFiles.count + 3)
    var isCollection = false
    if fontIndex >= 1 && fontIndex <= fontFiles.count {
        let file = fontFiles[fontIndex - 1]
        r.font = [fontsDirectory + "/" + file]
        isCollection = file.hasSuffix(".ttc") || file.hasSuffix(".otc")
    } else if fontIndex == fontFiles.count + 1 {
        r.font = ["Noto Sans Arabic"]
    } else if fontIndex == fontFiles.count + 2 {
        r.font = [fontsDirectory + "/Missing-Regular.ttf"]
    }
    switch b[1] {
    case ..<0xE0:
        if isCollection { r.faceIndex = Int(b[1] % 10) }
        if b[1] & 0x40 != 0, r.font != nil { r.font!.append("Noto Sans CJK JP") }
    case ..<0xF0: r.variations = "wght=\(Int(b[1] & 0x0F) * 50 + 100)"
    default: r.faceIndex = Int(b[1] & 0x0F)
    }
    switch b[2] {
    case ..<200: r.size = 1 + Double(b[2]) * 0.5
    case ..<230: r.size = 100 + Double(b[2] - 200) * 30
    case ..<240: r.size = sizes[Int(b[2] - 230)]
    default: r.size = invalidSizes[Int(b[2] - 240)]
    }
    switch b[3] {
    case 0: r.width = nil
    case ..<200: r.width = Double(b[3]) * 2.5
    case ..<240: r.width = Double(b[3] - 200)
    default: r.width = widths[Int(b[3] - 240)]
    }
    switch b[4] {
    case ..<200: r.lines = Int(b[4] % 6)
    case ..<250: r.lines = Int(b[4] - 200)
    default: r.lines = lineCounts[Int(b[4] - 250)]
    }
    r.lineBreak = modes[Int(b[5]) % modes.count]
    r.tracking = trackings[Int(b[5]) / modes.count % trackings.count]
    r.lineHeight = lineHeights[Int(b[5]) / (modes.count * trackings.count) % lineHeights.count]
    r.locale = locales[Int(b[6]) % locales.count]
    if b[7] & 0x80 != 0 {
        r.style = styleNames[Int(b[7] >> 3 & 0x0F) % styleNames.count]
        r.category = categoryNames[Int(b[2]) % categoryNames.count]
        if b[7] & 0x04 == 0 { r.size = nil }
    } else {
        r.weight = weights[Int(b[7] & 0x07)]
    }
    return r
}

/// `what` is only built when the check fails (describing a result of a thousand lines is not cheap).
func check(_ ok: Bool, _ what: @autoclosure () -> String, _ r: MeasureRequest) {
    if !ok { fatalError("measure lied: \(what()) for \(r)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 8 else { return 0 }
    let r = request(Array(UnsafeBufferPointer(start: data, count: size)))
    do {
        let m = try engine.measure(r)
        for v in [m.size, m.naturalWidth, m.width, m.height, m.lineHeight] + m.lines.map(\.width) {
            check(v.isFinite && v >= 0, "a negative or non-finite number: \(v) in \(m)", r)
        }
        let limit = r.lines ?? 0
        check(limit == 0 || m.lines.count <= limit, "more lines than numberOfLines", r)
        if !m.truncated && limit == 0 { check(m.lines.count == m.lineCount, "lines shown ≠ lines needed", r) }
        check(m.truncated == false || limit > 0, "truncated without a line limit", r)
    } catch is InputError {
    } catch is MeasureRequestError {
    } catch {
        fatalError("measure threw something other than InputError/MeasureRequestError: \(error)")
    }
    return 0
}

/// Seeds from the HarfBuzz sample texts: each sample in its font and language, three ways.
func makeSeeds(_ arguments: [String]) -> CInt {
    guard arguments.count == 2, let tsv = try? String(contentsOfFile: arguments[1], encoding: .utf8) else { return 2 }
    var written = 0
    for row in tsv.split(separator: "\n") where !row.hasPrefix("#") {
        let f = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count >= 7, let font = fontFiles.firstIndex(of: f[1]) else { continue }
        let locale = locales.firstIndex(of: f[3]) ?? 0
        let face = UInt8(Int(f[2]) ?? 0)
        // (size, width, lines, mode): 17 pt unlimited; 17 pt in 100 pt on 1 line, tail; 40 pt in 50 pt on 2 lines, middle.
        for (i, header) in [[32, 0, 0, 0], [32, 40, 1, 3], [78, 20, 2, 5]].enumerated() {
            let bytes = [UInt8(font + 1), face] + header.map(UInt8.init) + [UInt8(locale), 0] + Array(f[6].utf8)
            FileManager.default.createFile(atPath: "\(arguments[0])/\(f[0])-\(i)", contents: Data(bytes))
            written += 1
        }
    }
    print("FuzzMeasure: wrote \(written) seeds to \(arguments[0])")
    return 0
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
