import Foundation
import MorphJSON
import MorphKit
import MorphTestSupport
import Testing

/// Safe areas as SwiftUI applies them: a full-screen view's content is laid out inside the
/// device's insets, and only what a seed marks `ignoresSafeArea` (or a `background` style,
/// which ignores it by default) reaches under the status bar and the home indicator.
///
/// The device insets and every expected frame are written out here from the seeds, not read
/// from `ViewportPreset` or the layouts.
@Suite struct SafeAreaTests {
    /// Portrait insets of a full-screen view: (size, top, bottom).
    static let devices: [(name: String, size: Size, top: Double, bottom: Double)] = [
        ("iPhone 15", Size(width: 390, height: 844), 59, 34),
        ("iPhone 15 Pro Max", Size(width: 430, height: 932), 59, 34),
        ("iPhone SE", Size(width: 375, height: 667), 20, 0),
        ("iPad mini", Size(width: 744, height: 1133), 24, 20),
    ]
    static let deviceIndices = Array(devices.indices)

    func frame(_ scene: Scene, _ id: String) throws -> Rect {
        try #require(scene.node(withID: id), "no node \(id)").frame
    }

    @Test(arguments: deviceIndices)
    func eachPresetCarriesItsInsets(_ index: Int) throws {
        let device = Self.devices[index]
        for component in ComponentKind.allCases {
            let session = try ComponentSession(component: component, viewport: device.size)
            #expect(session.safeArea == EdgeInsets(top: device.top, bottom: device.bottom), "\(device.name) \(component)")
            #expect(session.componentEnvironment.safeArea == session.safeArea)
        }
    }

    @Test func aSizeWithNoPresetHasNoneUnlessGiven() throws {
        let plain = try ComponentSession(component: .heroCard, viewport: Size(width: 391, height: 844))
        #expect(plain.safeArea == .zero)
        let given = EdgeInsets(top: 47, leading: 0, bottom: 21, trailing: 0)
        var session = try ComponentSession(
            component: .heroCard, environment: .init(safeArea: given), viewport: Size(width: 391, height: 844))
        #expect(session.safeArea == given)
        // Given insets win over a preset, and stay through other environment changes…
        try session.handle(InputEvent(time: 0.1, kind: .environment(.init(colorScheme: .dark))))
        #expect(session.safeArea == given)
        // …until the device changes: a new size without `safeArea` takes its own preset's.
        try session.handle(InputEvent(time: 0.2, kind: .environment(.init(size: Size(width: 375, height: 667)))))
        #expect(session.safeArea == EdgeInsets(top: 20))
        try session.handle(InputEvent(time: 0.3, kind: .environment(.init(size: Size(width: 500, height: 500)))))
        #expect(session.safeArea == .zero)
    }

