import Foundation
import MorphKit
import Testing

/// The seeds' stacks hold no `ScrollView`, so at large Dynamic Type sizes SwiftUI gives their
/// texts less height than they want and truncates them with "…" (schemas/curtain.md and
/// schemas/hero-card.md, "Text that does not fit"). On the 390 × 844 preset (safe area 59 / 34)
/// the stacks end at 794: the safe area's bottom, 810, less the curtain's 16 pt padding.
@Suite struct TextFitTests {
    static let bottom = 794.0
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The built-in file, and the same file with every `maxHeight` removed: the texts at their
    /// natural height, to tell which ones the stack cut.
    static func definitions(_ name: String) throws -> (cut: ComponentDefinition, whole: ComponentDefinition) {
        let url = root.appendingPathComponent("Sources/MorphKit/BuiltIn/\(name).json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let whole = text.replacing(#/"maxHeight": "\w+",\s*/#, with: "")
        #expect(whole != text)
        return (
            try ComponentDefinition(json: Array(text.utf8), file: "\(name).json"),
            try ComponentDefinition(json: Array(whole.utf8), file: "\(name).json")
        )
    }

    /// Every text node of `scene` under `root`: its id, frame and lines.
    static func texts(_ scene: Scene, under root: String) -> [(id: String, frame: Rect, lines: [String])] {
        var found: [(id: String, frame: Rect, lines: [String])] = []
        func visit(_ node: SceneNode) {
            if case .text(let text) = node.content { found.append((node.id, node.frame, text.lines.map(\.text))) }
            node.children.forEach(visit)
        }
        scene.node(withID: root).map(visit)
        return found
    }

    static func scene(_ definition: ComponentDefinition, _ size: DynamicTypeSize, _ pose: ComponentPose) throws -> Scene {
        let session = try ComponentSession(
            definition: definition, environment: InputEvent.Environment(dynamicType: size),
            viewport: Size(width: 390, height: 844))
        return try session.scene(posed: pose)
    }

    /// Checks one pose: texts end above the stack's bottom unless already at one line (SwiftUI
    /// never shortens a `Text` below its first line, so a stack whose texts need more than that
    /// overflows, on a device too): those are `overflowing`, exactly. A text with fewer lines
    /// than its natural layout ends in "…"; one with all of them is drawn unchanged.
    func check(
        _ name: String, under root: String, _ size: DynamicTypeSize, _ pose: ComponentPose, overflowing: Set<String>,
        cuts: Bool
    ) throws {
        let (cut, whole) = try Self.definitions(name)
        let drawn = Self.texts(try Self.scene(cut, size, pose), under: root)
        let natural = Dictionary(
            uniqueKeysWithValues: Self.texts(try Self.scene(whole, size, pose), under: root).map { ($0.id, $0.lines) })
        #expect(!drawn.isEmpty)
        var over: Set<String> = []
        var truncated = 0
        for text in drawn {
            let full = try #require(natural[text.id])
            if text.frame.maxY > Self.bottom + 1e-9 {
                over.insert(text.id)
                #expect(text.lines.count == 1, "\(name) \(size) \(text.id) ends at \(text.frame.maxY): \(text.lines)")
            }
            if text.lines.count < full.count {
                truncated += 1
                #expect(text.lines.last?.hasSuffix("\u{2026}") == true, "\(name) \(size) \(text.id): \(text.lines)")
            } else {
                #expect(text.lines == full, "\(name) \(size) \(text.id)")
            }
        }
        #expect(over == overflowing, "\(name) \(size): \(over.sorted())")
        #expect((truncated > 0) == cuts, "\(name) \(size): \(truncated) texts cut")
    }

    @Test(arguments: [DynamicTypeSize.xxLarge, .xxxLarge, .accessibility1, .accessibility3, .accessibility5])
    func theCurtainsTextsFitItsStack(size: DynamicTypeSize) throws {
        // The card's stack; the settings list behind it scrolls, so its footer runs on below.
        // At AX5 one line of each of nine texts needs 720 pt of the 719 the stack has: the last
        // ends 1 pt into the padding, above the safe area's bottom.
        try check(
            "curtain", under: "foreground", size, ComponentPose(), overflowing: size == .accessibility5 ? ["scrollview"] : [],
            cuts: true)
        if size == .accessibility5 {
            let scene = try Self.scene(try Self.definitions("curtain").cut, size, ComponentPose())
            #expect(try #require(scene.node(withID: "scrollview")).frame.maxY <= 810)
        }
    }

    @Test(arguments: [DynamicTypeSize.xxLarge, .accessibility1, .accessibility2, .accessibility3, .accessibility5])
    func theHeroCardsTextsFitItsStacks(size: DynamicTypeSize) throws {
        // At AX5 the rows start 423.7 pt into a 622.4 pt parent: three rows of one line,
        // padding and spacing need 324.4 of the 198.7 left, so the third row lies past the bottom.
        let overflowing: Set<String> = size == .accessibility5 ? ["row.3.title"] : []
        // Up to AX1 everything fits; from AX2 the detail and the rows are cut.
        let cuts = size >= .accessibility2
        try check(
            "hero-card", under: "demo", size, ComponentPose(state: "expanded", progress: 1), overflowing: overflowing, cuts: cuts)
        try check(
            "hero-card", under: "demo", size, ComponentPose(state: "collapsed", progress: 1), overflowing: overflowing, cuts: cuts
        )
    }
}
