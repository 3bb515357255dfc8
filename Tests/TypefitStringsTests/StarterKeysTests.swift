import XCTest

@testable import TypefitStrings

/// The keys `typefit init` lists in a first spec. Key names are real: Pocket Casts
/// (Automattic/pocket-casts-ios c23892d1, podcasts/en.lproj), DuckDuckGo (duckduckgo/iOS,
/// DuckDuckGo/en.lproj) and Element X (ElementX/Resources/Localizations/en.lproj).
final class StarterKeysTests: XCTestCase {
    /// The `.lproj` table of a folder holding `en.lproj/Localizable.strings` alone, with `text`.
    func englishTable(_ text: String) throws -> LocalizedStrings {
        let root = try Fixtures.temporaryFolder(self)
        let en = root.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: en, withIntermediateDirectories: true)
        try text.write(to: en.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        return try LocalizedStrings.load(path: root.path)
    }

    func testKeysNamedForVoiceOver() {
        for key in [
            "accessibility_percent_complete_format", "accessibility_playback_progress", "clips_start_time_accessibility_label",
            "clips_shareable_media_a11y_label", "tab.switcher.accessibility.label", "voiceover.suggestion.type.bookmark",
            "a11y_add_avatar", "playButtonAccessibilityHint", "AccessibilityValueVolume", "VoiceOver", "playButtonVoiceOverHint"
        ] {
            XCTAssertTrue(LocalizedStrings.namesSpokenText(key), key)
        }
        for key in [
            "settings.accessibility", "about_acknowledgements", "Settings_files_add_up_next_subtitle",
            "dax.onboarding.home.add.favorite.accessible",
            "action.generic.edit", "inaccessible_label", "a11yless", "voice.settings.over_limit", "VoiceMemoOverview"
        ] {
            XCTAssertFalse(LocalizedStrings.namesSpokenText(key), key)
        }
    }

    /// In `.lproj` tables the keys named for VoiceOver are left out and counted; a String Catalog key
    /// that is its own text ("Accessibility label", a row's title) is kept.
    func testAFirstSpecLeavesOutKeysNamedForVoiceOver() throws {
        let folder = try englishTable(
            #"""
            "about_acknowledgements" = "Acknowledgements";
            "accessibility_percent_complete_format" = "%1$@ percent completed";
            "settings.accessibility" = "Accessibility";
            "a11y_avatar" = "Avatar";
            "%@ is typing" = "%@ is typing";
            """#
        ).starterKeys
        // Nextcloud Talk's keys sort "%@ is typing" first; a text that reads arguments comes last.
        XCTAssertEqual(folder.measured, ["about_acknowledgements", "settings.accessibility", "%@ is typing"])
        XCTAssertEqual(folder.spoken, 2)
        let catalog = try Fixtures.loadCatalog(
            #"{"sourceLanguage": "en", "version": "1.0", "strings": {"Accessibility label": {}, "a11y.avatar": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Avatar"}}}}}}"#
        ).starterKeys
        XCTAssertEqual(catalog.measured, ["Accessibility label"])
        XCTAssertEqual(catalog.spoken, 1)
    }

    /// VLC (videolan/vlc-ios, Resources/en.lproj) keeps its App Shortcut phrases and App Intents
    /// parameter summaries in `Localizable.strings`; a first spec listed them as labels, and
    /// `${applicationName}` led the word-split problems ("{applicationNa / me}"). Siri and the
    /// Shortcuts app show them, not the app's screens: they are left out and counted.
    func testAFirstSpecLeavesOutAppIntentsTexts() throws {
        let keys = try englishTable(
            #"""
            "APPSHORTCUT_ADD_TO_PLAYLIST_SHORT_TITLE" = "Add to Playlist";
            "APPSHORTCUT_ADD_TO_PLAYLIST_PHRASE_${applicationName}" = "Add a song to a playlist in ${applicationName}";
            "APPINTENT_PLAY_VIDEO_PLAY_${video}" = "Play ${video}";
            "PLAY_HINT" = "Plays ${the} item {soon} $ {x}";
            """#
        ).starterKeys
        XCTAssertEqual(keys.measured, ["APPSHORTCUT_ADD_TO_PLAYLIST_SHORT_TITLE"])
        XCTAssertEqual([keys.appIntents, keys.spoken, keys.withoutWords], [3, 0, 0])
        for text in ["${applicationName}", "Play ${video}", "in ${app_name2}."] {
            XCTAssertTrue(LocalizedStrings.isAppIntentsText(text), text)
        }
        for text in ["$5", "${}", "${ name}", "{video}", "$ {video}", "${video", "Costs $ {amount}"] {
            XCTAssertFalse(LocalizedStrings.isAppIntentsText(text), text)
        }
    }
}
