import MorphKit
import Testing

@testable import MorphServer

/// When a session builds frames: after input, while moving, and at a still component's
/// scheduled changes (a timer's text), and never in between.
@Suite struct LiveSessionTests {
    // `TimerComponent` (Core/TimerComponent.swift): a still component with a once-a-second change.
    func session(_ component: any LiveComponent) -> LiveSession {
        let request = ComponentRegistry.Request(
            configuration: .object([]), environment: .protocolDefaults,
            viewport: .standardViewport)
        return LiveSession(id: "s", componentName: "timer", request: request, component: component, origin: 0)
    }

    @Test func aStillTimerGetsAFrameAtEachScheduledChangeOnly() throws {
        let live = session(TimerComponent())
        #expect(live.frameDue(at: 0))
        _ = live.buildFrame(at: 0, serverTime: 0)
        #expect(live.scheduledChange == nil)
        #expect(!live.wantsTick && !live.frameDue(at: 100))

        try live.apply(InputEvent(time: 2.25, kind: .tap(Point(x: 1, y: 1))))
        #expect(live.frameDue(at: 2.25))
        _ = live.buildFrame(at: 2.25, serverTime: 0)
        #expect(live.scheduledChange == 3.25)
        #expect(!live.wantsTick, "a timer alone must not tick at --fps")
        #expect(!live.frameDue(at: 3.2))
        #expect(live.frameDue(at: 3.25))
        let frame = try #require(live.buildFrame(at: 3.26, serverTime: 0))
        #expect(frame.sequence == 3)
        #expect(frame.tail == Array(",\"list\":{\"seconds\":1}}".utf8))
        #expect(live.scheduledChange == 4.25)
    }

    @Test func aFrameThatChangesNothingIsNotSentAndSpendsNoSequenceNumber() throws {
        let live = session(TimerComponent())
        #expect(live.buildFrame(at: 0, serverTime: 0)?.sequence == 1)
        // Same picture, same state: an input that hit nothing.
        try live.apply(InputEvent(time: 0.5, kind: .environment(.init(colorScheme: .dark))))
        #expect(live.frameDue(at: 0.5))
        #expect(live.buildFrame(at: 0.5, serverTime: 0) == nil)
        #expect(!live.frameDue(at: 0.6), "a skipped frame still clears the request")
        #expect(live.latestFrame?.sequence == 1)
        // The picture changes: the next frame takes the next number.
        try live.apply(InputEvent(time: 1, kind: .tap(Point(x: 1, y: 1))))
        let changed = try #require(live.buildFrame(at: 2.5, serverTime: 0))
        #expect(changed.sequence == 2)
    }

    @Test func environmentEventsUpdateWhatViewersAreTold() throws {
        let live = session(TimerComponent())
        try live.apply(InputEvent(time: 1, kind: .environment(.init(colorScheme: .dark, size: Size(width: 200, height: 300)))))
        #expect(live.description.environment == .init(reduceMotion: false, dynamicType: .large, colorScheme: .dark))
        #expect(live.description.viewport == Size(width: 200, height: 300))
        #expect(live.recordingHeader(frameRate: 60).viewport == Size.standardViewport)
        #expect(live.log.count == 1)
    }

    /// The log a later `record start` replays from is bounded in bytes: `set`s of the largest
    /// value fill it after ~2000 events, and it then grows no more.
    @Test func theInputLogIsBoundedByBytes() throws {
        let request = ComponentRegistry.Request(
            configuration: .object([]), environment: .protocolDefaults, viewport: .standardViewport)
        let live = LiveSession(
            id: "s", componentName: "probe", request: request, component: try ProbeComponent(request), origin: 0)
        let value = InputEvent.ParameterValue.string(String(repeating: "x", count: ProtocolLimits.maxSetValueBytes))
        var time = 0.0
        while !live.logOverflowed, time < 10 {
            time += 0.001
            try live.apply(InputEvent(time: time, kind: .set(key: "title", value: value)))
        }
        #expect(live.logOverflowed)
        #expect(live.log.bytes <= LiveSession.logByteLimit && live.log.bytes > LiveSession.logByteLimit - 9000)
        let count = live.log.count
        try live.apply(InputEvent(time: time + 1, kind: .pointerDown(pointer: 1, location: Point(x: 1, y: 1))))
        #expect(live.log.count == count)
    }
}
