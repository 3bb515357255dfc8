import Foundation
import TypefitCore

/// A project's `.typefit.yml` (docs/config.md): the audit's defaults for one app repository, found
/// from the working folder upward like `.swiftlint.yml`. Command-line flags override each setting.
///
/// Paths in the file are relative to the folder that holds it; the loader resolves them, so every
/// path here is usable from any working folder.
public struct ProjectConfig: Sendable, Equatable {
    /// The file's name, searched for from the working folder upward.
    public static let fileName = ".typefit.yml"

    /// The `.typefit.yml` file itself.
    public var file: String
    /// The oldest typefit version the project accepts (`minimumVersion`).
    public var minimumVersion: String?
    /// Spec files or folders (`specs`), resolved.
    public var specs: [String]?
    /// Where each of `specs` is written in the file, in the same order.
    public var specLocations: [SourceLocation] = []
    /// Spec files or folders left out (`exclude`), resolved.
    public var exclude: [String] = []
    /// Where each `exclude` entry is written.
    public var excludeLocations: [SourceLocation] = []
    public var locales: [String]?
    /// Where each of `locales` is written in the file, in the same order.
    public var localeLocations: [SourceLocation] = []
    public var categories: [ContentSizeCategory]?
    public var devices: [String]?
    /// Where each of `devices` is written in the file, in the same order.
    public var deviceLocations: [SourceLocation] = []
    /// Pseudolocale identifiers (`pseudo-double` …), checked by the loader.
    public var pseudolocales: [String]?
    /// Severity per rule for every screen; a spec's own `severity:` wins.
    public var severity: [String: SeverityLevel] = [:]
    /// The baseline file, resolved.
    public var baseline: String?
    /// Where `baseline` is written in the file.
    public var baselineLocation: SourceLocation?
    /// Reports: format and resolved path (nil: standard output).
    public var reports: [Report] = []
    /// Where each of `reports` is written in the file, in the same order.
    public var reportLocations: [SourceLocation] = []
    /// Font folders searched before the bundled fonts, resolved.
    public var fontDirectories: [String] = []
    /// Where each of `fontDirectories` is written in the file, in the same order.
    public var fontDirectoryLocations: [SourceLocation] = []
    /// Warnings fail the run too.
    public var strict: Bool?
    /// Findings accepted for one element, with a reason.
    public var waivers: [Waiver] = []

    public struct Report: Sendable, Equatable {
        public var format: String
        public var path: String?
        public init(format: String, path: String?) {
            self.format = format
            self.path = path
        }
    }

    public init(file: String) { self.file = file }

    /// The nearest `.typefit.yml` in `folder` or a folder above it, or nil.
    public static func find(from folder: String = FileManager.default.currentDirectoryPath) -> String? {
        var dir = URL(fileURLWithPath: folder).standardizedFileURL
        while true {
            let candidate = dir.appendingPathComponent(fileName).path
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDir), !isDir.boolValue { return candidate }
            let parent = dir.deletingLastPathComponent()
            if parent.path == dir.path { return nil }
            dir = parent
        }
    }

    /// Whether `version` (e.g. 0.1.0) is at least `minimum` (numeric components compared in order).
    public static func version(_ version: String, isAtLeast minimum: String) -> Bool {
        let a = version.split(separator: ".").map { Int($0) ?? 0 }, b = minimum.split(separator: ".").map { Int($0) ?? 0 }
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : 0, y = i < b.count ? b[i] : 0
            if x != y { return x > y }
        }
        return true
    }
}
