import CSHA256

/// SHA-256 (FIPS 180-4), so replay hashes need no crypto library: MorphKit stays importable
/// with nothing installed, and `morph replay --hashes` prints the same digests as `sha256sum`.
/// On a CPU with the x86 SHA extensions the blocks go through them (`CSHA256`, ~10× fewer
/// cycles a byte); the Swift rounds below serve every other CPU and are the tests' oracle.
public struct SHA256: Sendable {
    /// Whether this CPU has the SHA extensions (checked once per process).
    static let extensionsAvailable = morph_sha256_extensions_available() != 0

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    private let usesExtensions: Bool

    /// A hasher with nothing fed in yet.
    public init() { usesExtensions = Self.extensionsAvailable }

    /// A hasher that uses the SHA extensions only if `usingExtensions` and the CPU has them;
    /// false keeps to the portable Swift rounds (tests compare the two).
    public init(usingExtensions: Bool) { usesExtensions = usingExtensions && Self.extensionsAvailable }

    /// Adds bytes to the message.
    public mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil { Array(bytes).withUnsafeBytes { update($0) } }
    }

    /// Whole blocks straight from `buffer`; only a partial block is copied into `pending`.
    private mutating func update(_ buffer: UnsafeRawBufferPointer) {
        byteCount &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            offset = take
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (buffer.count - offset) / 64
        if whole > 0 {
            compress(buffer.baseAddress! + offset, blocks: whole)
            offset += whole * 64
        }
        if offset < buffer.count { pending.append(contentsOf: buffer[offset...]) }
    }

    /// The 32-byte digest of everything added (the hasher is consumed).
    public consuming func finalize() -> [UInt8] {
        let bitCount = byteCount &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
        tail.withUnsafeBytes { buffer in compress(buffer.baseAddress!, blocks: buffer.count / 64) }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return digest
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    public static func hexDigest<Bytes: Sequence<UInt8>>(of bytes: Bytes) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        let hexDigits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in hasher.finalize() {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `blocks` consecutive 64-byte blocks from `start`.
    private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
        if usesExtensions {
            withUnsafeMutableBytes(of: &state) { words in
                morph_sha256_compress_blocks(
                    words.baseAddress!.assumingMemoryBound(to: UInt32.self), start.assumingMemoryBound(to: UInt8.self), blocks)
            }
            return
        }
        for index in 0..<blocks { compress(start + 64 * index) }
    }

    /// One 64-byte block at `block`, in Swift.
    private mutating func compress(_ block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            for index in 0..<16 {
                schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            for index in 16..<64 {
                let s0 =
                    Self.rotateRight(schedule[index - 15], 7) ^ Self.rotateRight(schedule[index - 15], 18)
                    ^ (schedule[index - 15] &>> 3)
                let s1 =
                    Self.rotateRight(schedule[index - 2], 17) ^ Self.rotateRight(schedule[index - 2], 19)
                    ^ (schedule[index - 2] &>> 10)
                schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
            }
            Self.roundConstants.withUnsafeBufferPointer { k in
                var (a, b, c, d, e, f, g, h) = state
                // Eight rounds per pass with the variables renamed instead of shifted.
                for i in stride(from: 0, to: 64, by: 8) {
                    Self.round(a, b, c, &d, e, f, g, &h, k[i] &+ schedule[i])
                    Self.round(h, a, b, &c, d, e, f, &g, k[i + 1] &+ schedule[i + 1])
                    Self.round(g, h, a, &b, c, d, e, &f, k[i + 2] &+ schedule[i + 2])
                    Self.round(f, g, h, &a, b, c, d, &e, k[i + 3] &+ schedule[i + 3])
                    Self.round(e, f, g, &h, a, b, c, &d, k[i + 4] &+ schedule[i + 4])
                    Self.round(d, e, f, &g, h, a, b, &c, k[i + 5] &+ schedule[i + 5])
                    Self.round(c, d, e, &f, g, h, a, &b, k[i + 6] &+ schedule[i + 6])
                    Self.round(b, c, d, &e, f, g, h, &a, k[i + 7] &+ schedule[i + 7])
                }
                state = (
                    state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                    state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
                )
            }
        }
    }

    /// One SHA-256 round: `d` gains temp1, `h` becomes the new `a` (FIPS 180-4 6.2.2 step 3,
    /// with the register shuffle left to the caller's renaming). `kw` is K[t] + W[t].
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32
    ) {
        let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
        let choose = (e & f) ^ (~e & g)
        let temp1 = h &+ sum1 &+ choose &+ kw
        let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
        let majority = (a & b) ^ (a & c) ^ (b & c)
        d &+= temp1
        h = temp1 &+ sum0 &+ majority
    }

    // Masking shifts: the counts are constants in 1...31, so no over-shift checks are needed.
    @inline(__always)
    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value &>> count) | (value &<< (32 &- count))
    }
}
