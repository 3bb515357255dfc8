/// What a strings table of `.lproj` folders is for, as `typefit init` decides which table to start
/// a first spec from: one rule for the search (`StringsSearch`), the table `--strings FOLDER` reads
/// (`Init.defaultTable`) and the "other tables" note, so the three never disagree.
public enum TableRole: Equatable, Sendable {
    /// A screen's text: a table to start from.
    case screen
    /// The Info.plist's keys (`TableName.isInfoPlist`): the app's name and permission prompts.
    case infoPlist
    /// It translates a storyboard or XIB in `Base.lproj`, whose text typefit does not read.
    case interface
    /// It translates an intent definition in `Base.lproj`: Siri's, the Shortcuts app's and a
    /// widget's settings sheet's strings.
    case intents
    /// Its name says VoiceOver speaks its strings (`SpokenName`): Rocket.Chat's `VoiceOver`.
    case spoken

    /// The role of `table`, checked in this order: Info.plist, storyboard or XIB, intent definition,
    /// spoken, else a screen's.
    public static func of(_ table: String, translatesInterface: Bool, translatesIntents: Bool) -> TableRole {
        if TableName.isInfoPlist(table) { return .infoPlist }
        if translatesInterface { return .interface }
        if translatesIntents { return .intents }
        if SpokenName.saysSpoken(table) { return .spoken }
        return .screen
    }
}
