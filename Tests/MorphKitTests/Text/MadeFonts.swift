import Foundation
import MorphTestSupport
import Testing

/// Fonts made at test time by the scripts in `Tests/support` (`gpos_kerning_font.py`,
/// `gsub_ligature_font.py`), each through its `make(path, variant)`.
enum MadeFonts {
    static let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("support")

    /// Makes `variant` with the script `module` in a fresh folder and returns its bytes.
    static func make(_ module: String, _ variant: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("morph-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("\(variant).ttf").path
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            __import__(sys.argv[2]).make(sys.argv[3], sys.argv[4])
            print(json.dumps({"made": sys.argv[3]}))
            """
        _ = try FontTools.run(script, arguments: [support.path, module, path, variant])
        return Array(try #require(FileManager.default.contents(atPath: path)))
    }
}
