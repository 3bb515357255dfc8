/// The platforms an Xcode project's app target builds for, as its project file's build settings say
/// (`SUPPORTED_PLATFORMS`, else `SDKROOT`), looked up as Xcode does: the target's configuration, then
/// the project's configuration of the same name. A setting an `.xcconfig` may give is not read, so a
/// platform the project file alone does not tell is `.unknown`, never guessed.
///
/// `typefit init` reads it to say when an app is built for macOS only: there "the Dynamic Type size
/// cannot be changed by users and does not affect the text size" (Apple's documentation of SwiftUI's
/// `EnvironmentValues.dynamicTypeSize`), so an audit of iPhone screens at the 12 text sizes describes
/// screens that app does not have.
public enum AppTargetPlatform: Equatable, Sendable {
    /// Every configuration builds for macOS only (`SDKROOT = macosx`, or `SUPPORTED_PLATFORMS = macosx`).
    case macOSOnly
    /// A configuration builds for another platform too (iOS, iPadOS, Mac Catalyst, visionOS, …).
    case other
    /// The project file does not tell (an `.xcconfig`, `SDKROOT = auto` alone, a `$(…)` value).
    case unknown

    /// An app target of a project: its name and platform.
    public struct Target: Equatable, Sendable {
        public var name: String
        public var platform: AppTargetPlatform
    }

    /// The app targets (`com.apple.product-type.application`) of the project whose objects are
    /// `objects` and root object `root`, in the project's order.
    static func appTargets(objects: [String: OpenStepPropertyList], root: OpenStepPropertyList) -> [Target] {
        let projectConfigurations = configurations(root["buildConfigurationList"]?.string, in: objects)
        return (root["targets"]?.array ?? []).compactMap { id -> Target? in
            guard let target = id.string.flatMap({ objects[$0] }), target["isa"]?.string == "PBXNativeTarget",
                target["productType"]?.string == "com.apple.product-type.application"
            else { return nil }
            let own = configurations(target["buildConfigurationList"]?.string, in: objects)
            let platforms = own.map { configuration in
                resolve(configuration, project: projectConfigurations.first { $0["name"]?.string == configuration["name"]?.string })
            }
            // One configuration for another platform makes the app not a Mac app only; every one
            // for macOS does; anything untold leaves it unknown.
            let platform: AppTargetPlatform
            if platforms.contains(.other) {
                platform = .other
            } else if !platforms.isEmpty && platforms.allSatisfy({ $0 == .macOSOnly }) {
                platform = .macOSOnly
            } else {
                platform = .unknown
            }
            return Target(name: target["name"]?.string ?? "", platform: platform)
        }
    }

    /// The build configurations (`XCBuildConfiguration`) of a configuration list.
    private static func configurations(_ list: String?, in objects: [String: OpenStepPropertyList]) -> [OpenStepPropertyList] {
        guard let list, let ids = objects[list]?["buildConfigurations"]?.array else { return [] }
        return ids.compactMap { $0.string.flatMap { objects[$0] } }
    }

    /// What a setting resolves to in a target's configuration: its words; `unset` when neither the
    /// target's nor the project's configuration sets it and neither has an `.xcconfig` that could;
    /// `untold` when an `.xcconfig` could, or its value is a `$(…)` reference.
    private enum Setting { case words([String]), unset, untold }

    private static func setting(_ key: String, _ configuration: OpenStepPropertyList, project: OpenStepPropertyList?) -> Setting {
        for c in [configuration, project].compactMap({ $0 }) {
            if let value = c["buildSettings"]?[key] {
                let words =
                    value.string.map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? value.array?.compactMap(\.string)
                guard let words, !words.isEmpty, !words.contains(where: { $0.contains("$") }) else { return .untold }
                return .words(words)
            }
            // An .xcconfig under this level may set it.
            if c["baseConfigurationReference"] != nil { return .untold }
        }
        return .unset
    }

    private static func resolve(_ configuration: OpenStepPropertyList, project: OpenStepPropertyList?) -> AppTargetPlatform {
        switch setting("SUPPORTED_PLATFORMS", configuration, project: project) {
        case .words(let platforms): return platforms.allSatisfy { $0 == "macosx" } ? .macOSOnly : .other
        case .untold: return .unknown
        case .unset: break
        }
        switch setting("SDKROOT", configuration, project: project) {
        case .words(let sdk) where sdk == ["macosx"]: return .macOSOnly
        case .words(let sdk) where sdk != ["auto"]: return .other
        default: return .unknown
        }
    }
}
