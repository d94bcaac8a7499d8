import Foundation

/// fontTools, the independent reader tests check MorphKit's font reading against: a Python
/// script run with `python3` (scripts/deps.sh installs fontTools). A missing python3 or
/// fontTools is an error, never a skip.
public enum FontTools {
    /// Why the script did not answer.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `script` with `arguments` (`sys.argv[1...]`) and parses what it prints as JSON.
    public static func run(_ script: String, arguments: [String]) throws -> Any {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 with fontTools exited \(process.terminationStatus) (run make deps)")
        }
        return try JSONSerialization.jsonObject(with: data)
    }
}
