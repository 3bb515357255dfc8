import Foundation
import TypefitCore
import Yams

extension SpecLoader {
    static let idPattern = try! NSRegularExpression(pattern: "^[A-Za-z][A-Za-z0-9_-]*$")

    static func element(
        _ node: Node, reader r: YAMLReader, depth: Int, ids: inout [String: SourceLocation], isRoot: Bool = false
    ) throws -> Element {
        guard depth <= maximumDepth else { throw r.error(node, "elements are nested more than \(maximumDepth) levels deep") }
        guard case .mapping(let map) = node else { throw r.error(node, "an element must be a mapping such as 'label: title'") }
        // The type key.
        var kinds: [(Element.Kind, Node, Node)] = []
        for (k, v) in map {
            if case .scalar(let s) = k, let kind = Element.Kind(rawValue: s.string) { kinds.append((kind, k, v)) }
        }
        guard let (kind, kindKey, idNode) = kinds.first else {
            throw r.error(
                node, "an element needs a type key: " + Element.Kind.allCases.map(\.rawValue).joined(separator: ", "),
                hint: map.compactMap { (k, _) -> String? in
                    guard case .scalar(let s) = k else { return nil }
                    return Suggestion.closest(to: s.string, in: Element.Kind.allCases.map(\.rawValue)).map {
                        "did you mean '\($0)' instead of '\(s.string)'?"
                    }
                }.first)
        }
        if kinds.count > 1 {
            throw r.error(kinds[1].1, "an element has one type key; found '\(kind.rawValue)' and '\(kinds[1].0.rawValue)'")
        }
        _ = kindKey
        let id = try r.string(idNode, "the element id")
        guard idPattern.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil else {
            throw r.error(idNode, "invalid element id '\(id)'", hint: "ids start with a letter and use letters, digits, '_' or '-'")
        }
        if let previous = ids[id] { throw r.error(idNode, "duplicate element id '\(id)'", hint: "first used at line \(previous.line)") }
        ids[id] = r.location(idNode)
        let e = Element(kind: kind, id: id, location: r.location(idNode))
        let allowed = allowedKeys(kind)
        let pairs = try r.mapping(
            node, allowed: allowed, what: "a \(kind.rawValue)",
            extraHint: { key in
                if let synonym = KeySynonyms.hint(for: key, in: allowed) { return synonym }
                if let suggestion = Suggestion.closest(to: key, in: allowed) { return "did you mean '\(suggestion)'?" }
                let owners = owners(of: key)
                if !owners.isEmpty { return "'\(key)' is a property of \(owners.joined(separator: "/")), not of a \(kind.rawValue)" }
                // Another system's word for a key this element does not have (`gap` on a label).
                for meant in KeySynonyms.keys(for: key) where !Self.owners(of: meant).isEmpty {
                    return
                        "'\(key)' would be '\(meant)', a property of \(Self.owners(of: meant).joined(separator: "/")), not of a \(kind.rawValue)"
                }
                return nil
            })
        func has(_ k: String) -> Node? { pairs.first { $0.key == k }?.value }
        for (a, b) in [("text", "key"), ("placeholder", "placeholderKey"), ("style", "font")] {
            if has(a) != nil, let n = has(b) { throw r.error(n, "'\(a)' and '\(b)' cannot be used together") }
        }
        for (key, _, v) in pairs where key != kind.rawValue {
            switch key {
            case "text": e.text = .literal(try r.text(v, "text"))
            case "key": e.text = .key(try r.string(v, "key"))
            case "table":
                let name = try r.string(v, "table")
                if let problem = TableName.problem(name) {
                    throw r.error(v, "invalid table name '\(ControlCharacters.escaped(String(name.prefix(80))))': \(problem)")
                }
                e.table = name
                e.tableLocation = r.location(v)
            case "placeholder": e.placeholder = .literal(try r.text(v, "placeholder"))
            case "placeholderKey": e.placeholder = .key(try r.string(v, "placeholderKey"))
            case "arguments":
                e.arguments = try r.list(v, "arguments").map { a in
                    // `~` (YAML's null): no value, so typefit's sample stays for that argument.
                    if r.isNull(a) { return ArgumentValue(text: nil, number: nil, location: r.location(a)) }
                    let s = try r.text(a, "an argument")
                    let number = Double(s.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
                    return ArgumentValue(text: s, number: number, location: r.location(a))
                }
            case "fallbacks": e.fallbacks = try r.list(v, "fallbacks", allowScalar: false).map { try fallback($0, reader: r) }
            case "style":
                let s = try r.string(v, "style")
                guard let style = TextStyle(name: s) else {
                    throw r.error(
                        v, "unknown text style '\(s)'",
                        hint: Suggestion.hint(for: s, in: TextStyle.allCases.map(\.rawValue)) ?? "styles: "
                            + TextStyle.allCases.map(\.rawValue).joined(separator: ", "))
                }
                e.font = .style(style)
            case "font": e.font = try font(v, reader: r)
            case "weight":
                let s = try r.string(v, "weight")
                guard let w = FontWeight(name: s) else {
                    throw r.error(
                        v, "unknown weight '\(s)'",
                        hint: Suggestion.hint(for: s, in: FontWeight.allNames) ?? "weights: " + FontWeight.allNames.joined(separator: ", "))
                }
                e.weight = w
            case "adjustsFontForContentSizeCategory": e.adjustsFontForContentSizeCategory = try r.bool(v, key)
            case "minimumContentSizeCategory": e.minimumContentSizeCategory = try r.category(v, key)
            case "maximumContentSizeCategory": e.maximumContentSizeCategory = try r.category(v, key)
            case "numberOfLines": e.numberOfLines = try r.integer(v, key, max: 1000)
            case "lineBreakMode":
                let s = try r.string(v, key)
                guard let m = LineBreakMode(name: s) else {
                    throw r.error(
                        v, "unknown lineBreakMode '\(s)'",
                        hint: Suggestion.hint(for: s, in: LineBreakMode.allCases.map(\.rawValue)) ?? "modes: "
                            + LineBreakMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                e.lineBreakMode = m
            case "textAlignment":
                e.textAlignment = try r.choice(v, key, of: TextAlignment.self)
            case "adjustsFontSizeToFitWidth": e.adjustsFontSizeToFitWidth = try r.bool(v, key)
            case "minimumScaleFactor": e.minimumScaleFactor = try r.number(v, key, max: 1)
            case "width", "height": let d = try dimension(v, key, reader: r); if key == "width" { e.width = d } else { e.height = d }
            case "minWidth": e.minWidth = try r.number(v, key, max: 10_000)
            case "minHeight": e.minHeight = try r.number(v, key, max: 10_000)
            case "maxHeight": e.maxHeight = try r.number(v, key, max: 10_000)
            case "compressionResistance": e.compressionResistance = try r.number(v, key, min: 1, max: 1000)
            case "configuration":
                e.configuration = try r.choice(v, key, of: ButtonConfiguration.self)
            case "contentInsets": e.contentInsets = try r.edges(v, key)
            case "image":
                var w: Double?, h: Double?, p = 0.0
                for (k2, _, v2) in try r.mapping(v, allowed: ["width", "height", "padding"], what: "image") {
                    let x = try r.number(v2, "image.\(k2)", max: 2000)
                    if k2 == "width" { w = x } else if k2 == "height" { h = x } else { p = x }
                }
                guard let w else { throw r.error(v, "image needs a width") }
                e.image = ButtonImage(width: w, height: h ?? w, padding: p)
            case "cornerRadius": e.cornerRadius = try r.number(v, key, max: 10_000)
            case "role": e.isPrimary = try r.choice(v, key, ["primary": true])
            case "borderStyle":
                e.borderStyle = try r.choice(v, key, of: TextFieldBorderStyle.self)
            case "spacing": e.spacing = try r.number(v, key, min: -1000, max: 10_000)
            case "alignment":
                let options = kind == .vstack ? StackAlignment.vertical : StackAlignment.horizontal
                let a = try r.choice(v, key, Dictionary(uniqueKeysWithValues: options.map { ($0.rawValue, $0) }))
                guard a.isSupported else {
                    throw r.error(
                        v, "alignment '\(a.rawValue)' is not supported yet",
                        hint: "typefit does not lay out baselines; use top, center or bottom, whichever is closest")
                }
                e.alignment = a
            case "distribution":
                let d = try r.choice(v, key, of: StackDistribution.self)
                guard d.isSupported(in: kind) else {
                    let supported = StackDistribution.allCases.filter { $0.isSupported(in: kind) }.map(\.rawValue).joined(separator: ", ")
                    throw r.error(
                        v, "distribution '\(d.rawValue)' is not supported yet in a \(kind.rawValue)",
                        hint: "supported: \(supported); typefit never lays it out as another distribution")
                }
                e.distribution = d
            case "layoutMargins": e.layoutMargins = try r.edges(v, key)
            case "children":
                e.children = try r.list(v, "children", allowScalar: false).map { try element($0, reader: r, depth: depth + 1, ids: &ids) }
            default: break
            }
        }
        // Completeness.
        switch kind {
        case .label where e.text == nil: throw r.error(node, "a label needs 'text' or 'key'")
        case .button where e.text == nil && e.image == nil: throw r.error(node, "a button needs a title ('text' or 'key') or an 'image'")
        case .textField where e.text == nil && e.placeholder == nil:
            throw r.error(node, "a text field needs 'placeholder', 'placeholderKey', 'text' or 'key'")
        case .imageView where e.width == nil || e.height == nil: throw r.error(node, "an imageView needs a width and a height")
        case .vstack, .hstack: if has("children") == nil { throw r.error(node, "a \(kind.rawValue) needs 'children'") }
        default: break
        }
        if let minC = e.minimumContentSizeCategory, let maxC = e.maximumContentSizeCategory, minC > maxC {
            throw r.error(node, "minimumContentSizeCategory (\(minC)) is above maximumContentSizeCategory (\(maxC))")
        }
        if kind == .spacer, has("height") != nil, let n = has("minHeight") {
            throw r.error(n, "a spacer takes 'height' or 'minHeight', not both")
        }
        if case .fill? = e.height, !isRoot { throw r.error(has("height")!, "height: fill is only allowed on the content root") }
        return e
    }

    static func dimension(_ node: Node, _ what: String, reader r: YAMLReader) throws -> Dimension {
        if case .scalar(let s) = node {
            if s.string == "fill" { return .fill }
            if s.string == "fit" { return .fit }
        }
        return .points(try r.number(node, what, max: 10_000))
    }

    static func font(_ node: Node, reader r: YAMLReader) throws -> FontSpecification {
        var family = "system", size: Double?, relativeTo: TextStyle?, maximum: Double?
        for (key, _, v) in try r.mapping(node, allowed: ["family", "size", "relativeTo", "maximumPointSize"], what: "font") {
            switch key {
            case "family": family = try r.string(v, "font.family")
            case "size": size = try r.number(v, "font.size", min: 1, max: 1000)
            case "relativeTo":
                let s = try r.string(v, "relativeTo")
                guard let style = TextStyle(name: s) else {
                    throw r.error(v, "unknown text style '\(s)'", hint: Suggestion.hint(for: s, in: TextStyle.allCases.map(\.rawValue)))
                }
                relativeTo = style
            default: maximum = try r.number(v, "maximumPointSize", min: 1, max: 1000)
            }
        }
        guard let size else { throw r.error(node, "font needs a 'size' (points at the Large category)") }
        return .custom(family: family, size: size, relativeTo: relativeTo, maximumPointSize: maximum)
    }

    static func fallback(_ node: Node, reader r: YAMLReader) throws -> Fallback {
        var text: TextSource?
        var table: String?
        var when: Fallback.Condition?
        for (key, _, v) in try r.mapping(node, allowed: ["text", "key", "table", "when"], what: "a fallback") {
            switch key {
            case "text": text = .literal(try r.text(v, "text"))
            case "key": text = .key(try r.string(v, "key"))
            case "table":
                let name = try r.string(v, "table")
                if let problem = TableName.problem(name) {
                    throw r.error(v, "invalid table name '\(ControlCharacters.escaped(String(name.prefix(80))))': \(problem)")
                }
                table = name
            default:
                if case .scalar(let s) = v {
                    guard s.string == "doesNotFit" else {
                        throw r.error(
                            v, "when must be 'doesNotFit' or {category: CATEGORY}", hint: Suggestion.hint(for: s.string, in: ["doesNotFit"])
                        )
                    }
                    when = .doesNotFit
                } else {
                    for (k2, _, v2) in try r.mapping(v, allowed: ["category"], what: "when") {
                        _ = k2
                        when = .fromCategory(try r.category(v2, "category"))
                    }
                }
            }
        }
        guard let text else { throw r.error(node, "a fallback needs 'text' or 'key'") }
        guard let when else { throw r.error(node, "a fallback needs 'when' (doesNotFit or {category: AX1})") }
        return Fallback(text: text, table: table, when: when, location: r.location(node))
    }
}
