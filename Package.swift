// swift-tools-version:6.0
// typefit — audit iOS screens for Dynamic Type text sizes with real fonts.
//
// Module arrows point one way (each line depends only on lines above it):
//   TypefitCore      vocabulary: Dynamic Type tables, categories, styles, diagnostics
//   TypefitSpec      screen specs (YAML)            → Core
//   TypefitStrings   String Catalogs, .strings, string tables, locale resolution → Core, CTypefitLocales
//   TypefitText      Unicode analysis through ICU   → Core
//   TypefitShaping   fonts, fallback, HarfBuzz      → Text
//   TypefitLayout    line breaking, truncation, measurement → Shaping
//   TypefitAudit     lays out screens (ScreenLayouter, StateAuditor); the typed finding (Finding,
//                    Finding.Scope); one file per rule with its description, examples and check
//                    (Rules/<Name>Rule.swift, at the granularity of TextCheck, ScreenCheck, LocaleCheck
//                    or SpecCheck); problems, baseline, budgets, screen pictures → Spec, Strings, Layout
//   TypefitReport    one file per reporter (<Format>Reporter.swift), budget formats → Audit
//   typefit          the command line (only it imports ArgumentParser)
//   TypefitBench     the benchmark's profiler (an EngineObserver), HarfBuzz lower bound and scripted
//                    measurements' targets → Report; typefit-bench prints the README's numbers with it
import PackageDescription

let package = Package(
    name: "typefit",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "typefit", targets: ["typefit"]),
        .plugin(name: "TypefitPlugin", targets: ["TypefitPlugin"]),
        .library(name: "TypefitKit", targets: ["TypefitAudit", "TypefitReport", "TypefitLayout"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1")
    ],
    targets: [
        // C libraries, found by pkg-config.
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(
            name: "CICU", pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        // ICU renames every symbol per version (ubrk_open → ubrk_open_72); this shim gives stable names.
        .target(name: "CTypefitICU", dependencies: ["CICU"]),
        // Apple's localization matcher (Bundle.preferredLocalizations) and CLDR plural rules, from the
        // toolchain's Foundation ICU.
        .target(
            name: "CTypefitLocales",
            linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),

        // A lock-free cache of which code points each font face maps to a glyph (C11 atomics).
        .target(name: "CTypefitCoverage"),
        // SHA-256's compression function with the x86 SHA extensions, for the font checksums.
        .target(name: "CTypefitSHA256"),

        .target(name: "TypefitCore"),
        .target(name: "TypefitSpec", dependencies: ["TypefitCore", .product(name: "Yams", package: "Yams")]),
        .target(name: "TypefitStrings", dependencies: ["TypefitCore", "CTypefitLocales"]),
        .target(name: "TypefitText", dependencies: ["TypefitCore", "CTypefitICU"]),
        .target(name: "TypefitShaping", dependencies: ["TypefitText", "CHarfBuzz", "CFreeType", "CTypefitCoverage", "CTypefitSHA256"]),
        .target(name: "TypefitLayout", dependencies: ["TypefitShaping"]),
        .target(name: "TypefitAudit", dependencies: ["TypefitSpec", "TypefitStrings", "TypefitLayout"]),
        .target(name: "TypefitReport", dependencies: ["TypefitAudit"]),
        .executableTarget(
            name: "typefit",
            dependencies: [
                "TypefitReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),

        // `swift package typefit`: runs the audit from an app's package (docs/reports.md).
        .plugin(
            name: "TypefitPlugin",
            capability: .command(intent: .custom(verb: "typefit", description: "Audit Specs/ for Dynamic Type with typefit")),
            dependencies: ["typefit"]),

        // The benchmark (docs: README "Performance"); not part of the tool.
        // The benchmark: its profiler and HarfBuzz lower bound (the engine only offers an observer
        // hook, `EngineObserver`), and the executable that prints the README's numbers.
        .target(name: "TypefitBench", dependencies: ["TypefitReport", "CHarfBuzz"]),
        .executableTarget(name: "typefit-bench", dependencies: ["TypefitBench", "TypefitStrings"]),

        .testTarget(name: "TypefitTextTests", dependencies: ["TypefitText"], exclude: ["Fixtures"]),
        .testTarget(name: "TypefitLayoutTests", dependencies: ["TypefitLayout"], exclude: ["Fixtures"]),
        .testTarget(name: "TypefitSpecTests", dependencies: ["TypefitSpec"]),
        .testTarget(name: "TypefitStringsTests", dependencies: ["TypefitStrings"], exclude: ["Fixtures"]),
        .testTarget(name: "TypefitAuditTests", dependencies: ["TypefitAudit", "TypefitReport"], exclude: ["Fixtures"]),
        .testTarget(name: "TypefitBenchTests", dependencies: ["TypefitBench"])
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (docs/fuzzing.md): declared only when TYPEFIT_FUZZ is set, so `swift build` and
// `swift test` never see them. scripts/fuzz.sh builds them with --sanitize fuzzer --sanitize address.
if Context.environment["TYPEFIT_FUZZ"] != nil {
    package.targets += [
        .executableTarget(name: "FuzzSpec", dependencies: ["TypefitSpec"], path: "Sources/FuzzSpec"),
        .executableTarget(name: "FuzzCatalog", dependencies: ["TypefitStrings"], path: "Sources/FuzzCatalog"),
        .executableTarget(name: "FuzzStrings", dependencies: ["TypefitStrings"], path: "Sources/FuzzStrings"),
        .executableTarget(name: "FuzzMeasure", dependencies: ["TypefitLayout"], path: "Sources/FuzzMeasure")
    ]
}
