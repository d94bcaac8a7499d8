import Glibc

// The input being decoded lives in plain C memory so a signal handler can write it out with
// async-signal-safe calls only (open, write, close) when a trap kills the process.
nonisolated(unsafe) private var currentInput: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var currentLength = 0
nonisolated(unsafe) private var crashPath: UnsafeMutablePointer<CChar>?

/// Saves the input in flight to a file when the process traps or crashes.
enum CrashRecorder {
    /// Installs handlers for the signals a Swift trap or a memory fault raises.
    static func install(path: String) {
        crashPath = strdup(path)
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if let crashPath, let currentInput {
                    let file = open(crashPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                    if file >= 0 {
                        _ = write(file, currentInput, currentLength)
                        close(file)
                    }
                    let note = "\nmorph-fuzz: crashed; input saved\n"
                    _ = note.withCString { write(2, $0, strlen($0)) }
                }
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigaction(signal, &action, nil)
        }
    }

    /// Marks `bytes` as the input in flight.
    static func set(_ bytes: [UInt8]) {
        free(currentInput)
        let copy = malloc(max(bytes.count, 1))!.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeBufferPointer { copy.update(from: $0.baseAddress!, count: bytes.count) }
        currentInput = copy
        currentLength = bytes.count
    }
}
