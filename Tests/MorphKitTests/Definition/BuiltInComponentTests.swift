import Foundation
import MorphKit
import Testing

/// The built-in components are their files: `Sources/MorphKit/BuiltIn/<name>.json`, carried in
/// the library by `scripts/bundle_components.py`, compiled by the loader every file goes through.
@Suite struct BuiltInComponentTests {
    static let folder = ComponentFileReplayTests.builtIns

    /// Each built-in kind has a definition of that name, equal to loading its file from disk
    /// (the bundled text is the file: the written-back component files are identical).
    @Test(arguments: ComponentKind.allCases)
    func theBundledDefinitionIsTheFile(kind: ComponentKind) throws {
        let bundled = try #require(ComponentDefinition.builtIn(kind))
        #expect(bundled.kind == kind)
        let onDisk = try ComponentDefinition(contentsOf: Self.folder.appendingPathComponent("\(kind.rawValue).json"))
        #expect(
            bundled.componentFile.compactBytes == onDisk.componentFile.compactBytes,
            "\(kind).json changed after the last scripts/bundle_components.py run")
        #expect(ComponentDefinition.builtIn(kind) === bundled, "compiled once per process")
    }

    /// Every file in the folder is bundled, and only built-in names are.
    @Test func theFolderHoldsExactlyTheBuiltIns() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.sorted() == ComponentKind.allCases.map { "\($0.rawValue).json" }.sorted())
        #expect(ComponentDefinition.builtIn(try #require(ComponentKind(named: "bottom-sheet"))) == nil)
    }
}
