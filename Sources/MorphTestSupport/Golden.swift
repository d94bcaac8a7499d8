import Foundation

/// Golden files live beside the tests in `Tests/<Target>/__Goldens__/<Suite>/<name>.<ext>`.
///
/// `RECORD_GOLDENS=1` writes the actual bytes as the new golden and then fails the check,
/// naming the file it wrote: a recording run never passes, so a golden is only trusted once
/// a second, ordinary run has compared against it. CI never records (it sets `CI`), so a
/// missing golden fails there instead of silently passing. A mismatch writes the actual
/// bytes beside the golden as `<name>.actual.<ext>` so the two can be diffed.
public struct Golden: Sendable {
    /// What a comparison found; `failureMessage` is nil only when the test may pass.
    public enum Outcome: Equatable, Sendable {
        /// The actual bytes agree with the golden.
        case matched
        /// Record mode wrote the golden at `path`; the check fails all the same.
        case recorded(path: String)
        /// No golden at `path`, and this run does not record.
        case missing(path: String)
        /// The golden and the actual bytes (written to `actualPath`) disagree.
        case mismatch(goldenPath: String, actualPath: String, detail: String)

        /// Why the test must fail, or nil when it may pass (only `.matched`).
        public var failureMessage: String? {
            switch self {
            case .matched: nil
            case .recorded(let path):
                "golden recorded: \(path) (RECORD_GOLDENS=1 never passes; review the file and run again without it)"
            case .missing(let path):
                "golden missing: \(path) (run with RECORD_GOLDENS=1 to record it)"
            case .mismatch(let golden, let actual, let detail):
                "golden mismatch: \(golden) vs \(actual): \(detail)"
            }
        }
    }

    /// `__Goldens__/<suite>` of the calling test target.
    public let directory: URL
    /// Whether `check` writes goldens (RECORD_GOLDENS=1 and not CI) instead of comparing.
    public let recording: Bool

    /// - Parameters:
    ///   - suite: folder under `__Goldens__`, usually the test suite's name.
    ///   - testFile: pass `#filePath`; the goldens folder is found from it.
    ///   - environment: read for `RECORD_GOLDENS` and `CI`.
    public init(
        suite: String,
        testFile: String = #filePath,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.directory = Golden.goldensRoot(forTestFile: testFile).appendingPathComponent(suite)
        let wantsRecord = environment["RECORD_GOLDENS"] == "1"
        let isCI = !(environment["CI"] ?? "").isEmpty && environment["CI"] != "0"
        self.recording = wantsRecord && !isCI
    }

    /// The `__Goldens__` folder of the test target that holds `testFile`: the ancestor
    /// directly below a `Tests` folder.
    public static func goldensRoot(forTestFile testFile: String) -> URL {
        var url = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while url.path != "/" {
            if url.deletingLastPathComponent().lastPathComponent == "Tests" {
                return url.appendingPathComponent("__Goldens__")
            }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent("__Goldens__")
    }

    /// Where the golden `<name>.<ext>` of this suite lives.
    public func path(name: String, ext: String) -> URL {
        directory.appendingPathComponent("\(name).\(ext)")
    }

    /// Compares bytes exactly.
    public func check(_ actual: Data, name: String, ext: String) -> Outcome {
        check(actual, name: name, ext: ext) { expected, actual in
            expected == actual ? nil : Golden.firstDifference(expected, actual)
        }
    }

    /// Compares text exactly, reporting the first differing line.
    public func check(_ actual: String, name: String, ext: String) -> Outcome {
        check(Data(actual.utf8), name: name, ext: ext)
    }

    /// Compares with a caller's rule (for example decoded pixels with a tolerance); the rule
    /// returns nil when the two agree, or why they do not.
    public func check(
        _ actual: Data, name: String, ext: String,
        compare: (_ expected: Data, _ actual: Data) -> String?
    ) -> Outcome {
        let goldenURL = path(name: name, ext: ext)
        let fileManager = FileManager.default
        if recording {
            try? fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try actual.write(to: goldenURL, options: .atomic)
                return .recorded(path: goldenURL.path)
            } catch {
                return .mismatch(
                    goldenPath: goldenURL.path, actualPath: "-",
                    detail: "could not record: \(error)")
            }
        }
        guard let expected = fileManager.contents(atPath: goldenURL.path) else {
            return .missing(path: goldenURL.path)
        }
        let actualURL = directory.appendingPathComponent("\(name).actual.\(ext)")
        if let detail = compare(expected, actual) {
            try? actual.write(to: actualURL, options: .atomic)
            return .mismatch(goldenPath: goldenURL.path, actualPath: actualURL.path, detail: detail)
        }
        try? fileManager.removeItem(at: actualURL)
        return .matched
    }

    /// Where two byte strings first differ, as a line number and both lines when text.
    static func firstDifference(_ expected: Data, _ actual: Data) -> String {
        let expectedLines = String(decoding: expected, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let actualLines = String(decoding: actual, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let lhs = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
            let rhs = index < actualLines.count ? String(actualLines[index]) : "<end>"
            if lhs != rhs {
                return "line \(index + 1): expected \(lhs.prefix(200)) got \(rhs.prefix(200))"
            }
        }
        return "sizes \(expected.count) vs \(actual.count)"
    }
}
