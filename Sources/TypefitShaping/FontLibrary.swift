import CHarfBuzz
import Foundation
import TypefitCore

/// The font database and cache: every font file typefit may use, loaded once per process.
///
/// Folders are searched in order — the user's folders first, the bundled `Fonts/` last — so a brand
/// font or Apple's SF fonts on a Mac win over the stand-ins. Faces are created on first use and kept
/// for the process lifetime; they are immutable and shared across tasks.
public final class FontLibrary: @unchecked Sendable {
    /// One face found while scanning the folders.
    public struct Entry: Sendable {
        public var path: String
        public var faceIndex: Int
        public var family: String
        public var style: String
        public var weight: FontWeight
        public var isItalic: Bool
    }

    public let directories: [String]
    private let lock = NSLock()
    private var files: [String: LoadedFile] = [:]
    private var faces: [FaceKey: FontFace] = [:]
    private var scanned: [Entry]?
    private var familyCache: [String: FontFace?] = [:]
    private var listings: [String: [String]] = [:]
    private var sfntNames: [String: SFNTFamilyNames] = [:]
    private var nextID = 1

    private struct FaceKey: Hashable {
        var path: String
        var index: Int
        var variations: [String]
    }

    /// An opened font file; its faces are read with FreeType one by one, when first needed (the CJK
    /// collections have ten faces each, a text needs one).
    private final class LoadedFile {
        let path: String
        let blob: OpaquePointer
        let data: Data
        let faceCount: Int
        private(set) var faces: [Int: FontFileInfo.Face] = [:]
        var sha256: String?
        init(path: String, blob: OpaquePointer, data: Data, faceCount: Int) {
            self.path = path
            self.blob = blob
            self.data = data
            self.faceCount = faceCount
        }
        deinit { hb_blob_destroy(blob) }

        /// Face `index` as FreeType reads it (under the library's lock).
        func face(_ index: Int) throws -> FontFileInfo.Face {
            if let face = faces[index] { return face }
            let face = try FontFileInfo.face(at: index, path: path, data: data)
            faces[index] = face
            return face
        }

