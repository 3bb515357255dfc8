/// Reads one `measure --jsonl` request line without Foundation's `JSONDecoder`.
///
/// It accepts the subset of JSON that a well-formed request is — one object whose keys are request
/// keys, each at most once, with values of the types `MeasureRequest.init(from:)` decodes — and
/// returns exactly the request that decoder makes of it. Anything else (an unknown or repeated key, a
/// wrong type, a `null` text, a number out of range, a lone surrogate escape, invalid JSON) returns
/// nil: the caller then decodes the line with `JSONDecoder`, whose error message it reports, so a bad
/// line reads the same as before.
public enum MeasureRequestParser {
    /// The request in `line` (one JSONL line, its line break removed), or nil to decode it with
    /// `JSONDecoder` instead.
    public static func parse(_ line: String) -> MeasureRequest? {
        var line = line
        return line.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            return parser.request()
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func request() -> MeasureRequest? {
            skipSpace()
            guard next(is: UInt8(ascii: "{")) else { return nil }
            var request = MeasureRequest(text: "")
            var seen: UInt32 = 0
            skipSpace()
            if next(is: UInt8(ascii: "}")) { return nil }  // no text: JSONDecoder's "missing key" message
            while true {
                skipSpace()
                guard let (key, bit) = key() else { return nil }
                guard seen & bit == 0 else { return nil }
                seen |= bit
                skipSpace()
                guard next(is: UInt8(ascii: ":")) else { return nil }
                skipSpace()
                guard assign(key, to: &request) else { return nil }
                skipSpace()
                if next(is: UInt8(ascii: ",")) { continue }
                guard next(is: UInt8(ascii: "}")) else { return nil }
                break
            }
            skipSpace()
            guard i == bytes.count, seen & 1 != 0 else { return nil }  // text (bit 0) is required
            return request
        }

        /// A request key and its bit in `seen`: compared as bytes when the key has no escape (no String
        /// made), else decoded first; nil for anything but a request key.
        mutating func key() -> (MeasureRequest.CodingKeys, UInt32)? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            var j = i + 1
            while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != UInt8(ascii: "\\"), bytes[j] >= 0x20 { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "\"") {
                let token = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j])
                for entry in Parser.keys where entry.name.count == token.count && entry.name.elementsEqual(token) {
                    i = j + 1
                    return (entry.key, entry.bit)
                }
                return nil
            }
            guard let name = string(), let key = MeasureRequest.CodingKeys(rawValue: name),
                let entry = Parser.keys.first(where: { $0.key == key })
            else { return nil }
            return (key, entry.bit)
        }

        /// Every request key's UTF-8 name and bit.
        static let keys: [(name: [UInt8], key: MeasureRequest.CodingKeys, bit: UInt32)] = MeasureRequest.CodingKeys.allCases.enumerated()
            .map { (Array($1.rawValue.utf8), $1, UInt32(1) << UInt32($0)) }

        /// Reads the value of `key` into `request`; false when it is not what the key takes.
        mutating func assign(_ key: MeasureRequest.CodingKeys, to request: inout MeasureRequest) -> Bool {
            switch key {
            case .text:
                guard let s = string() else { return false }
                request.text = s
            case .font:
                if isNull() { return true }
                if let s = string() {
                    request.font = [s]
                } else if let list = stringArray() {
                    request.font = list
                } else {
                    return false
                }
            case .faceIndex:
                if isNull() { return true }
                guard let n = integer() else { return false }
                request.faceIndex = n
            case .weight:
                if isNull() { return true }
                if let s = string() {
                    request.weight = s
                } else if let n = integer() {
                    request.weight = String(n)
                } else {
                    return false
                }
            case .size:
                if isNull() { return true }
                guard let v = double() else { return false }
                request.size = v
            case .width:
                if isNull() { return true }
                guard let v = double() else { return false }
                request.width = v
            case .lines:
                if isNull() { return true }
                guard let n = integer() else { return false }
                request.lines = n
            case .lineHeight:
                if isNull() { return true }
                if let v = double() {
                    request.lineHeight = .points(v)
                } else if let s = string() {
                    // As `LineHeightValue.init(from:)`: "leading", or a number written as a string.
                    if s == "leading" {
                        request.lineHeight = .leading
                    } else if let v = Double(s) {
                        request.lineHeight = .points(v)
                    } else {
                        return false
                    }
                } else {
                    return false
                }
            case .style, .category, .lineBreak, .locale, .tracking, .variations:
                if isNull() { return true }
                guard let s = string() else { return false }
                switch key {
                case .style: request.style = s
                case .category: request.category = s
                case .lineBreak: request.lineBreak = s
                case .locale: request.locale = s
                case .tracking: request.tracking = s
                default: request.variations = s
                }
            }
            return true
        }

        mutating func skipSpace() {
            while i < bytes.count {
                let b = bytes[i]
                guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
                i += 1
            }
        }

        mutating func next(is byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }

        mutating func isNull() -> Bool {
            guard bytes.count - i >= 4, bytes[i] == UInt8(ascii: "n"), bytes[i + 1] == UInt8(ascii: "u"),
                bytes[i + 2] == UInt8(ascii: "l"), bytes[i + 3] == UInt8(ascii: "l")
            else { return false }
            i += 4
            return true
        }

        /// A JSON string; nil (position unchanged) when the next value is not one, or has a control
        /// character, a bad escape or a lone surrogate.
        mutating func string() -> String? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            let start = i + 1
            var j = start
            // The common case: no escapes, one copy.
            while j < bytes.count {
                let b = bytes[j]
                if b == UInt8(ascii: "\"") {
                    i = j + 1
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<j]), as: UTF8.self)
                }
                if b == UInt8(ascii: "\\") { break }
                if b < 0x20 { return nil }
                j += 1
            }
            guard j < bytes.count else { return nil }
            var out: [UInt8] = Array(bytes[start..<j])
            while j < bytes.count {
                let b = bytes[j]
                if b == UInt8(ascii: "\"") {
                    i = j + 1
                    return String(decoding: out, as: UTF8.self)
                }
                if b < 0x20 { return nil }
                if b != UInt8(ascii: "\\") {
                    out.append(b)
                    j += 1
                    continue
                }
                guard j + 1 < bytes.count else { return nil }
                let e = bytes[j + 1]
                j += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hex4(at: j) else { return nil }
                    j += 4
                    var scalar: Unicode.Scalar?
                    if UTF16.isLeadSurrogate(unit) {
                        guard j + 1 < bytes.count, bytes[j] == UInt8(ascii: "\\"), bytes[j + 1] == UInt8(ascii: "u"),
                            let low = hex4(at: j + 2), UTF16.isTrailSurrogate(low)
                        else { return nil }
                        j += 6
                        scalar = Unicode.Scalar((UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00) + 0x10000)
                    } else if !UTF16.isTrailSurrogate(unit) {
                        scalar = Unicode.Scalar(unit)
                    }
                    guard let scalar else { return nil }
                    out.append(contentsOf: UTF8.encode(scalar)!)
                default:
                    return nil
                }
            }
            return nil
        }

        func hex4(at k: Int) -> UInt16? {
            guard k + 4 <= bytes.count else { return nil }
            var v: UInt16 = 0
            for b in bytes[k..<k + 4] {
                let d: UInt8
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
                default: return nil
                }
                v = v << 4 | UInt16(d)
            }
            return v
        }

        /// An array of strings (possibly empty).
        mutating func stringArray() -> [String]? {
            guard next(is: UInt8(ascii: "[")) else { return nil }
            var list: [String] = []
            skipSpace()
            if next(is: UInt8(ascii: "]")) { return list }
            while true {
                skipSpace()
                guard let s = string() else { return nil }
                list.append(s)
                skipSpace()
                if next(is: UInt8(ascii: ",")) { continue }
                guard next(is: UInt8(ascii: "]")) else { return nil }
                return list
            }
        }

        /// The bytes of a JSON number (strict grammar) and whether it has no fraction or exponent.
        mutating func number() -> (UnsafeBufferPointer<UInt8>, isInteger: Bool)? {
            let start = i
            var j = i
            func digits() -> Int {
                let from = j
                while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") { j += 1 }
                return j - from
            }
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") { j += 1 }
            let intStart = j
            let n = digits()
            guard n > 0, !(n > 1 && bytes[intStart] == UInt8(ascii: "0")) else { return nil }
            var isInteger = true
            if j < bytes.count, bytes[j] == UInt8(ascii: ".") {
                j += 1
                guard digits() > 0 else { return nil }
                isInteger = false
            }
            if j < bytes.count, bytes[j] == UInt8(ascii: "e") || bytes[j] == UInt8(ascii: "E") {
                j += 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
                guard digits() > 0 else { return nil }
                isInteger = false
            }
            i = j
            return (UnsafeBufferPointer(rebasing: bytes[start..<j]), isInteger)
        }

        /// A finite number (nil, position unchanged, for anything else).
        mutating func double() -> Double? {
            let start = i
            guard let (digits, _) = number(), let v = Double(String(decoding: digits, as: UTF8.self)), v.isFinite else {
                i = start
                return nil
            }
            return v
        }

        /// An integer literal (no fraction, no exponent, no "-0") that fits in `Int`.
        mutating func integer() -> Int? {
            let start = i
            guard let (digits, isInteger) = number(), isInteger,
                !(digits.count >= 2 && digits[0] == UInt8(ascii: "-") && digits[1] == UInt8(ascii: "0")),
                let n = Int(String(decoding: digits, as: UTF8.self))
            else {
                i = start
                return nil
            }
            return n
        }
    }
}
