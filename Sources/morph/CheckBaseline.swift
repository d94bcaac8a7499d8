import Foundation
import MorphKit

/// A recording's stored baseline (`schemas/baseline.md`): the SHA-256 of every frame's
/// display list in `NAME.baseline.json`, and the distinct display lists themselves,
/// newline-separated and deflated, in `NAME.baseline.zz`. Frame `i` is taken at `i / frameRate`
/// seconds, as `Replay` takes it.
struct CheckBaseline: Sendable, Equatable {
    static let format = "morph.baseline"
    static let version = 1

    /// File name of the recording (no folder), for a reader of the JSON.
    var recording: String
    var frameRate: Double
    /// Per frame, the display list's SHA-256 as hex.
    var hashes: [String]
    /// Display list bytes by hash (every hash in `hashes` has one).
    var lists: [String: [UInt8]]

    /// The frames of a replay as a baseline.
    init(recording: String, frameRate: Double, frames: [Replay.Frame]) {
        self.recording = recording
        self.frameRate = frameRate
        // A frame equal to the one before (a held finger, a spinner between its steps) takes
        // its hash: comparing the bytes costs a tenth of hashing them.
        var hashes: [String] = []
        hashes.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            if index > 0, Self.sameBytes(frame.displayList, frames[index - 1].displayList) {
                hashes.append(hashes[index - 1])
            } else {
                hashes.append(frame.hash)
            }
        }
        self.hashes = hashes
        var lists: [String: [UInt8]] = [:]
        for (frame, hash) in zip(frames, hashes) where lists[hash] == nil { lists[hash] = frame.displayList }
        self.lists = lists
    }

    /// The display list of frame `index`, clamped to the last frame (a finished run holds
    /// its last frame).
    func displayList(at index: Int) -> [UInt8] {
        lists[hashes[min(index, hashes.count - 1)]]!
    }

    /// Distinct hashes in order of first appearance: the line order of the deflated file.
    var distinctHashes: [String] {
        var seen = Set<String>()
        return hashes.filter { seen.insert($0).inserted }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A baseline file's bytes, refused unread when larger than `maxBytes`.
    private static func read(_ url: URL, maxBytes: Int) throws(Failure) -> [UInt8] {
        do throws(FolderFile.Failure) {
            return try FolderFile.read(url.path, maxBytes: maxBytes)
        } catch .tooLarge(let bytes, let limit) {
            throw Failure(description: "\(url.path): \(bytes) bytes; a baseline file is at most \(limit)")
        } catch {
            throw Failure(description: "\(url.path): cannot be read")
        }
    }

    /// The two files of a recording's baseline: beside it, or under `directory` at the
    /// recording's path relative to its root.
    struct Location: Sendable {
        var json: URL
        var lists: URL

        init(recording: URL, relativePath: String, directory: URL?) {
            let stem = String(relativePath.dropLast(".jsonl".count))
            let base: URL
            if let directory {
                base = directory.appendingPathComponent(stem)
            } else {
                base = recording.deletingPathExtension()
            }
            json = URL(fileURLWithPath: base.path + ".baseline.json")
            lists = URL(fileURLWithPath: base.path + ".baseline.zz")
        }

        var exists: Bool { FileManager.default.fileExists(atPath: json.path) }
    }

    /// Writes both files (creating folders); the JSON names one hash per line so a changed
    /// baseline reads well in a diff.
    func write(to location: Location) throws {
        let order = distinctHashes
        var inflated: [UInt8] = []
        for hash in order {
            inflated += lists[hash]!
            inflated.append(UInt8(ascii: "\n"))
        }
        let deflated = try Deflate.compress(inflated)
        var text = "{\"format\":\"\(Self.format)\",\"version\":\(Self.version),"
        text += "\"recording\":\(JSONText.string(recording)),\"frameRate\":\(JSONText.number(frameRate)),"
        text += "\"frameCount\":\(hashes.count),\n"
        text += "\"displayLists\":{\"file\":\(JSONText.string(location.lists.lastPathComponent)),"
        text += "\"encoding\":\"zlib\",\"count\":\(order.count),\"bytes\":\(inflated.count)},\n"
        text += "\"frames\":[\n"
        text += hashes.map { "\"\($0)\"" }.joined(separator: ",\n")
        text += "\n]}\n"
        try FileManager.default.createDirectory(
            at: location.json.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(deflated).write(to: location.lists)
        try Data(text.utf8).write(to: location.json)
    }

    /// The JSON file's fields, read through MorphJSON's cursor (unknown keys ignored).
    private struct Document {
        struct Lists {
            var file: String
            var encoding: String
            var count: Int
            var bytes: Int
        }
        var format: String
        var version: Int
        var recording: String
        var frameRate: Double
        var frameCount: Int
        var displayLists: Lists
        var frames: [String]

        init(json: JSONCursor) throws(JSONError) {
            format = try json.required("format").string()
            version = try json.required("version").integer()
            recording = try json.required("recording").string()
            frameRate = try json.required("frameRate").number()
            frameCount = try json.required("frameCount").integer()
            let lists = try json.required("displayLists")
            displayLists = Lists(
                file: try lists.required("file").string(), encoding: try lists.required("encoding").string(),
                count: try lists.required("count").integer(), bytes: try lists.required("bytes").integer())
            frames = []
            for frame in try json.required("frames").elements() { frames.append(try frame.string()) }
        }
    }

    /// Whether the two hold the same bytes (`memcmp`; `==` compared them one by one).
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count
            && a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
            }
    }

    /// The non-empty lines of `bytes` (as `split(separator: "\n")` finds them), by a plain
    /// scan: the generic `split` called a closure a byte, a quarter of `morph check`'s time.
    static func lines(of bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let base = buffer.baseAddress!
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
                let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
                if end > start { lines.append(start..<end) }
                start = end + 1
            }
        }
        return lines
    }

    /// The largest baseline JSON read: 65 bytes a frame, so a million frames.
    static let maxJSONBytes = 64 * 1024 * 1024
    /// The largest deflated lists file read.
    static let maxDeflatedBytes = 256 * 1024 * 1024
    /// The most bytes the lists may inflate to (`displayLists.bytes`, allocated before
    /// inflating): today's baselines hold 2-4 MB.
    static let maxInflatedBytes = 512 * 1024 * 1024
    /// zlib's largest expansion (deflate's best case, runs of one byte) is 1032:1, so a stated
    /// size beyond it for the file at hand is a lie, refused before it is allocated.
    static let maxDeflateRatio = 1032

    /// Reads a baseline, checking that the lists inflate intact and match the frames in number.
    /// Sizes are checked before anything is allocated for them: each file's with `fstat`, and
    /// the stated inflated size against `maxInflatedBytes` and the deflated file's size.
    init(contentsOf location: Location) throws(Failure) {
        let name = location.json.path
        let document: Document
        do {
            let data = try Self.read(location.json, maxBytes: Self.maxJSONBytes)
            document = try Document(json: try JSONCursor(parsing: data))
        } catch let error as Failure {
            throw error
        } catch let error as JSONError {
            throw Failure(description: "\(name): not a readable baseline (\(error))")
        } catch {
            throw Failure(description: "\(name): not a readable baseline (\(error.localizedDescription))")
        }
        guard document.format == Self.format else { throw Failure(description: "\(name): format is not \(Self.format)") }
        guard document.version == Self.version else {
            throw Failure(description: "\(name): baseline version \(document.version) is not supported (\(Self.version))")
        }
        guard document.frameCount == document.frames.count, !document.frames.isEmpty else {
            throw Failure(description: "\(name): frameCount \(document.frameCount) but \(document.frames.count) frames")
        }
        guard document.displayLists.encoding == "zlib" else {
            throw Failure(description: "\(name): display-list encoding \(document.displayLists.encoding) (expected zlib)")
        }
        let listsURL = location.json.deletingLastPathComponent().appendingPathComponent(document.displayLists.file)
        let deflated = try Self.read(listsURL, maxBytes: Self.maxDeflatedBytes)
        let stated = document.displayLists.bytes
        guard stated <= Self.maxInflatedBytes, stated <= deflated.count * Self.maxDeflateRatio + 64 else {
            throw Failure(
                description:
                    "\(name): displayLists.bytes \(stated) is more than \(listsURL.lastPathComponent) (\(deflated.count) bytes) can hold (at most \(min(Self.maxInflatedBytes, deflated.count * Self.maxDeflateRatio + 64)))"
            )
        }
        let inflated: [UInt8]
        do {
            inflated = try Deflate.decompress(deflated, count: stated)
        } catch {
            throw Failure(description: "\(listsURL.path): \(error)")
        }
        // Line k is the list of the k-th distinct hash in frame order; zlib's Adler-32 has
        // already checked the bytes, so the lines are not hashed again (half the cost).
        let lines = Self.lines(of: inflated)
        var lists: [String: [UInt8]] = [:]
        var order: [String] = []
        for hash in document.frames where lists[hash] == nil {
            guard order.count < lines.count else { break }
            lists[hash] = Array(inflated[lines[order.count]])
            order.append(hash)
        }
        guard lines.count == document.displayLists.count, order.count == lines.count,
            lists.count == Set(document.frames).count
        else {
            throw Failure(
                description:
                    "\(listsURL.path): \(lines.count) display lists for \(Set(document.frames).count) distinct frames (\(document.displayLists.count) stated; damaged baseline)"
            )
        }
        recording = document.recording
        frameRate = document.frameRate
        hashes = document.frames
        self.lists = lists
    }
}
