import TypefitCore
import TypefitSpec
import TypefitStrings

/// The localizations of an `.lproj` table that the app's build leaves out, as the project nearest
/// the strings says: an XcodeGen `project.yml`'s `excludes` (`XcodeGenProject`), or an Xcode project
/// that builds the table in other languages only (`XcodeProject`). Named as their folders are
/// (`bg_BG`). Never the development language: its text shows wherever a translation lacks a key,
/// and a run that left it out would check no source text.
public struct UnshippedLocalizations: Sendable, Equatable {
    /// Excluded by the XcodeGen spec's target sources; sorted.
    public var excludedFromBuild: [String] = []
    /// Not built by the Xcode project; sorted.
    public var notInXcodeProject: [String] = []
    /// The String Catalog of the same table beside the `.lproj` folders (absolute) that the Xcode
    /// project builds in place of every one of them (`XcodeProject.catalogReplacing`): then no
    /// localization of the folders ships, and reading them would check strings the app never shows.
    public var replacedByCatalog: String?

    /// Every one of them.
    public var all: Set<String> { Set(excludedFromBuild).union(notInXcodeProject) }

    /// Those of `table` in the folder of `.lproj` folders `folder`, whose development language is
    /// `developmentLanguage`.
    public init(table: String, in folder: String, developmentLanguage: String) {
        let source = LocaleResolver.canonical(developmentLanguage)
        let shipsAnyway = { (name: String) in LocaleResolver.canonical(name) == source }
        // One walk up to the nearest project; its folder holds the XcodeGen spec or the Xcode projects.
        guard let (projectFolder, names) = NearestProject.projectFolder(from: folder) else { return }
        if let project = XcodeGenProject.inProjectFolder(projectFolder, names: names) {
            excludedFromBuild = project.localizationsExcluded(table: table, in: folder).filter { !shipsAnyway($0) }
        }
        let projects = XcodeProject.inProjectFolder(projectFolder, names: names)
        notInXcodeProject = XcodeProject.localizationsNotBuilt(table: table, in: folder, by: projects).filter { !shipsAnyway($0) }
        replacedByCatalog = XcodeProject.catalogReplacing(table: table, in: folder, by: projects)
    }
}