    @Test func safeAreaTravelsInEnvironmentJSONAndIsBounded() throws {
        let line = #"{"t":0.5,"kind":"environment","safeArea":{"top":59,"bottom":34}}"#
        let event = try InputEvent(json: JSONCursor(try JSONValue.parse(Array(line.utf8))))
        guard case .environment(let change) = event.kind else { Issue.record("not an environment event"); return }
        #expect(change.safeArea == EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0))
        #expect(event.jsonLine.contains(#""safeArea":{"top":59,"leading":0,"bottom":34,"trailing":0}"#))
        for bad in [#"{"top":-1}"#, #"[59,0,34,0]"#, #"{"bottom":5000}"#] {
            let text = #"{"t":0,"kind":"environment","safeArea":"# + bad + "}"
            #expect(throws: JSONError.self, "\(bad)") {
                try InputEvent(json: JSONCursor(try JSONValue.parse(Array(text.utf8))))
            }
        }
        #expect(throws: SessionError.self) {
            try ComponentSession(component: .curtain, environment: .init(safeArea: EdgeInsets(top: .infinity)))
        }
    }

    /// `SeedScenes(.morphContainer).frame(width: 400, height: 440)` is centred in the safe area, so the
    /// open panel (384 pt) and its overshoot stay clear of the status bar and home indicator.
    @Test(arguments: deviceIndices)
    func containerIsCentredInTheSafeArea(_ index: Int) throws {
        let device = Self.devices[index]
        var session = try ComponentSession(component: .morphContainer, viewport: device.size)
        for progress in [0.0, 0.5, 1.0, 1.05] {
            try session.handle(InputEvent(time: 0, kind: .scrub(progress: progress)))
            let height = 96 + (384 - 96) * progress
            let safeHeight = device.size.height - device.top - device.bottom
            let expected = Rect(
                x: (device.size.width - 340) / 2, y: device.top + (safeHeight - height) / 2, width: 340, height: height)
            let card = try frame(session.scene(), "card")
            #expect(abs(card.minX - expected.minX) < 1e-9 && abs(card.minY - expected.minY) < 1e-9, "\(device.name) \(progress)")
            #expect(abs(card.height - height) < 1e-9)
            #expect(card.minY >= device.top && card.maxY <= device.size.height - device.bottom, "\(device.name) \(progress)")
        }
    }

    /// The demo's `VStack { "Today"; ZStack }.padding(20)` lives in the safe area; its
    /// grouped background `.ignoresSafeArea()` (the scene background fills the viewport).
    @Test(arguments: deviceIndices)
    func heroCardDemoIsPaddedInsideTheSafeArea(_ index: Int) throws {
        let device = Self.devices[index]
        var session = try ComponentSession(component: .heroCard, viewport: device.size)
        let today = try frame(session.scene(), "today")
        #expect(today.minX == 20 && today.minY == device.top + 20, "\(device.name): Today at \(today.origin)")
        let todayHeight = TextLayout("Today", style: .largeTitle, at: .large, weight: .bold).size.height
        let cardTop = device.top + 20 + todayHeight + 16
        let collapsed = try frame(session.scene(), "card")
        #expect(abs(collapsed.minY - cardTop) < 1e-9 && collapsed.minX == 20 && collapsed.width == device.size.width - 40)
        try session.handle(InputEvent(time: 0, kind: .scrub(progress: 1)))
        let expanded = try frame(session.scene(), "card")
        #expect(abs(expanded.maxY - (device.size.height - device.bottom - 20)) < 1e-9, "\(device.name): \(expanded)")
        #expect(session.scene().size == device.size)
    }

    /// The foreground's stack is padded 16 inside the safe area (the caption moves below the
    /// status bar) while its white-0.96 background fills the viewport; the list's rows start
    /// at the safe area and its dark backdrop fills the viewport.
    @Test(arguments: deviceIndices)
    func curtainContentMovesBelowTheStatusBar(_ index: Int) throws {
        let device = Self.devices[index]
        let session = try ComponentSession(component: .curtain, viewport: device.size)
        let scene = session.scene()
        let caption = try frame(scene, "heading.caption")
        #expect(caption.minX == 16 && caption.minY == device.top + 16, "\(device.name): caption at \(caption.origin)")
        let header = try frame(scene, "settings.header")
        #expect(header.minX == 44 + 16 + 16 && header.minY == device.top + 24)
        let whole = Rect(x: 0, y: 0, width: device.size.width, height: device.size.height)
        #expect(try frame(scene, "foreground.fill") == whole)
        #expect(try frame(scene, "background.fill") == whole)
        // Everything else of both layers lies inside the safe area.
        let safeBottom = device.size.height - device.bottom
        for node in scene.allNodes where node.children.isEmpty && !node.id.hasSuffix(".fill") && node.id != "handle" {
            #expect(node.frame.minY >= device.top && node.frame.maxY <= safeBottom + 1e-9, "\(device.name): \(node.id)")
        }
    }

    /// With no insets the layouts are exactly what they were before safe areas existed: the
    /// direct `scene` API defaults to none.
    @Test func noInsetsLeaveTheLayoutsWhereTheyWere() throws {
        let size = Size(width: 390, height: 844)
        let zero = try ComponentSession(component: .curtain, environment: .init(safeArea: .zero), viewport: size)
        let posed = try SeedScenes(.curtain).scene(drag: nil, isRevealed: false, size: size)
        #expect(zero.scene() == posed)
        #expect(try frame(zero.scene(), "heading.caption").minY == 16)
        let hero = try ComponentSession(component: .heroCard, environment: .init(safeArea: .zero), viewport: size)
        #expect(try frame(hero.scene(), "today").minY == 20)
    }

    /// The component file computes the container's frame from `safeArea.*` in the same order
    /// of operations, so it stays byte-identical on every device.
    @Test(arguments: deviceIndices)
    func containerFileFollowsTheSafeArea(_ index: Int) throws {
        let device = Self.devices[index]
        let definition = try ComponentFileReplayTests.definition("morph-container")
        for progress in [0.0, 0.6, 1.0] {
            var swift = try ComponentSession(component: .morphContainer, viewport: device.size)
            var data = try ComponentSession(definition: definition, viewport: device.size)
            try swift.handle(InputEvent(time: 0, kind: .scrub(progress: progress)))
            try data.handle(InputEvent(time: 0, kind: .scrub(progress: progress)))
            var swiftEncoder = DisplayListEncoder()
            var dataEncoder = DisplayListEncoder()
            #expect(try dataEncoder.encode(data.scene()) == swiftEncoder.encode(swift.scene()), "\(device.name)")
        }
    }
}
