import Foundation

/// Runs the built `typefit` executable for the command-line tests (exit codes, messages, report files).
enum TypefitCommand {
    /// The `typefit` built with these tests (next to the test bundle), else the default build folders.
    static let binary: URL = {
        var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("typefit")]
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("typefit"))
        }
        candidates += ["debug", "release"].map { AuditTests.root.appendingPathComponent(".build/\($0)/typefit") }
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        } ?? candidates[0]
    }()

    /// Runs `typefit args` in `directory` with `environment` added to the test's own (minus
    /// `GITHUB_STEP_SUMMARY`, so a CI runner's summary file is never written), feeding `stdin`.
    static func run(
        _ args: [String], in directory: URL, environment: [String: String] = [:],
        stdin: String? = nil
    ) throws -> (code: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_STEP_SUMMARY"] = nil
        env.merge(environment) { $1 }
        p.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        input.fileHandleForWriting.closeFile()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
