import MorphKit
import MorphTestSupport
import Testing

/// Springs and scrubs carry progress outside 0...1 and layouts get squeezed; whatever the
/// components compute, the list they produce must be one the decoder accepts.
@Suite struct OvershootTests {
    @Test(arguments: [-0.6, -0.3, 1.05, 1.4])
    func overshootingProgressStillGivesADecodableList(progress: Double) throws {
        for scene in [
            try SeedScenes(.morphContainer).scene(progress: progress),
            try SeedScenes(.heroCard).scene(progress: progress),
        ] {
            let list = scene.displayList()
            let decoded = try DisplayList(json: try list.canonicalJSON())
            for case .push(let group) in decoded.ops {
                #expect((0...1).contains(group.opacity), "\(group.id) opacity \(group.opacity)")
                #expect((group.shadow?.radius ?? 0) >= 0, "\(group.id) shadow")
            }
        }
    }

    @Test func squeezedLayoutsKeepNonNegativeAccessibilityFrames() throws {
        let list = try SeedScenes(.heroCard).scene(progress: 1, size: Size(width: 60, height: 90)).displayList()
        let decoded = try DisplayList(json: try list.canonicalJSON())
        #expect(!decoded.accessibility.isEmpty)
        for element in decoded.accessibility {
            #expect(element.frame.width >= 0 && element.frame.height >= 0, "\(element.id)")
        }
    }
}
