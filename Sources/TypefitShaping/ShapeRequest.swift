import TypefitText

/// One run as the shaper asked HarfBuzz for it.
public struct ShapeRequest: @unchecked Sendable {
    public var text: [UInt16]
    public var face: FontFace
    public var rightToLeft: Bool
    public var script: ScriptTag
    public var language: String
    public var features: [String]

    public init(text: [UInt16], face: FontFace, rightToLeft: Bool, script: ScriptTag, language: String, features: [String]) {
        self.text = text
        self.face = face
        self.rightToLeft = rightToLeft
        self.script = script
        self.language = language
        self.features = features
    }
}
