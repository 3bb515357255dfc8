import Foundation
import TypefitCore

extension AuditReport {
    /// One report from the JSON reports of every shard of one run (`typefit merge`): the report that
    /// auditing all the spec files at once writes, byte for byte (`ShardMergeTests`). `files` name the
    /// reports in errors, in the order of `shards`.
    ///
    /// Refused (an `InputError`) unless the reports are every shard of one run exactly once: all made
    /// with `--shard` and the same count, options and spec files, by the same typefit, fonts,
    /// system font and baseline.
    public static func merging(shards: [AuditReport], files: [String], threads: Int = 1) throws -> AuditReport {
        guard let first = shards.first else {
            throw InputError(file: "typefit merge", message: "no report to merge", hint: "pass the JSON report of every shard")
        }
        var byIndex: [Int: Int] = [:]
        for (i, r) in shards.enumerated() {
            guard let s = r.summary.shard else {
                throw InputError(
                    file: files[i], message: "not a shard's report (the audit ran without --shard)",
                    hint: "merge the JSON reports of `typefit audit … --shard i/n`")
            }
            let f = first.summary.shard!
            guard s.count == f.count, s.run == f.run, s.specFiles == f.specFiles else {
                throw InputError(
                    file: files[i],
                    message: "shard \(s.index)/\(s.count) is not of the same run as \(files[0]) (shard \(f.index)/\(f.count)): "
                        + (s.count != f.count
                            ? "a different shard count"
                            : s.specFiles != f.specFiles ? "\(s.specFiles) spec files, not \(f.specFiles)" : "different options"),
                    hint: "run every shard with the same command but --shard")
            }
            if let j = byIndex[s.index] {
                throw InputError(file: files[i], message: "shard \(s.index)/\(s.count) is also \(files[j])", hint: "pass each shard once")
            }
            byIndex[s.index] = i
            guard r.tool == first.tool else {
                throw InputError(
                    file: files[i], message: "written by typefit \(r.tool.version) (HarfBuzz \(r.tool.harfbuzz)), not as \(files[0])",
                    hint: "run every shard with the same typefit")
            }
            guard r.systemFont?.kind == first.systemFont?.kind else {
                throw InputError(file: files[i], message: "another system font than \(files[0])", hint: "give every shard the same fonts")
            }
            guard r.baseline?.file == first.baseline?.file, r.baseline?.entries == first.baseline?.entries else {
                throw InputError(file: files[i], message: "another baseline than \(files[0])", hint: "give every shard the same --baseline")
            }
        }
        let shard = first.summary.shard!
        let missing = (0..<shard.count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw InputError(
                file: "typefit merge",
                message: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(shard.count)" }.joined(separator: ", ")) missing",
                hint: "pass the JSON report of every shard, 0 to \(shard.count - 1)")
        }
        let ordered = (0..<shard.count).map { shards[byIndex[$0]!] }
        let specs = ordered.reduce(0) { $0 + $1.summary.specs }
        guard specs == shard.specFiles else {
            throw InputError(
                file: "typefit merge", message: "the shards audited \(specs) spec files, not the run's \(shard.specFiles)",
                hint: "run every shard with the same command but --shard")
        }

        // Spec files in the run's order (shard i took positions i, i + n, …), then string tables and
        // fonts, each sorted — as `Auditor` lists them.
        var specFiles = [String](repeating: "", count: specs)
        var tables = Set<String>()
        var fontByPath: [String: FontFile] = [:]
        for (i, r) in ordered.enumerated() {
            let own = r.summary.specs, fonts = r.fonts.count
            guard r.filesRead.count >= own + fonts else {
                throw InputError(file: files[byIndex[i]!], message: "filesRead lists fewer files than the report's specs and fonts")
            }
            let share = Shard(index: i, count: shard.count)
            for k in 0..<own { specFiles[share.position(ofOwn: k)] = r.filesRead[k] }
            tables.formUnion(r.filesRead[own..<(r.filesRead.count - fonts)])
            for (path, font) in zip(r.filesRead.suffix(fonts), r.fonts) {
                if let other = fontByPath[path], other != font {
                    throw InputError(
                        file: files[byIndex[i]!], message: "the font \(path) has another SHA-256 than in another shard's report",
                        hint: "give every shard the same fonts")
                }
                fontByPath[path] = font
            }
        }
        let fontPaths = fontByPath.keys.sorted()
        let filesRead = specFiles + tables.subtracting(specFiles).sorted() + fontPaths

        var resolutions: [LocaleResolution] = []
        for r in ordered {
            for l in r.locales {
                if let j = resolutions.firstIndex(where: {
                    $0.requested == l.requested && $0.localization == l.localization && $0.fallbacks == l.fallbacks
                        && $0.auditedAs == l.auditedAs && $0.leftOut == l.leftOut
                }) {
                    resolutions[j].strings = Array(Set(resolutions[j].strings).union(l.strings)).sorted()
                } else {
                    resolutions.append(l)
                }
            }
        }
        resolutions.sort(by: LocaleResolution.reportOrder)

        var findings = ordered.flatMap(\.findings)
        Finding.sort(&findings, threads: threads)
        let allElements = ordered.flatMap(\.elements)
        let elements = allElements.indices.sorted { a, b in
            let x = allElements[a], y = allElements[b]
            return (x.spec, x.screen, x.element, x.locale, a) < (y.spec, y.screen, y.element, y.locale, b)
        }.map { allElements[$0] }

        let baseline = first.baseline.map { b in
            let stale = ordered.flatMap { $0.baseline?.stale ?? [] }.enumerated().sorted { x, y in
                (x.element.line ?? Int.max, x.offset) < (y.element.line ?? Int.max, y.offset)
            }.map(\.element)
            return BaselineResult(
                file: b.file, entries: b.entries, accepted: ordered.reduce(0) { $0 + ($1.baseline?.accepted ?? 0) }, stale: stale)
        }
        // The system font's files each shard used (they lie in one folder: sorted by name is by path).
        let systemFont = first.systemFont.map { font in
            var files: [String: SystemFontIdentity.File] = [:]
            for r in ordered { for f in r.systemFont?.files ?? [] { files[f.file] = f } }
            return SystemFontIdentity(kind: font.kind, files: files.keys.sorted().map { files[$0]! })
        }
        func total(_ field: KeyPath<Summary, Int>) -> Int { ordered.reduce(0) { $0 + $1.summary[keyPath: field] } }
        var merged = AuditReport(
            tool: first.tool, fonts: fontPaths.map { fontByPath[$0]! }, filesRead: filesRead, locales: resolutions,
            summary: Summary(
                specs: specs, screens: total(\.screens), checks: total(\.checks), errors: total(\.errors), warnings: total(\.warnings),
                infos: total(\.infos), baselined: total(\.baselined), waived: total(\.waived),
                failed: ordered.contains { $0.summary.failed }),
            findings: findings, elements: elements, baseline: baseline, systemFont: systemFont)
        merged.leftOut = LeftOutSelection.merging(ordered.map(\.leftOut))
        merged.sourceLanguageProblems = ordered.reduce(into: Set<String>()) { ids, r in
            for p in r.problems where p.failsInSourceLanguage { ids.insert(p.id) }
        }
        return merged
    }
}
