import Foundation
import PackagePlugin

/// `swift package typefit [audit options]` — runs `typefit audit` from an app's package.
///
/// Arguments are passed to `typefit audit` unchanged. With no path argument the package's
/// `.typefit.yml` says what to audit, or, without one, its `Specs` folder. The bundled stand-in fonts
/// are found in the typefit package itself (this package, or the app's dependency on it), so no
/// environment variable is needed. Writing report files needs `--allow-writing-to-package-directory`.
@main
struct TypefitPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "typefit")
        var args = ["audit"] + arguments
        let packageDir = context.package.directoryURL
        let fm = FileManager.default
        let hasPath = arguments.contains { !$0.hasPrefix("-") && fm.fileExists(atPath: $0) }
        let hasConfig = fm.fileExists(atPath: packageDir.appendingPathComponent(".typefit.yml").path)
        if !hasPath && !hasConfig { args.insert(packageDir.appendingPathComponent("Specs").path, at: 1) }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = args
        process.currentDirectoryURL = packageDir
        var environment = ProcessInfo.processInfo.environment
        if environment["TYPEFIT_FONTS"] == nil, let fonts = Self.bundledFonts(context.package) {
            environment["TYPEFIT_FONTS"] = fonts.path
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("typefit audit exited with \(process.terminationStatus) (1 = failing findings, 2 = invalid input)")
            throw TypefitPluginError(status: process.terminationStatus)
        }
    }

    /// The `Fonts` folder of the typefit package: this package when it is typefit, else the first
    /// dependency (breadth first) that holds `Fonts/manifest.json` and vends the `typefit` tool.
    static func bundledFonts(_ root: Package) -> URL? {
        var queue = [root], seen = Set<String>()
        while !queue.isEmpty {
            let package = queue.removeFirst()
            guard seen.insert(package.id).inserted else { continue }
            let fonts = package.directoryURL.appendingPathComponent("Fonts")
            let vendsTool = package.products.contains { $0.name == "typefit" }
            if vendsTool && FileManager.default.fileExists(atPath: fonts.appendingPathComponent("manifest.json").path) { return fonts }
            queue += package.dependencies.map(\.package)
        }
        return nil
    }
}

struct TypefitPluginError: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "typefit audit failed with exit code \(status)" }
}
