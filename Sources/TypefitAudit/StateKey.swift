import TypefitCore
import TypefitSpec

/// One screen state in one configuration: device, orientation, locale, category, focused field.
struct StateKey: Hashable {
    var device: Device
    var orientation: Orientation
    var locale: String
    var category: ContentSizeCategory
    var focused: String?

    /// The finding scope of this state.
    var findingState: Finding.State {
        Finding.State(device: device.name, orientation: orientation, locale: locale, category: category, focused: focused)
    }
}
