// libFuzzer's side of morph-fuzz, compiled only into `make fuzz`'s build (`-sanitize=fuzzer,address
// -D MORPH_LIBFUZZER`). SwiftPM makes an executable's Swift entry point the process's `main`,
// overriding libFuzzer's, so that entry point hands control to libFuzzer's driver here.
#if MORPH_LIBFUZZER
    import Foundation

    /// libFuzzer's driver (compiler-rt FuzzerDriver.cpp: `int LLVMFuzzerRunDriver(int *argc,
    /// char ***argv, int (*callback)(const uint8_t *, size_t))`); no header ships with Swift.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runLibFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// Chosen once by `--target=NAME` before the driver starts, read by every input after.
    nonisolated(unsafe) private var selectedTarget: FuzzTarget?

    enum LibFuzzer {
        /// Reads `--target=NAME` (libFuzzer ignores flags that start with `--`), then runs
        /// libFuzzer with the rest of the command line; exits with its status.
        static func run() -> Never {
            let flag = "--target="
            guard let name = CommandLine.arguments.last(where: { $0.hasPrefix(flag) })?.dropFirst(flag.count),
                let target = FuzzTarget(rawValue: String(name))
            else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(
                    Data("morph-fuzz: pass --target=\(names), then libFuzzer's flags and corpus folders\n".utf8))
                exit(2)
            }
            selectedTarget = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runLibFuzzerDriver(&argc, &argv, fuzzerTestOneInput))
        }
    }

    /// One input from libFuzzer (also the symbol its own `main`, linked but unused, refers to).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selectedTarget?.run(bytes)
        return 0
    }
#endif
