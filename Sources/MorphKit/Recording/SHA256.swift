import CSHA256

/// SHA-256 (FIPS 180-4), so replay hashes need no crypto library: MorphKit stays importable
/// with nothing installed, and `morph replay --hashes` prints the same digests as `sha256sum`.
/// This type buffers and pads; the blocks are compressed by `CSHA256`, which picks the x86 SHA
/// extensions where the CPU has them (~10× fewer cycles a byte) and portable rounds elsewhere.
public struct SHA256: Sendable {

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
    )
    private var pending: [UInt8] = []
    private var byteCount: UInt64 = 0

    /// False keeps to the portable rounds whatever the CPU has.
    private let mayUseExtensions: Bool

    /// A hasher with nothing fed in yet.
    public init() { mayUseExtensions = true }

    /// A hasher that uses the SHA extensions only if `usingExtensions` and the CPU has them;
    /// false keeps to the portable rounds (tests compare the two).
    public init(usingExtensions: Bool) { mayUseExtensions = usingExtensions }

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
        let compress = mayUseExtensions ? morph_sha256_compress : morph_sha256_compress_portable
        withUnsafeMutableBytes(of: &state) { words in
            compress(words.baseAddress!.assumingMemoryBound(to: UInt32.self), start.assumingMemoryBound(to: UInt8.self), blocks)
        }
    }
}
