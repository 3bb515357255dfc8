import CTypefitSHA256
import Foundation

/// SHA-256 (FIPS 180-4), for the font checksums in reports. Foundation on Linux has no digest API.
///
/// Why not swift-crypto's `SHA256` (measured on this project's 2-core CI machine kind): it hashes
/// a 19.5 MB CJK collection at 2,074 MB/s against 343 MB/s here, but its BoringSSL sources add 49 s
/// to a fresh release build and 33 s to a fresh debug build, and CI builds from scratch four times
/// (tests, release, the plugin route, the fuzzing build). The digests are computed only for a JSON
/// report, in parallel, and take about 0.1 s on the shipped specs, so the dependency would cost far
/// more than it saves. Checked against Python's hashlib vectors and `sha256sum` of every bundled font
/// (`SHA256Tests`).
///
/// Where the processor has the x86 SHA extensions, blocks are compressed by their round instructions
/// (`CTypefitSHA256`, a few lines of C): 1,080–1,160 MB/s on the 20 MB CJK collection on this machine
/// kind against the portable loop's 235–255 MB/s the same day (session 85), which stays the path
/// everywhere else. (Under valgrind, which has no such instructions, the portable loop runs.)
public enum SHA256 {
    /// Whether blocks go through the SHA extensions (asked of the processor once per process).
    static let accelerated = tf_sha256_accelerated() != 0

    /// The round constants (FIPS 180-4 §4.2.2), one table for both paths: the C target's.
    private static var k: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: tf_sha256_round_constants(), count: 64) }

    /// Lower-case hex digest of `data`.
    ///
    /// One pass over the bytes with the state and the message schedule in locals (no arrays, closures
    /// or exclusivity checks per block): the bundled CJK collections are 20 MB each and every audit
    /// report lists the checksum of each font it used.
    public static func hex(_ data: Data) -> String {
        var digest = Digest()
        data.withUnsafeBytes { digest.update($0) }
        return digest.finish()
    }

    /// Lower-case hex digest of the file at `path`, read in pieces of a megabyte into one buffer; nil
    /// when it cannot be opened or read.
    ///
    /// Not through a memory mapping: hashing a mapped file makes every page of it part of the
    /// process's resident memory until it exits (the two CJK collections alone are 40 MB), while
    /// pages read into a buffer stay in the system's file cache.
    public static func hex(ofFileAt path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let size = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        var digest = Digest()
        while true {
            let n = read(fd, buffer.baseAddress, size)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            digest.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        return digest.finish()
    }

    /// The running hash: whole 64-byte blocks are compressed as they arrive, the rest is kept for the
    /// next piece or the padding.
    struct Digest {
        /// Compress with the SHA extensions when the processor has them (tests turn it off to check
        /// the portable loop on the same bytes).
        var accelerated = SHA256.accelerated
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        var length: UInt64 = 0
        /// Bytes of an incomplete block (fewer than 64).
        var pending: [UInt8] = []

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            length &+= UInt64(bytes.count)
            var offset = 0
            if !pending.isEmpty {
                let take = min(64 - pending.count, bytes.count)
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<take]))
                offset = take
                guard pending.count == 64 else { return }
                let block = pending
                pending.removeAll(keepingCapacity: true)
                block.withUnsafeBytes { compressBlocks($0.baseAddress!, count: 1) }
            }
            let blocks = (bytes.count - offset) / 64
            if blocks > 0 { compressBlocks(base + offset, count: blocks) }
            offset += blocks * 64
            if offset < bytes.count { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
        }

        private mutating func compressBlocks(_ p: UnsafeRawPointer, count: Int) {
            if accelerated {
                withUnsafeMutableBytes(of: &state) { words in
                    tf_sha256_compress_accelerated(
                        words.baseAddress!.assumingMemoryBound(to: UInt32.self), p.assumingMemoryBound(to: UInt8.self), count)
                }
                return
            }
            let k = SHA256.k
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for n in 0..<count { compress(&state, p + n * 64, w, k) }
            }
        }

        /// The padded last blocks (FIPS 180-4 §5.1.1), then the digest in hex.
        mutating func finish() -> String {
            let bitLength = length &* 8
            var tail = pending
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
            tail.withUnsafeBytes { compressBlocks($0.baseAddress!, count: tail.count / 64) }
            let h = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
            let digits = Array("0123456789abcdef".utf8)
            var out = [UInt8]()
            out.reserveCapacity(64)
            for word in h {
                for shift in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// One 64-byte block into the state (FIPS 180-4 §6.2.2).
    @inline(__always)
    private static func compress(
        _ h: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
        _ p: UnsafeRawPointer, _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
    ) {
        for i in 0..<16 {
            w[i] = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
        }
        for i in 16..<64 {
            let a = w[i - 15], b = w[i - 2]
            let s0 = a.rotr(7) ^ a.rotr(18) ^ (a >> 3)
            let s1 = b.rotr(17) ^ b.rotr(19) ^ (b >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, hh) = h
        for i in 0..<64 {
            let s1 = e.rotr(6) ^ e.rotr(11) ^ e.rotr(25)
            let ch = (e & f) ^ (~e & g)
            let t1 = hh &+ s1 &+ ch &+ k[i] &+ w[i]
            let s0 = a.rotr(2) ^ a.rotr(13) ^ a.rotr(22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e, h.5 &+ f, h.6 &+ g, h.7 &+ hh)
    }
}

private extension UInt32 {
    @inline(__always) func rotr(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 &- n)) }
}
