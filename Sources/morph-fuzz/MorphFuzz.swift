import Foundation

/// morph-fuzz's entry point. Built by `make fuzz` (with libFuzzer, `MORPH_LIBFUZZER`), it is the
/// fuzzer: `morph-fuzz --target=NAME [libFuzzer flags] CORPUS...`. Built by the ordinary `swift
/// build`, it runs saved inputs through one target, to reproduce a crash under the debugger or
/// check a corpus: `morph-fuzz protocol|recording|configuration|display-list|png|expression FILE_OR_FOLDER...`.
@main enum MorphFuzz {
    static func main() throws {
        #if MORPH_LIBFUZZER
            LibFuzzer.run()
        #else
            try replay()
        #endif
    }

    #if !MORPH_LIBFUZZER
        static func replay() throws {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
                FileHandle.standardError.write(Data("usage: morph-fuzz \(names) FILE_OR_FOLDER...\n".utf8))
                exit(2)
            }
            var files: [String] = []
            for path in arguments.dropFirst() {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                    FileHandle.standardError.write(Data("morph-fuzz: no such file \(path)\n".utf8))
                    exit(2)
                }
                if isFolder.boolValue {
                    let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }
                    files += names.sorted().map { path + "/" + $0 }
                } else {
                    files.append(path)
                }
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                // Named before it runs, so the last line printed before a trap is the culprit.
                print("morph-fuzz: \(target.rawValue) \(file)")
                target.run(Array(data))
            }
            print("morph-fuzz: \(files.count) inputs through \(target.rawValue), none crashed")
        }
    #endif
}
