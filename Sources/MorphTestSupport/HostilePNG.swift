/// PNG files that lie about their size, for tests of the limits checked before decoding.
public enum HostilePNG {
    /// 45 bytes: the signature, an `IHDR` chunk claiming `width × height` 8-bit RGBA pixels and
    /// `IEND`, each chunk's CRC correct, and no pixel data.
    public static func header(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", ihdr) + chunk("IEND", [])
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
