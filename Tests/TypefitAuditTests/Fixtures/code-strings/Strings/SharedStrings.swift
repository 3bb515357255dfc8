import Foundation

// The app's English, as apps that keep it in code write it: NSLocalizedString's value: is what the
// development language shows, and what a translation that lacks the key falls back to.
extension Strings {
    public static let privacyTitle = NSLocalizedString(
        "Privacy.Title", tableName: "Shared", bundle: .module,
        value: "Protection and privacy",
        comment: "Title of the privacy screen")
    public static let turnOff = NSLocalizedString(
        "Privacy.TurnOff", tableName: "Shared", bundle: .module,
        value: "Turn off all protections",
        comment: "Button that turns every protection off for the current site")
}
