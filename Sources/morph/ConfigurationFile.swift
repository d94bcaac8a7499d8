import Foundation
import MorphKit

/// `--configuration FILE` for `morph export`, `render` and `replay`: a `morph.config.<component>`
/// document, as the preview page's "Export configuration" downloads it.
enum ConfigurationFile {
    /// The largest file read; configurations are a few hundred bytes.
    static let maxBytes = 1 << 20

    /// The file's bytes, or a usage error naming the file.
    static func read(_ path: String) throws(UsageError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(message: "--configuration: cannot read '\(path)'")
        }
        guard data.count <= maxBytes else {
            throw UsageError(message: "--configuration: '\(path)' is larger than \(maxBytes) bytes")
        }
        return [UInt8](data)
    }

    /// The file as a JSON object (a recording header's `configuration`); the component checks
    /// its keys and `format` when the session is built.
    static func object(_ path: String) throws(UsageError) -> JSONValue {
        let bytes = try read(path)
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw UsageError(message: "--configuration: '\(path)': \(error)")
        }
        guard value.objectValue != nil else {
            throw UsageError(message: "--configuration: '\(path)' must hold a JSON object")
        }
        return value
    }
}
