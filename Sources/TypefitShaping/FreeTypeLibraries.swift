import CFreeType
import Foundation

/// A few FreeType libraries, each used by one thread at a time: FreeType asks that `FT_New_Face` and
/// `FT_Done_Face` on one `FT_Library` never run at once, so faces are read on several threads with
/// one library each (a lookup that needs both CJK collections' faces reads them at the same time).
final class FreeTypeLibraries: @unchecked Sendable {
    static let shared = FreeTypeLibraries(count: 4)

    private let locks: [NSLock]
    /// `libraries[i]` is read and written under `locks[i]` only; nil until first used.
    private let libraries: UnsafeMutableBufferPointer<FT_Library?>

    private init(count: Int) {
        locks = (0..<count).map { _ in NSLock() }
        libraries = .allocate(capacity: count)
        libraries.initialize(repeating: nil)
    }

    /// Runs `body` with a library no other thread is using (the first free one, else the first once
    /// it is free); nil when FreeType cannot be initialised.
    func with<T>(_ body: (FT_Library?) throws -> T) rethrows -> T {
        for i in locks.indices where locks[i].try() {
            defer { locks[i].unlock() }
            return try body(library(i))
        }
        locks[0].lock()
        defer { locks[0].unlock() }
        return try body(library(0))
    }

    /// Library `i`, created on first use (under `locks[i]`).
    private func library(_ i: Int) -> FT_Library? {
        if libraries[i] == nil {
            var lib: FT_Library?
            if FT_Init_FreeType(&lib) == 0 { libraries[i] = lib }
        }
        return libraries[i]
    }
}
