import CFreeType
import Foundation

/// Glyph outlines as SVG path data, read with FreeType, for the HTML report's previews.
///
/// Coordinates are font units with y pointing up (draw with `scale(size/upem, -size/upem)`).
/// One `FT_Face` per face, owned by this object: use it from one task at a time (FreeType faces
/// are not thread-safe).
public final class GlyphOutliner {
    private var library: FT_Library?
    private var faces: [String: FT_Face] = [:]
    private var cache: [String: String] = [:]

    public init() {
        FT_Init_FreeType(&library)
    }

    deinit {
        for face in faces.values { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    private final class PathBuilder {
        var parts: [String] = []
        func add(_ command: String, _ points: [FT_Vector]) {
            parts.append(command + points.map { "\($0.x) \($0.y)" }.joined(separator: " "))
        }
    }

    /// SVG path data for `glyph` of `font`, or "" when it has no outline (a space) or cannot be read.
    public func path(_ font: FontFace, glyph: UInt32) -> String {
        let key = "\(font.path)#\(font.faceIndex)#\(glyph)"
        if let hit = cache[key] { return hit }
        let result = load(font, glyph: glyph)
        cache[key] = result
        return result
    }

    private func face(_ font: FontFace) -> FT_Face? {
        let key = "\(font.path)#\(font.faceIndex)"
        if let f = faces[key] { return f }
        guard let library else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, font.path, FT_Long(font.faceIndex), &face) == 0, let face else { return nil }
        faces[key] = face
        return face
    }

    private func load(_ font: FontFace, glyph: UInt32) -> String {
        guard let face = face(font) else { return "" }
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
            slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return "" }
        let builder = PathBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = Unmanaged<PathBuilder>.fromOpaque(user!).takeUnretainedValue()
                if !b.parts.isEmpty { b.parts.append("Z") }
                b.add("M", [to!.pointee]); return 0
            },
            line_to: { to, user in
                Unmanaged<PathBuilder>.fromOpaque(user!).takeUnretainedValue().add("L", [to!.pointee]); return 0
            },
            conic_to: { control, to, user in
                Unmanaged<PathBuilder>.fromOpaque(user!).takeUnretainedValue().add("Q", [control!.pointee, to!.pointee]); return 0
            },
            cubic_to: { c1, c2, to, user in
                Unmanaged<PathBuilder>.fromOpaque(user!).takeUnretainedValue().add("C", [c1!.pointee, c2!.pointee, to!.pointee]); return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(builder).toOpaque()
        let error = withUnsafeMutablePointer(to: &slot.pointee.outline) { outline in
            FT_Outline_Decompose(outline, &funcs, user)
        }
        guard error == 0 else { return "" }
        if !builder.parts.isEmpty { builder.parts.append("Z") }
        return joinedPath(builder.parts)
    }

    private func joinedPath(_ parts: [String]) -> String { parts.joined(separator: " ") }
}