        /// Reads the faces of `wanted` not read yet, on several threads at once (FreeType takes about
        /// a millisecond per face of a CJK collection); faces FreeType cannot read are left unread, so
        /// `face(_:)` throws their error as before. Under the library's lock.
        static func read(_ wanted: [(file: LoadedFile, index: Int)]) {
            let missing = wanted.filter { $0.file.faces[$0.index] == nil }
            guard missing.count > 1 else { return }
            let read = UnsafeMutableBufferPointer<FontFileInfo.Face?>.allocate(capacity: missing.count)
            read.initialize(repeating: nil)
            defer { read.deallocate() }
            let jobs = missing.map { (path: $0.file.path, data: $0.file.data, index: $0.index) }
            nonisolated(unsafe) let out = read
            DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
                out[i] = try? FontFileInfo.face(at: jobs[i].index, path: jobs[i].path, data: jobs[i].data)
            }
            for (i, m) in missing.enumerated() { if let face = read[i] { m.file.faces[m.index] = face } }
        }
    }

    /// - Parameter directories: font folders in priority order (user folders first, bundled last).
    public init(directories: [String]) {
        self.directories = directories
    }

    /// The bundled `Fonts/` folder: `$TYPEFIT_FONTS`, else the nearest `Fonts/manifest.json` or
    /// `share/typefit/Fonts/manifest.json` above the executable (symbolic links resolved: `make install`,
    /// Homebrew, the release archive), else `./Fonts`.
    public static func bundledDirectory(executablePath: String = runningExecutablePath) -> String? {
        let fm = FileManager.default
        if let env = ProcessInfo.processInfo.environment["TYPEFIT_FONTS"], !env.isEmpty { return env }
        var candidates: [String] = []
        var dir = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<8 {
            candidates.append(dir.appendingPathComponent("Fonts").path)
            candidates.append(dir.appendingPathComponent("share/typefit/Fonts").path)
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(fm.currentDirectoryPath + "/Fonts")
        return candidates.first { fm.fileExists(atPath: $0 + "/manifest.json") }
    }

    /// The running executable's own path: found by the system, not taken from `argv[0]` (which is just
    /// `typefit` when the shell found it on PATH).
    public static var runningExecutablePath: String {
        Bundle.main.executableURL?.path ?? CommandLine.arguments.first ?? ""
    }

    /// The font files opened with FreeType so far, sorted.
    var loadedFiles: [String] {
        lock.lock()
        defer { lock.unlock() }
        return files.keys.sorted()
    }

    /// The faces read with FreeType so far, by file: their indices, sorted.
    var readFaces: [String: [Int]] {
        lock.lock()
        defer { lock.unlock() }
        return files.mapValues { $0.faces.keys.sorted() }
    }

    /// All faces in the folders, in priority order (folder order, then file name, then face index).
    public func entries() -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        if let scanned { return scanned }
        let result = directories.flatMap { entriesLocked(facesLocked(in: $0)) }
        scanned = result
        return result
    }

    /// The faces of the folders `include` accepts, in priority order (only those folders' files are
    /// opened).
    public func entries(inDirectories include: (String) -> Bool) -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return directories.filter(include).flatMap { entriesLocked(facesLocked(in: $0)) }
    }

    /// The faces of one folder's font files that `file` (by path) and `face` (by path, index and the
    /// file's face count) accept, in file-name order, their files opened; a file that cannot be opened
    /// is left out.
    private func facesLocked(
        in dir: String, file: (String) -> Bool = { _ in true }, face: (String, Int, Int) -> Bool = { _, _, _ in true }
    ) -> [(file: LoadedFile, index: Int)] {
        var found: [(file: LoadedFile, index: Int)] = []
        for path in fontFilePathsLocked(in: dir) {
            guard file(path), let loaded = try? loadFileLocked(path) else { continue }
            for index in 0..<loaded.faceCount where face(path, index, loaded.faceCount) { found.append((loaded, index)) }
        }
        return found
    }

    /// The faces of one folder whose `name` tables may hold `wanted` (lowercased), in file-name order:
    /// a superset of the family's faces, found without FreeType reading them (`SFNTFamilyNames`).
    private func candidatesLocked(in dir: String, family wanted: String) -> [(file: LoadedFile, index: Int)] {
        facesLocked(
            in: dir, file: { familyNamesLocked($0).mayHold(family: wanted) },
            face: { familyNamesLocked($0).mayHold(family: wanted, face: $1, of: $2) })
    }

    /// The faces as FreeType reads them (several at once); a face FreeType cannot read is left out.
    private func entriesLocked(_ wanted: [(file: LoadedFile, index: Int)]) -> [Entry] {
        LoadedFile.read(wanted)
        var result: [Entry] = []
        for (loaded, index) in wanted {
            guard let info = try? loaded.face(index) else { continue }
            result.append(
                Entry(
                    path: loaded.path, faceIndex: index, family: info.family, style: info.style, weight: info.weight,
                    isItalic: info.isItalic))
        }
        return result
    }

    /// The paths of a folder's font files, sorted by name (listed once: every family lookup walks them).
    private func fontFilePathsLocked(in dir: String) -> [String] {
        if let paths = listings[dir] { return paths }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted().filter(Self.isFontFileName)
        let paths = names.map { (dir as NSString).appendingPathComponent($0) }
        listings[dir] = paths
        return paths
    }

    /// The faces of `family` (case-insensitive) in the first folder that has it, in priority order.
    /// Only files whose `name` tables may hold the family are opened with FreeType
    /// (`SFNTFamilyNames`): the same faces as filtering `entries()`, without opening every font.
    private func familyEntries(_ wanted: String) -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        if let scanned {
            let all = scanned.filter { $0.family.lowercased() == wanted }
            guard let first = all.first else { return [] }
            let folder = (first.path as NSString).deletingLastPathComponent
            return all.filter { ($0.path as NSString).deletingLastPathComponent == folder }
        }
        for dir in directories {
            let found = entriesLocked(candidatesLocked(in: dir, family: wanted)).filter { $0.family.lowercased() == wanted }
            if !found.isEmpty { return found }
        }
        return []
    }

    /// The face `findFace` chooses, when the `name` and `OS/2` tables settle it without FreeType
    /// reading the family's other faces (a regular CJK lookup then reads one face of one collection,
    /// not also the bold collection's, at about a millisecond each): in the first folder whose tables
    /// may hold the family, every candidate face's weight and italic flag are known from its `OS/2`
    /// table (`SFNTFamilyNames.styles`), one candidate is strictly the nearest in weight (no tie for
    /// the style name to break), and FreeType confirms that face's family, weight and italic flag.
    /// The candidates are a superset of the family's faces, so such a face is the one the full lookup
    /// chooses; anything else (a tie, a face the tables leave to FreeType, a candidate FreeType names
    /// otherwise) is nil, and the full lookup runs.
    private func faceFromTables(_ wanted: String, weight: FontWeight, italic: Bool) -> (path: String, index: Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard scanned == nil else { return nil }
        for dir in directories {
            var candidates: [(file: LoadedFile, index: Int, style: SFNTFamilyNames.Style)] = []
            for (file, index) in candidatesLocked(in: dir, family: wanted) {
                guard let styles = familyNamesLocked(file.path).styles, styles.count == file.faceCount, let style = styles[index] else {
                    return nil
                }
                candidates.append((file, index, style))
            }
            if candidates.isEmpty { continue }
            let pool = Self.ofSlant(candidates, italic: italic) { $0.style.isItalic }
            let distances = pool.map { Self.weightDistance($0.style.weight, to: weight) }
            guard let nearest = distances.min(), distances.filter({ $0 == nearest }).count == 1,
                let chosen = distances.firstIndex(of: nearest).map({ pool[$0] }),
                let info = try? chosen.file.face(chosen.index), info.family.lowercased() == wanted,
                info.weight == chosen.style.weight, info.isItalic == chosen.style.isItalic
            else { return nil }
            return (chosen.file.path, chosen.index)
        }
        return nil
    }

    /// The family names a file's `name` tables give (read once per file, without FreeType).
    private func familyNamesLocked(_ path: String) -> SFNTFamilyNames {
        if let names = sfntNames[path] { return names }
        let names = SFNTFamilyNames(path: path)
        sfntNames[path] = names
        return names
    }

    /// Checks a folder of the user's fonts (`--font-dir`): it must exist, be a folder and hold at least
    /// one font file FreeType can read (subfolders are not searched). A font folder that is silently
    /// empty would let the audit pass with the stand-in fonts instead of the brand's.
    public static func checkUserDirectory(_ dir: String) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard !dir.isEmpty, fm.fileExists(atPath: dir, isDirectory: &isDir) else {
            throw InputError(file: dir.isEmpty ? "--font-dir" : dir, message: "font folder not found")
        }
        guard isDir.boolValue else {
            throw InputError(file: dir, message: "is not a folder", hint: "--font-dir takes the folder that holds the font files")
        }
        guard let names = try? fm.contentsOfDirectory(atPath: dir) else {
            throw InputError(file: dir, message: "the font folder cannot be read")
        }
        let fonts = names.filter(isFontFileName).sorted()
        guard !fonts.isEmpty else {
            throw InputError(
                file: dir, message: "holds no font file (.otf, .ttf, .ttc, .otc)",
                hint: "subfolders are not searched: give each folder with its own --font-dir")
        }
        var firstProblem: String?
        for name in fonts {
            let path = (dir as NSString).appendingPathComponent(name)
            do {
                guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                    throw InputError(file: path, message: "font file cannot be read")
                }
                _ = try FontFileInfo(path: path, data: data)
                return
            } catch let e as InputError {
                if firstProblem == nil { firstProblem = "\(name): \(e.message)" }
            }
        }
        throw InputError(
            file: dir,
            message:
                "holds no font FreeType can read (\(fonts.count) font file\(fonts.count == 1 ? "" : "s"); \(firstProblem ?? "unreadable"))")
    }

    static func isFontFileName(_ name: String) -> Bool {
        let ext = (name as NSString).pathExtension.lowercased()
        return ["otf", "ttf", "ttc", "otc"].contains(ext)
    }

    /// The face at `index` of the file at `path`, with optional variation axis values.
    public func face(path: String, index: Int = 0, variations: [String: Double] = [:]) throws -> FontFace {
        let key = FaceKey(path: path, index: index, variations: variations.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        lock.lock()
        defer { lock.unlock() }
        if let face = faces[key] { return face }
        let file = try loadFileLocked(path)
        guard index >= 0 && index < file.faceCount else {
            throw InputError(
                file: path,
                message: "face index \(index) is out of range: the file has \(file.faceCount) face(s) (0…\(file.faceCount - 1))")
        }
        let info = try file.face(index)
        for axis in variations.keys where !info.axes.contains(axis) {
            throw InputError(
                file: path, message: "the font has no '\(axis)' variation axis",
                hint: info.axes.isEmpty ? "it is not a variable font" : "axes: \(info.axes.joined(separator: ", "))")
        }
        let face = try FontFace(
            id: nextID, path: path, faceIndex: index, info: info, variations: variations,
            blob: file.blob)
        nextID += 1
        faces[key] = face
        return face
    }

    /// The face of `family` closest to `weight` (CSS font matching: exact, then the nearest heavier
    /// weight for bold requests and the nearest lighter one for light requests), upright preferred.
    /// Family names compare case-insensitively.
    public func face(family: String, weight: FontWeight = .regular, italic: Bool = false) throws -> FontFace? {
        let cacheKey = "\(family)|\(weight.rawValue)|\(italic)"
        lock.lock()
        if let hit = familyCache[cacheKey] { lock.unlock(); return hit }
        lock.unlock()
        let found = try findFace(family: family, weight: weight, italic: italic)
        lock.lock()
        familyCache[cacheKey] = found
        lock.unlock()
        return found
    }

    private func findFace(family: String, weight: FontWeight, italic: Bool) throws -> FontFace? {
        if let chosen = faceFromTables(family.lowercased(), weight: weight, italic: italic) {
            return try face(path: chosen.path, index: chosen.index)
        }
        // Only the first folder that has the family counts, so user fonts replace bundled ones whole.
        let inFolder = familyEntries(family.lowercased())
        guard !inFolder.isEmpty else { return nil }
        let pool = Self.ofSlant(inFolder, italic: italic) { $0.isItalic }
        // Ties (some files mislabel usWeightClass) go to the face whose style name agrees.
        func score(_ e: Entry) -> (Double, Int) {
            let saysBold = e.style.lowercased().contains("bold")
            return (Self.weightDistance(e.weight, to: weight), saysBold == (weight.rawValue >= 600) ? 0 : 1)
        }
        let best = pool.min { score($0) < score($1) }!
        return try face(path: best.path, index: best.faceIndex)
    }

    /// All family names, sorted, for hints.
    public func familyNames() -> [String] {
        Array(Set(entries().map(\.family))).sorted()
    }

    /// sha256 of a loaded font file (computed on first request), for reports.
    public func sha256(ofFile path: String) -> String? {
        lock.lock()
        guard let file = files[path] else { lock.unlock(); return nil }
        if let digest = file.sha256 { lock.unlock(); return digest }
        lock.unlock()
        // Hash outside the lock so several files can be hashed at once, reading the file rather than
        // its mapping (hashing the mapping would keep every page of it resident: 40 MB for CJK).
        let digest = SHA256.hex(ofFileAt: path) ?? SHA256.hex(file.data)
        lock.lock()
        file.sha256 = digest
        lock.unlock()
        return digest
    }

    /// The faces of the slant asked for (italic or upright), or all of them when none is.
    static func ofSlant<Face>(_ faces: [Face], italic: Bool, isItalic: (Face) -> Bool) -> [Face] {
        let styled = faces.filter { isItalic($0) == italic }
        return styled.isEmpty ? faces : styled
    }

    static func weightDistance(_ w: FontWeight, to target: FontWeight) -> Double {
        let d = Double(w.rawValue - target.rawValue)
        // Prefer the direction CSS prefers: heavier for ≥ 500, lighter below; penalise the other side.
        if target.rawValue >= 500 { return d >= 0 ? d : 1000 - d }
        return d <= 0 ? -d : 1000 + d
    }

    private func loadFileLocked(_ path: String) throws -> LoadedFile {
        if let file = files[path] { return file }
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else {
            throw InputError(file: path, message: "font file not found")
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            throw InputError(file: path, message: "font file cannot be read")
        }
        let faceCount = try FontFileInfo.faceCount(path: path, data: data)
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw InputError(file: path, message: "HarfBuzz cannot read the font file")
        }
        guard hb_face_count(blob) == UInt32(faceCount) || faceCount == 1 else {
            hb_blob_destroy(blob)
            throw InputError(file: path, message: "HarfBuzz and FreeType disagree on the number of faces: the file is corrupt")
        }
        let file = LoadedFile(path: path, blob: blob, data: data, faceCount: faceCount)
        files[path] = file
        return file
    }
}
