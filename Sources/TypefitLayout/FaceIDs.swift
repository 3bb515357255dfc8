import TypefitShaping

/// The faces a text was asked for, by id, as part of a cache key: one face for most requests (two
/// for a brand font with its fallback) kept inline. Each lookup made an array of the ids first, an
/// allocation per paragraph, cascade or budget list asked for.
struct FaceIDs: Hashable {
    private enum Storage: Hashable {
        case one(Int)
        case two(Int, Int)
        case many([Int])
    }

    private let storage: Storage

    init(_ faces: [FontFace]) {
        switch faces.count {
        case 1: storage = .one(faces[0].id)
        case 2: storage = .two(faces[0].id, faces[1].id)
        default: storage = .many(faces.map(\.id))
        }
    }
}
