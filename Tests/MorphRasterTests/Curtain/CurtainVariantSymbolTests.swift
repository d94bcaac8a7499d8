import Foundation
import Testing

/// The AVX2 and AVX-512 variants' objects may define weak (link-once) symbols only in their own
/// module's namespace. A weak copy of something shared, such as a generic specialisation every
/// variant emits, could be the one the linker keeps for baseline callers too, and run AVX2 or
/// AVX-512 instructions on a CPU without them; this test reads the objects the build wrote and
/// fails on any.
@Suite struct CurtainVariantSymbolTests {
    /// Each wide variant's module, with its name as mangled in its symbols.
    static let modules = [
        ("MorphRasterKernelAVX2", "21MorphRasterKernelAVX2"), ("MorphRasterKernelAVX512", "23MorphRasterKernelAVX512"),
    ]

    @Test(arguments: modules)
    func wideObjectDefinesNoSharedWeakSymbol(_ module: String, mangled: String) throws {
        #if arch(x86_64)
            let object = try #require(Self.object(of: module), "\(module)'s CurtainRows.swift.o not found")
            let nm = Process()
            nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
            nm.arguments = ["--defined-only", object.path]
            let pipe = Pipe()
            nm.standardOutput = pipe
            try nm.run()
            let listing = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            nm.waitUntilExit()
            #expect(nm.terminationStatus == 0)
            var weak = 0
            for line in listing.split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 2)
                guard fields.count == 3, ["W", "V", "w", "v"].contains(fields[1]) else { continue }
                weak += 1
                let name = String(fields[2])
                // The reflection version is one constant byte, identical in every module.
                guard name != "__swift_reflection_version" else { continue }
                #expect(name.contains(mangled), "shared weak symbol in \(module)'s object: \(name)")
            }
            #expect(weak > 0, "no weak symbol at all: the listing is not what this test expects")
        #endif
    }

    /// The module's object beside the running test bundle (`.build/<config>/<module>.build`),
    /// else in this package's `.build/debug`.
    static func object(of module: String) -> URL? {
        let relative = "\(module).build/CurtainRows.swift.o"
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var candidates = [runner.deletingLastPathComponent(), runner.deletingLastPathComponent().deletingLastPathComponent()]
        if let bundle = Bundle.main.executableURL { candidates.append(bundle.deletingLastPathComponent()) }
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent(relative) }.first {
            FileManager.default.fileExists(atPath: $0.path)
        }
    }
}
