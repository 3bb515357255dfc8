/// A parsed JSON value that remembers where it was in the file, so that a structural problem
/// (`"strings"` not an object, a `stringUnit` without `value`) can be reported with a line and column.
///
/// Objects keep their members in file order; a repeated member name keeps the last value,
/// as `JSONSerialization` does.
public struct JSONNode: Sendable {
    /// The value.
    public var value: JSONValue
    /// UTF-8 byte offset of the value's first character.
    public var offset: Int

    /// The value at `place` on `tape`, with everything in it.
    init(_ tape: JSONTape, _ place: Int) {
        offset = tape.offset(place)
        switch tape.kind(place) {
        case .object:
            var object = JSONObject()
            var n = place + 1
            for _ in 0..<tape.count(place) {
                object.set(tape.string(n), JSONNode(tape, n + 1))
                n = tape.after(n + 1)
            }
            value = .object(object)
        case .array:
            var items: [JSONNode] = []
            var n = place + 1
            for _ in 0..<tape.count(place) {
                items.append(JSONNode(tape, n))
                n = tape.after(n)
            }
            value = .array(items)
        case .string: value = .string(tape.string(place))
        case .number: value = .number(tape.numberText(place))
        case .true: value = .bool(true)
        case .false: value = .bool(false)
        case .null: value = .null
        }
    }
}

/// The kinds of JSON value.
public enum JSONValue: Sendable {
    case object(JSONObject)
    case array([JSONNode])
    case string(String)
    /// The number's text as written, e.g. `"2"`, `"-1.5e3"`.
    case number(String)
    case bool(Bool)
    case null

    /// "an object", "a string", … for error messages.
    public var kindDescription: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A JSON object: members in file order, with lookup by name.
public struct JSONObject: Sendable {
    /// Members in file order (a repeated name appears once, at its first place, with its last value).
    public private(set) var members: [(name: String, node: JSONNode)] = []
    /// The members' places by name, made once the object has more than `linearLimit` members: most
    /// objects of a String Catalog have one to three, found faster by comparing their names.
    private var index: [String: Int]?
    private static let linearLimit = 8

    /// Adds or replaces a member.
    mutating func set(_ name: String, _ node: JSONNode) {
        if let i = position(of: name) {
            members[i].node = node
            return
        }
        // Room for two members at the first: a String Catalog's objects mostly hold one or two
        // (`stringUnit`; `state` and `value`), and growing an array of one to two cost an allocation
        // and a copy. (Room for four made a 10 MB catalog's peak 17 MB higher.)
        if members.isEmpty { members.reserveCapacity(2) }
        members.append((name, node))
        if index != nil {
            index?[name] = members.count - 1
        } else if members.count > Self.linearLimit {
            // The names are distinct (each was looked for before it was added).
            index = Dictionary(uniqueKeysWithValues: members.indices.map { (members[$0].name, $0) })
        }
    }

    /// The member called `name`.
    public subscript(name: String) -> JSONNode? {
        position(of: name).map { members[$0].node }
    }

    private func position(of name: String) -> Int? {
        if let index { return index[name] }
        return members.firstIndex { $0.name == name }
    }

    /// Member names in file order.
    public var names: [String] { members.map(\.name) }
}
