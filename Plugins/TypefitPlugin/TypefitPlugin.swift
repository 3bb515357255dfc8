import Foundation
import PackagePlugin

/// `swift package typefit [audit options]` — runs `typefit audit` from an app's package.
///
/// Arguments are passed to `typefit audit` unchanged; with no path argument the package's `Specs`
/// folder is audited. Writing report files needs `--allow-writing-to-package-directory`.
@main
struct TypefitPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "typefit")
        var args = ["audit"] + arguments
        let hasPath = arguments.contains { !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0) }
        if !hasPath { args.insert(context.package.directoryURL.appendingPathComponent("Specs").path, at: 1) }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = args
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("typefit audit exited with \(process.terminationStatus) (1 = failing findings, 2 = invalid input)")
            throw TypefitPluginError(status: process.terminationStatus)
        }
    }
}

struct TypefitPluginError: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "typefit audit failed with exit code \(status)" }
}
