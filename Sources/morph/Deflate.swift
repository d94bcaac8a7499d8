import CZlib

/// zlib streams (RFC 1950) through the system zlib, for `morph check`'s baselines: Linux
/// Foundation has no deflate of its own.
enum Deflate {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Compresses `bytes` at the best level (baselines are written once, read often).
    static func compress(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(bytes.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw Failure(description: "zlib compress2 failed (\(status))") }
        return Array(output[..<Int(length)])
    }

    /// Inflates a zlib stream that must expand to exactly `count` bytes.
    static func decompress(_ bytes: [UInt8], count: Int) throws(Failure) -> [UInt8] {
        guard count >= 0 else { throw Failure(description: "negative inflated size") }
        var length = uLong(count)
        var output = [UInt8](repeating: 0, count: max(count, 1))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &length, input.baseAddress, uLong(bytes.count))
            }
        }
        guard status == Z_OK else {
            let reason =
                switch status {
                case Z_DATA_ERROR: "damaged zlib data"
                case Z_BUF_ERROR: "inflates to more than the \(count) bytes stated"
                default: "zlib error \(status)"
                }
            throw Failure(description: reason)
        }
        guard Int(length) == count else {
            throw Failure(description: "inflates to \(length) bytes, \(count) stated")
        }
        return Array(output[..<count])
    }
}
