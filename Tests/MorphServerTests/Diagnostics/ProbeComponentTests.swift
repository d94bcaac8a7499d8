import MorphKit
import Testing

@testable import MorphServer

@Suite struct ProbeComponentTests {
    let request = ComponentRegistry.Request(
        configuration: .object([.init("duration", .number(0.5))]), environment: .protocolDefaults,
        viewport: Size(width: 200, height: 100))

    @Test func movesOnlyForTheTapDuration() throws {
        var probe = try ProbeComponent(request)
        #expect(!probe.isMoving)
        try probe.handle(InputEvent(time: 1, kind: .tap(Point(x: 0, y: 0))))
        #expect(probe.isMoving && probe.stateName == "animating")
        _ = probe.encodedDisplayList(at: 1.4)
        #expect(probe.isMoving)
        _ = probe.encodedDisplayList(at: 1.5)
        #expect(!probe.isMoving && probe.stateName == "idle")
        // A pointer lifting (what the page sends) animates too; going down does not.
        try probe.handle(InputEvent(time: 2, kind: .pointerDown(pointer: 1, location: Point(x: 0, y: 0))))
        #expect(!probe.isMoving)
        try probe.handle(InputEvent(time: 2.1, kind: .pointerUp(pointer: 1, location: Point(x: 0, y: 0))))
        #expect(probe.isMoving)
        _ = probe.encodedDisplayList(at: 2.6)
        #expect(!probe.isMoving)
    }

    @Test func aStillGroupMakesTheDeltaSmallerByItsSize() throws {
        var configuration = request
        configuration.configuration = .object([.init("padding", .number(1000)), .init("still", .number(500))])
        var probe = try ProbeComponent(configuration)
        try probe.handle(InputEvent(time: 0, kind: .set(key: "moving", value: .bool(true))))
        let first = probe.encodedDisplayList(at: 0.1), second = probe.encodedDisplayList(at: 0.2)
        let layout = try #require(DisplayListDelta.layout(of: second))
        let baseLayout = try #require(DisplayListDelta.layout(of: first))
        #expect(layout.ops.elements.count == 3)
        let delta = try #require(DisplayListDelta.encode(second, layout: layout, base: first, baseLayout: baseLayout))
        #expect(second.count - delta.count > 500)
        #expect(DisplayListDelta.apply(delta, to: first, baseLayout: baseLayout) == second)
    }

    @Test func framesAreDisplayListsWithPadding() throws {
        var configuration = request
        configuration.configuration = .object([.init("padding", .number(1000))])
        var probe = try ProbeComponent(configuration)
        try probe.handle(InputEvent(time: 0, kind: .scrub(progress: 0.5)))
        let bytes = probe.encodedDisplayList(at: 0.25)
        let list = try JSONValue.parse(bytes)
        #expect(list["format"] == .string("morph.display-list"))
        #expect(list["size"] == .array([.number(200), .number(100)]))
        #expect(list["time"] == .number(0.25))
        #expect(list["padding"]?.stringValue?.count == 1000)
        // Scrubbed to the middle: the dot's first corner is at 20 + 160 * 0.5 - 12.
        guard case .array(let ops)? = list["ops"], case .array(let path)? = ops.first?["path"] else {
            Issue.record("the probe draws one path")
            return
        }
        #expect(path.first == .array([.string("M"), .number(88), .number(38)]))
    }

    @Test func refusesBadConfigurationThroughTheRegistry() {
        var registry = ComponentRegistry()
        registry.register(ProbeComponent.name) { try ProbeComponent($0) }
        var bad = request
        bad.configuration = .object([.init("duration", .number(-1))])
        guard case .failure(let error) = registry.make("probe", bad, for: "open") else {
            Issue.record("negative duration must be refused")
            return
        }
        #expect(error.code == .badMessage)
        guard case .failure(let unknown) = registry.make("nope", request, for: "open") else {
            Issue.record("unknown names must be refused")
            return
        }
        #expect(unknown.code == .unknownComponent)
        #expect(registry.names == ["probe"])
    }
}
