import MorphKit
import MorphTestSupport
import Testing

/// The parts of a scene the runtime keeps between frames (`StillPartsCache`) must give the
/// scene a fresh build gives, whatever configuration, environment or viewport came before:
/// each case is built with the cache on (twice, so the second is a hit, after a different
/// key filled it) and off, and the scenes (frames and opacities included) must be equal.
@Suite struct StillPartsTests {
    static let environments = [
        ComponentEnvironment(),
        ComponentEnvironment(dynamicTypeSize: .accessibility2, colorScheme: .dark),
        ComponentEnvironment(colorScheme: .dark, safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0)),
    ]
    static let sizes = [Size(width: 390, height: 844), Size(width: 320, height: 568)]

    /// Builds `scene` for every environment and size, cache on then off, and compares.
    private func expectSameWithAndWithoutCache(_ scene: (ComponentEnvironment, Size) throws -> Scene) throws {
        for environment in Self.environments {
            for size in Self.sizes {
                let first = try scene(environment, size)
                let again = try scene(environment, size)
                let fresh = try FrameCaches(textLayouts: .shared, keepsStillParts: false).use { try scene(environment, size) }
                #expect(first == fresh, "\(environment) \(size)")
                #expect(again == fresh, "\(environment) \(size)")
                #expect(try again.displayList().canonicalJSON() == fresh.displayList().canonicalJSON())
            }
        }
    }

    @Test(arguments: [0.0, 0.37, 1.0, 1.08])
    func heroCard(progress: Double) throws {
        let rows: JSONValue = .array([.object([.init("title", .string("Bridge")), .init("systemImage", .string("fork.knife"))])])
        let cards = [SeedScenes(.heroCard), SeedScenes(.heroCard, [.init("title", .string("Porto")), .init("rows", rows)])]
        for card in cards {
            try expectSameWithAndWithoutCache { try card.scene(progress: progress, environment: $0, size: $1) }
            try expectSameWithAndWithoutCache { try card.scene(progress: progress, model: 1, environment: $0, size: $1) }
        }
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func morphContainer(progress: Double) throws {
        for container in [SeedScenes(.morphContainer), SeedScenes(.morphContainer, [.init("accent", .string("pink"))])] {
            try expectSameWithAndWithoutCache { try container.scene(progress: progress, environment: $0, size: $1) }
        }
    }

    /// The card's parts are kept by timer text and spinner phase too: times on both sides of
    /// a second, a phase step, and an hour (a longer timer text), with the effect on and off.
    @Test(arguments: [nil, Point(x: 150, y: 300)])
    func curtain(drag: Point?) throws {
        for folds in [2, 4] {
            for time in [0.5, 0.9, 1.2, 3661.9] {
                try expectSameWithAndWithoutCache {
                    try SeedScenes(.curtain).scene(
                        drag: drag, isRevealed: drag == nil, folds: folds, environment: $0, size: $1, time: time)
                }
            }
        }
    }
}
