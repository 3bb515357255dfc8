import Foundation
import TypefitCore

/// Turns the bytes of a strings file into text, the way Foundation reads `.strings` files:
/// a UTF-8 or UTF-16 byte-order mark decides the encoding; without one the bytes must be UTF-8,
/// unless they are plainly UTF-16 (every other byte zero in the first line), as old Xcode wrote them.
///
/// Unlike `String(decoding:)`, nothing is replaced silently: an invalid byte sequence or an
/// unpaired surrogate is an `InputError` with its line and column.
enum TextFileDecoder {
    /// The encodings told apart.
    enum Encoding: Equatable {
        case utf8, utf16LittleEndian, utf16BigEndian
    }

    /// Decodes `bytes`, naming `file` in errors.
    static func decode(_ bytes: [UInt8], file: String) throws -> String {
        let (encoding, start) = detect(bytes)
        switch encoding {
        case .utf8:
            return try decodeUTF8(bytes, from: start, file: file)
        case .utf16LittleEndian, .utf16BigEndian:
            return try decodeUTF16(bytes, from: start, bigEndian: encoding == .utf16BigEndian, file: file)
        }
    }

    /// The encoding and the offset of the first byte after the byte-order mark.
    static func detect(_ bytes: [UInt8]) -> (Encoding, Int) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return (.utf8, 3) }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
        // No BOM: UTF-16 text of ASCII characters has a zero in every other byte.
        let sample = bytes.prefix(64)
        if sample.count >= 4, sample.count % 2 == 0 {
            let even = stride(from: 0, to: sample.count, by: 2).filter { sample[sample.startIndex + $0] == 0 }.count
            let odd = stride(from: 1, to: sample.count, by: 2).filter { sample[sample.startIndex + $0] == 0 }.count
            let half = sample.count / 2
            if odd == half && even == 0 { return (.utf16LittleEndian, 0) }
            if even == half && odd == 0 { return (.utf16BigEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// Whether `text`'s UTF-8 is `bytes` (`SameBytes`: compared as memory).
    private static func sameBytes(_ text: String, _ bytes: ArraySlice<UInt8>) -> Bool {
        var text = text
        return text.withUTF8 { a in bytes.withUnsafeBufferPointer { b in SameBytes.equal(a, b) } }
    }

    private static func decodeUTF8(_ bytes: [UInt8], from start: Int, file: String) throws -> String {
        // Fast path: the standard library's decoder replaces invalid sequences with U+FFFD, so the
        // text is valid exactly when its UTF-8 is the input unchanged. Only invalid input takes the
        // scalar-by-scalar path below, which finds the line and column of the first bad byte.
        let body = bytes[start...]
        let decoded = String(decoding: body, as: UTF8.self)
        if decoded.utf8.count == body.count && Self.sameBytes(decoded, body) { return decoded }
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        var line = 1, column = 1
        var i = start
        while i < bytes.count {
            let b0 = bytes[i]
            var length = 0
            var value: UInt32 = 0
            var minimum: UInt32 = 0
            switch b0 {
            case 0x00...0x7F: length = 1; value = UInt32(b0)
            case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F); minimum = 0x80
            case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F); minimum = 0x800
            case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07); minimum = 0x10000
            default: length = 0
            }
            var valid = length > 0 && i + length <= bytes.count
            if valid {
                for k in 1..<length {
                    let b = bytes[i + k]
                    if b & 0xC0 != 0x80 { valid = false; break }
                    value = (value << 6) | UInt32(b & 0x3F)
                }
            }
            guard valid, value >= minimum, let scalar = Unicode.Scalar(value) else {
                throw InputError(
                    file: file, line: line, column: column,
                    message: String(format: "not valid UTF-8 (byte 0x%02X)", b0),
                    hint: "save the file as UTF-8 or UTF-16 with a byte-order mark")
            }
            scalars.append(scalar)
            advance(&line, &column, over: scalar, previous: i > start ? bytes[i - 1] : nil)
            i += length
        }
        return String(scalars)
    }

    private static func decodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, file: String) throws -> String {
        var scalars = String.UnicodeScalarView()
        var line = 1, column = 1
        var previous: UInt8?
        func unit(at i: Int) -> UInt16 {
            bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i])
        }
        var i = start
        while i < bytes.count {
            guard i + 1 < bytes.count else {
                throw InputError(
                    file: file, line: line, column: column,
                    message: "not valid UTF-16 (odd number of bytes)")
            }
            let u = unit(at: i)
            var value = UInt32(u)
            var size = 2
            if (0xD800...0xDBFF).contains(u) {
                guard i + 3 < bytes.count, (0xDC00...0xDFFF).contains(unit(at: i + 2)) else {
                    throw InputError(
                        file: file, line: line, column: column,
                        message: String(format: "not valid UTF-16 (unpaired surrogate 0x%04X)", u))
                }
                value = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(unit(at: i + 2)) - 0xDC00)
                size = 4
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw InputError(
                    file: file, line: line, column: column,
                    message: String(format: "not valid UTF-16 (unpaired surrogate 0x%04X)", u))
            }
            scalars.append(scalar)
            advance(&line, &column, over: scalar, previous: previous)
            previous = scalar.value < 0x80 ? UInt8(scalar.value) : nil
            i += size
        }
        return String(scalars)
    }

    /// Line/column bookkeeping shared by the decoders; "\r\n" counts as one line break.
    private static func advance(_ line: inout Int, _ column: inout Int, over scalar: Unicode.Scalar, previous: UInt8?) {
        if scalar == "\n" {
            if previous == 0x0D { return }  // the "\r" already started the line
            line += 1; column = 1
        } else if scalar == "\r" {
            line += 1; column = 1
        } else {
            column += 1
        }
    }
}

/// Finds the 1-based line and column (in Unicode scalars) of a position in text.
/// "\n", "\r\n" and "\r" each end a line.
struct TextPosition: Equatable, Sendable {
    var line: Int
    var column: Int

    /// The position of UTF-8 byte `offset` in `bytes` (which must be valid UTF-8).
    init(utf8 bytes: [UInt8], offset: Int) {
        var line = 1, column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A {
                if !(i > 0 && bytes[i - 1] == 0x0D) { line += 1; column = 1 }
            } else if b == 0x0D {
                line += 1; column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        self.line = line
        self.column = column
    }

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
