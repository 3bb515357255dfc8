import CFreeType
import Foundation
import TypefitCore

/// What FreeType reads from a font file: its faces, names, weights and `hhea` metrics.
///
/// FreeType validates the file (a truncated or corrupt font fails here with a clear error instead of
/// reaching the shaper). Each read uses an `FT_Library` no other thread is using
/// (`FreeTypeLibraries`), as FreeType's documentation asks for `FT_New_Face` / `FT_Done_Face` across
/// threads.
public struct FontFileInfo: Sendable {
    public struct Face: Sendable {
        public var index: Int
        public var family: String
        public var style: String
        public var weight: FontWeight
        public var isItalic: Bool
        public var hheaAscender: Double
        public var hheaDescender: Double
        public var hheaLineGap: Double
        public var glyphCount: Int
        public var axes: [String]
    }

    public let path: String
    public let faces: [Face]

    /// FreeType's version, for reports.
    public static var freeTypeVersion: String {
        FreeTypeLibraries.shared.with { lib in
            guard let lib else { return "unknown" }
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(lib, &major, &minor, &patch)
            return "\(major).\(minor).\(patch)"
        }
    }

    /// Reads every face of the file at `path` from `data` (the file's bytes).
    public init(path: String, data: Data) throws {
        self.path = path
        let count = try Self.faceCount(path: path, data: data)
        faces = try (0..<count).map { try Self.face(at: $0, path: path, data: data) }
    }

    /// How many faces the file has (1 for a single font, more for a collection), without reading them.
    public static func faceCount(path: String, data: Data) throws -> Int {
        try withFreeType(path: path, data: data) { lib, base, size in
            var probe: FT_Face?
            let error = FT_New_Memory_Face(lib, base, size, -1, &probe)
            guard error == 0, let probe else {
                throw InputError(file: path, message: "not a font file FreeType can read (FreeType error \(error))")
            }
            let count = Int(probe.pointee.num_faces)
            FT_Done_Face(probe)
            guard count > 0 && count < 1000 else {
                throw InputError(file: path, message: "font file has no faces")
            }
            return count
        }
    }

    /// One face of the file: its names, weight, metrics and axes.
    public static func face(at index: Int, path: String, data: Data) throws -> Face {
        try withFreeType(path: path, data: data) { lib, base, size in
            var face: FT_Face?
            let err = FT_New_Memory_Face(lib, base, size, FT_Long(index), &face)
            guard err == 0, let face else {
                throw InputError(file: path, message: "face \(index) is corrupt (FreeType error \(err))")
            }
            defer { FT_Done_Face(face) }
            let family = face.pointee.family_name.map { String(cString: $0) } ?? "Unknown"
            let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
            var weight = FontWeight.regular
            if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self) {
                let w = Int(os2.pointee.usWeightClass)
                if (1...1000).contains(w) { weight = FontWeight(rawValue: w) }
            } else if face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 {
                weight = .bold
            }
            var asc = Double(face.pointee.ascender), desc = Double(face.pointee.descender), gap = 0.0
            if let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self),
                hhea.pointee.Ascender != 0 || hhea.pointee.Descender != 0
            {
                asc = Double(hhea.pointee.Ascender)
                desc = Double(hhea.pointee.Descender)
                gap = Double(hhea.pointee.Line_Gap)
            }
            guard face.pointee.num_glyphs > 0 else {
                throw InputError(file: path, message: "face \(index) has no glyphs")
            }
            var axes: [String] = []
            var mm: UnsafeMutablePointer<FT_MM_Var>?
            if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0,
                FT_Get_MM_Var(face, &mm) == 0, let mm
            {
                for a in 0..<Int(mm.pointee.num_axis) {
                    let tag = UInt32(mm.pointee.axis[a].tag)
                    let chars = [24, 16, 8, 0].map { Character(Unicode.Scalar(UInt8((tag >> $0) & 0xFF))) }
                    axes.append(String(chars))
                }
                FT_Done_MM_Var(lib, mm)
            }
            return Face(
                index: index, family: family, style: style, weight: weight,
                isItalic: face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0,
                hheaAscender: asc, hheaDescender: desc, hheaLineGap: gap,
                glyphCount: Int(face.pointee.num_glyphs), axes: axes)
        }
    }

    /// Runs `body` with a FreeType library no other thread is using and the file's bytes.
    private static func withFreeType<T>(
        path: String, data: Data, _ body: (FT_Library, UnsafePointer<FT_Byte>, FT_Long) throws -> T
    ) throws -> T {
        try FreeTypeLibraries.shared.with { lib in
            guard let lib else {
                throw InputError(file: path, message: "FreeType could not be initialised")
            }
            return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                guard let base = raw.bindMemory(to: FT_Byte.self).baseAddress, raw.count > 12 else {
                    throw InputError(file: path, message: "not a font file (\(raw.count) bytes)")
                }
                return try body(lib, base, FT_Long(raw.count))
            }
        }
    }
}
