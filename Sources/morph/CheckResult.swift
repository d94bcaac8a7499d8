import Foundation
import MorphKit

/// The outcome of checking one recording: a line for the terminal, a test case for JUnit and
/// (when it changed and a report was asked for) an HTML section, so shards' results can be
/// merged into exactly the report and JUnit file one run would have written.
struct CheckResult: Sendable, Equatable {
    enum Status: String, CaseIterable, Sendable {
        case unchanged, changed, new, updated
        case missingBaseline = "missing-baseline"
        case error

        /// Whether this result makes `morph check` exit 1.
        var fails: Bool { self == .changed || self == .missingBaseline || self == .error }
    }

    /// The recording's path as the folders were given.
    var path: String
    var status: Status
    /// Frames replayed now (0 when the recording could not be read).
    var frames: Int
    /// First differing frame and its time, for `changed` (and `updated`).
    var frame: Int?
    var time: Double?
    /// The words after the path on the terminal line.
    var summary: String
    /// The report's HTML section for a changed recording.
    var section: String?

    var line: String { "\(path): \(summary)" }
}

extension CheckResult {
    /// The result as JSON (keys sorted when written; absent optionals left out).
    var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "path": .string(path), "status": .string(status.rawValue), "frames": .number(Double(frames)),
            "summary": .string(summary),
        ]
        if let frame { members["frame"] = .number(Double(frame)) }
        if let time { members["time"] = .number(time) }
        if let section { members["section"] = .string(section) }
        return .object(sorting: members)
    }

    /// Reads one result; unknown keys are ignored.
    init(json: JSONCursor) throws(JSONError) {
        path = try json.required("path").string()
        status = try json.required("status").enumeration(Status.self)
        frames = try json.required("frames").integer()
        frame = try json.optional("frame")?.integer()
        time = try json.optional("time")?.number()
        summary = try json.required("summary").string()
        section = try json.optional("section")?.string()
    }
}

/// `results.json` in a report folder: what `morph check --merge` reads back.
struct CheckResults: Sendable {
    static let format = "morph.check-results"
    var format = CheckResults.format
    var version = 1
    var results: [CheckResult]

    static let fileName = "results.json"
}

extension CheckResults {
    /// The document as JSON: keys sorted, numbers exact (MorphJSON's `canonicalText`).
    var jsonValue: JSONValue {
        .object(sorting: [
            "format": .string(format), "version": .number(Double(version)), "results": .array(results.map(\.jsonValue)),
        ])
    }

    func write(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(jsonValue.canonicalText.utf8).write(to: directory.appendingPathComponent(Self.fileName))
    }

    /// Reads the document; unknown keys are ignored.
    init(json: JSONCursor) throws(JSONError) {
        format = try json.required("format").string()
        version = try json.required("version").integer()
        results = []
        for element in try json.required("results").elements() { results.append(try CheckResult(json: element)) }
    }

    /// Reads `DIR/results.json` (or the file itself when `path` names one).
    static func read(_ path: String) throws -> CheckResults {
        var url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            url = url.appendingPathComponent(fileName)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CheckCommand.Failure(description: "cannot read \(url.path): \(error.localizedDescription)")
        }
        let results: CheckResults
        do throws(JSONError) {
            results = try CheckResults(json: JSONCursor(parsing: [UInt8](data)))
        } catch {
            throw CheckCommand.Failure(description: "\(url.path): not a morph check results file (\(error))")
        }
        guard results.format == format, results.version == 1 else {
            throw CheckCommand.Failure(description: "\(url.path): not a \(format) version 1 file")
        }
        return results
    }
}

/// JUnit XML: one test case per recording; changed and missing baselines are failures,
/// unreadable recordings errors.
enum CheckJUnit {
    static func xml(_ results: [CheckResult]) -> String {
        let failures = results.filter { $0.status == .changed || $0.status == .missingBaseline }.count
        let errors = results.filter { $0.status == .error }.count
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"morph check\" \(counts)>\n"
        text += "<testsuite name=\"morph check\" \(counts)>\n"
        for result in results {
            let name = escapeXML(result.path)
            let message = escapeXML(result.summary)
            switch result.status {
            case .unchanged, .new, .updated:
                text += "<testcase classname=\"morph.check\" name=\"\(name)\"><system-out>\(message)</system-out></testcase>\n"
            case .changed, .missingBaseline:
                text +=
                    "<testcase classname=\"morph.check\" name=\"\(name)\"><failure type=\"\(result.status.rawValue)\" message=\"\(message)\">\(message)</failure></testcase>\n"
            case .error:
                text +=
                    "<testcase classname=\"morph.check\" name=\"\(name)\"><error type=\"error\" message=\"\(message)\">\(message)</error></testcase>\n"
            }
        }
        text += "</testsuite>\n</testsuites>\n"
        return text
    }
}
