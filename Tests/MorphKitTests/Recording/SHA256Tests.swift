import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct SHA256Tests {
    /// FIPS 180-4 example vectors (NIST CSRC "SHA-256" examples).
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
        var portable = SHA256(usingExtensions: false)
        portable.update(Array(message.utf8))
        #expect(Self.hex(portable.finalize()) == digest, "portable rounds")
    }

    static func hex(_ digest: [UInt8]) -> String {
        digest.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    @Test func oneMillionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalUpdatesEqualOneShot() {
        var random = SeededRandomNumberGenerator(seed: 7)
        let bytes = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &random) }
        var hasher = SHA256()
        var start = 0
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 441] {
            hasher.update(bytes[start..<start + length])
            start += length
        }
        #expect(start == 1000)
        let hex = hasher.finalize().map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
        #expect(hex == SHA256.hexDigest(of: bytes))
    }

    /// The SHA extensions path (where the CPU has it) and the portable rounds agree on
    /// every length around the block boundaries, in one update and split into pieces.
    @Test func extensionsAgreeWithPortableRounds() {
        var random = SeededRandomNumberGenerator(seed: 11)
        let bytes = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        for length in [0, 1, 55, 56, 63, 64, 65, 128, 191, 1000, 10_240, 20_000] {
            var fast = SHA256(usingExtensions: true)
            var portable = SHA256(usingExtensions: false)
            fast.update(bytes[0..<length / 3])
            fast.update(bytes[length / 3..<length])
            portable.update(bytes[0..<length])
            #expect(fast.finalize() == portable.finalize(), "\(length) bytes")
        }
    }

    /// Every length around the padding boundaries against coreutils' `sha256sum`, an
    /// independent implementation, on seeded random bytes.
    @Test func agreesWithSha256sum() throws {
        let tool = URL(fileURLWithPath: "/usr/bin/sha256sum")
        try #require(FileManager.default.isExecutableFile(atPath: tool.path), "needs coreutils sha256sum")
        var random = SeededRandomNumberGenerator(seed: 2024)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [(URL, [UInt8])] = []
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 65_537] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let url = directory.appendingPathComponent("bytes-\(length)")
            try Data(bytes).write(to: url)
            files.append((url, bytes))
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = files.map(\.0.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = text.split(separator: "\n")
        #expect(lines.count == files.count)
        for (line, (url, bytes)) in zip(lines, files) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(fields.last.map(String.init) == url.path)
            #expect(fields.first.map(String.init) == SHA256.hexDigest(of: bytes), "\(bytes.count) bytes")
            var portable = SHA256(usingExtensions: false)
            portable.update(bytes)
            #expect(fields.first.map(String.init) == Self.hex(portable.finalize()), "\(bytes.count) bytes, portable rounds")
        }
    }
}
