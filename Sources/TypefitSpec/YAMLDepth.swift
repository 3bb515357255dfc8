import CYaml

/// How deeply the collections of a YAML text nest, counted on libyaml's event stream without building
/// a tree.
///
/// Yams composes and frees its node tree recursively, so a spec of a few hundred thousand `[` (or
/// `- - - …` on one line) overflowed the stack before any of typefit's own limits could apply. This
/// pass runs first, with the same parser and encoding Yams uses (libyaml, which Yams bundles as
/// `CYaml`), and stops at the first collection nested deeper than the limit. An alias counts as the
/// collection it names, so chains of anchors cannot build a deep tree from shallow pieces either.
///
/// The same pass counts what aliases expand to: Yams resolves every `*alias` to a copy of what it
/// names, so ten lines of anchors, each naming ten of the one before, make 10¹⁰ elements (the
/// "billion laughs"). Each alias adds the number of nodes it names; past `aliasNodeLimit` in all, the
/// spec is refused at that alias.
enum YAMLDepth {
    /// Which limit a YAML text passes.
    enum Excess: Equatable {
        case depth
        case aliasNodes
    }

    /// Where the first collection (or alias) deeper than `limit` starts (1-based line and column), or
    /// the first alias that takes the nodes added by aliases past `aliasNodeLimit`; nil when neither
    /// happens. A syntax error ends the count: Yams reports it afterwards with its own message.
    static func firstExceeding(_ yaml: String, limit: Int, aliasNodeLimit: Int = .max) -> (line: Int, column: Int, excess: Excess)? {
        guard !yaml.isEmpty else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        let bytes = Array(yaml.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> (line: Int, column: Int, excess: Excess)? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            /// Open collections: their anchor, their depth, the deepest level reached inside them, and the
            /// node count when they opened.
            var open: [(anchor: String?, depth: Int, deepest: Int, nodesBefore: Int)] = []
            /// How many levels an alias to each anchor adds (1 for a flat collection, 0 for a scalar).
            var height: [String: Int] = [:]
            /// How many nodes an alias to each anchor stands for (itself and everything inside).
            var size: [String: Int] = [:]
            /// Nodes of the document as Yams builds it, aliases expanded; and those added by aliases.
            var nodes = 0, aliasNodes = 0
            func reach(_ level: Int, _ mark: yaml_mark_t) -> (line: Int, column: Int, excess: Excess)? {
                if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, level) }
                return level > limit ? (Int(mark.line) + 1, Int(mark.column) + 1, .depth) : nil
            }
            func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                anchor.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let anchor =
                        event.type == YAML_SEQUENCE_START_EVENT
                        ? name(event.data.sequence_start.anchor) : name(event.data.mapping_start.anchor)
                    let depth = open.count + 1
                    if let hit = reach(depth, event.start_mark) { return hit }
                    open.append((anchor, depth, depth, nodes))
                    nodes += 1
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = open.popLast() else { return nil }
                    if let anchor = closed.anchor {
                        height[anchor] = closed.deepest - closed.depth + 1
                        size[anchor] = nodes - closed.nodesBefore
                    }
                    if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, closed.deepest) }
                case YAML_SCALAR_EVENT:
                    if let anchor = name(event.data.scalar.anchor) { height[anchor] = 0; size[anchor] = 1 }
                    nodes += 1
                case YAML_ALIAS_EVENT:
                    let anchor = name(event.data.alias.anchor)
                    let added = anchor.flatMap { height[$0] } ?? 0
                    if let hit = reach(open.count + added, event.start_mark) { return hit }
                    let count = anchor.flatMap { size[$0] } ?? 1
                    nodes += count
                    aliasNodes += count
                    if aliasNodes > aliasNodeLimit {
                        return (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1, .aliasNodes)
                    }
                case YAML_STREAM_END_EVENT, YAML_NO_EVENT:
                    return nil
                default:
                    break
                }
            }
        }
    }
}
