import MorphKit
import Testing

@testable import MorphServer

/// The session's input log gives back every event bit for bit, in order, in about a
/// quarter of the memory an `[InputEvent]` took.
@Suite struct InputLogTests {
    @Test func eventsComeBackInOrderBitForBit() {
        var appended: [InputEvent] = []
        var log = InputLog()
        // More than two blocks of pointer events, other kinds between them, and numbers whose
        // bits a lossy packing would change (-0, subnormals, the limits).
        let xs: [Double] = [0, -0.0, 3 * .leastNonzeroMagnitude, 12.345678901234567, -100_000, 100_000, .ulpOfOne]
        for index in 0..<5000 {
            let time = Double(index) / 60 + 1e-9
            let location = Point(x: xs[index % xs.count], y: Double(index) * 0.1)
            let event: InputEvent
            switch index % 250 {
            case 0: event = InputEvent(time: time, kind: .pointerDown(pointer: index, location: location))
            case 100: event = InputEvent(time: time, kind: .tap(location))
            case 101: event = InputEvent(time: time, kind: .set(key: "folds", value: .number(3)))
            case 102: event = InputEvent(time: time, kind: .scrub(progress: nil))
            case 103: event = InputEvent(time: time, kind: .environment(.init(colorScheme: .dark)))
            case 249: event = InputEvent(time: time, kind: .pointerUp(pointer: -7, location: location))
            default: event = InputEvent(time: time, kind: .pointerMove(pointer: Int.max, location: location))
            }
            appended.append(event)
            log.append(event)
        }
        #expect(log.count == 5000)
        let events = log.events
        #expect(events.count == appended.count)
        for (got, sent) in zip(events, appended) {
            #expect(got.time.bitPattern == sent.time.bitPattern)
            #expect(got == sent)
            if case .pointerMove(_, let a) = got.kind, case .pointerMove(_, let b) = sent.kind {
                #expect(a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern)
            }
        }
    }

    @Test func anHourOfDragTakesAboutThirtyThreeBytesAnEvent() {
        var log = InputLog()
        let events = 60 * 60 * 60  // an hour at 60 Hz
        for index in 0..<events {
            log.append(
                InputEvent(
                    time: Double(index) / 60, kind: .pointerMove(pointer: 1, location: Point(x: Double(index % 390), y: 400))))
        }
        let perEvent = Double(log.storageBytes) / Double(events)
        #expect(perEvent <= 34, "\(perEvent) bytes an event")
        // What the array it replaces holds, without its spare half.
        #expect(Double(MemoryLayout<InputEvent>.stride) > 1.5 * perEvent)
    }
}
