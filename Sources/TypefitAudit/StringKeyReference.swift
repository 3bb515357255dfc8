import Foundation
import TypefitSpec
import TypefitStrings

/// A string key an element shows, with its table and the file it is translated in: what the HTML
/// report links each problem to.
public struct StringKeyReference: Sendable, Hashable {
    public var key: String
    /// The table's name (`Localizable`, or the `table:` of the element).
    public var table: String
    /// The string catalog, or the development language's file of an `.lproj` table that holds the
    /// key (`.strings` or `.stringsdict`), as the report shows paths (relative to the working folder
    /// when under it).
    public var file: String
}

extension ScreenPictureSource {
    /// The keys an element of a spec shows (its text, placeholder and fallbacks), each once.
    public func stringKeys(spec: String, element: String) -> [StringKeyReference] {
        var out: [StringKeyReference] = []
        var seenSpecs = Set<ObjectIdentifier>()
        for i in jobIndices(spec: spec) {
            let job = jobs[i]
            let specID = ObjectIdentifier(job.spec.content)
            guard seenSpecs.insert(specID).inserted else { continue }
            for e in job.spec.allElements where e.id == element {
                for (key, tableName) in Auditor.keys(of: e) {
                    guard let strings = job.strings.table(tableName) else { continue }
                    let name = tableName ?? job.strings.tables[0].name
                    let file: String
                    if strings.file.hasSuffix(".xcstrings") {
                        file = Auditor.displayPath(strings.file)
                    } else {
                        let source = strings.sourceFile(key: key) ?? "\(strings.sourceLanguage).lproj/\(name).strings"
                        file = Auditor.displayPath((strings.file as NSString).appendingPathComponent(source))
                    }
                    let ref = StringKeyReference(key: key, table: name, file: file)
                    if !out.contains(ref) { out.append(ref) }
                }
            }
        }
        return out
    }
}
