import Foundation
import MorphCairo
import MorphExport
import MorphJSON
import MorphKit
import MorphServer

/// What `make fuzz` feeds libFuzzer's inputs to: the decoders that read bytes from outside
/// (a client's messages, recording files, component files and configurations, display
/// lists, PNG pictures, a component file's expressions) and the code each hands its result to. An input may be refused; it may
/// never trap, hang or reach a precondition. Each case's seeds are `Tests/fuzz/corpus/NAME`.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Client messages, one per line: `open` starts a built-in component's session, `input`
    /// drives it and each accepted event encodes a frame, as morphd does; `replay` with an
    /// inline recording plays a few frames.
    case `protocol`
    /// A recording file: `RecordingReader`, then a few frames and the last one of `Replay`.
    case recording
    /// A component file (`ComponentDefinition`) or a `morph.config.<component>` object given to
    /// each built-in component; an accepted one runs a drag and encodes its frames.
    case configuration
    /// A display list: decoded, written back canonically (which must read back to the same
    /// bytes) and as SVG.
    case displayList = "display-list"
    /// A PNG (`morph curtain --in`, a component's picture): its header checked as components
    /// check it, decoded within `PNGDecoder.maxPixels`, and a decoded image written back and
    /// read again to the same pixels.
    case png
    /// One expression of a component file (the input, as text), compiled as a `let` over a
    /// configuration, a variable and the built-in names, then evaluated by the frames of a
    /// drag: refused (a `limit` included) or evaluated, never a trap or a runaway recursion.
    case expression

    /// Runs one input through the target.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .protocol: Self.runMessages(bytes)
        case .recording: Self.runRecording(bytes)
        case .configuration: Self.runConfiguration(bytes)
        case .displayList: Self.runDisplayList(bytes)
        case .png: Self.runPNG(bytes)
        case .expression: Self.runExpression(bytes)
        }
    }

    /// More lines than this are ignored: the interesting part of a sequence is its start.
    static let maximumMessages = 32

    private static func runMessages(_ bytes: [UInt8]) {
        var session: ComponentSession?
        let lines = bytes.split(separator: UInt8(ascii: "\n")).prefix(maximumMessages)
        for line in lines {
            guard case .success(let message) = ClientMessage.decode(Array(line)) else { continue }
            switch message {
            case .open(let request):
                guard let kind = ComponentKind(rawValue: request.component) else { continue }
                session = try? ComponentSession(
                    component: kind, configuration: request.configuration,
                    environment: request.environment, viewport: request.viewport)
                if var opened = session {
                    _ = opened.encodedDisplayList(at: opened.time)
                    session = opened
                }
            case .input(let event, _):
                guard var live = session, (try? live.handle(event)) != nil else { continue }
                _ = live.encodedDisplayList(at: live.time)
                session = live
            case .replayRecording(let recording, _):
                playBriefly(recording)
            default:
                continue
            }
        }
        if var live = session { _ = live.encodedDisplayList(at: live.time + settleSeconds) }
    }

    private static func runRecording(_ bytes: [UInt8]) {
        guard let read = try? RecordingReader.read(Data(bytes), maxEventsPerSecond: Replay.maxEventsPerSecond) else {
            return
        }
        playBriefly(read.recording)
    }

    /// A few frames from the start and the last frame, as `morph replay` and morphd's replay
    /// timeline take them.
    private static func playBriefly(_ recording: Recording) {
        guard var replay = try? Replay(recording) else { return }
        for _ in 0..<5 where replay.next() != nil {}
        _ = replay.last()
    }

    private static func runConfiguration(_ bytes: [UInt8]) {
        if let definition = try? ComponentDefinition(json: bytes, file: "fuzz.json") {
            if var session = try? ComponentSession(definition: definition) { drag(&session) }
            return
        }
        guard let configuration = try? JSONCursor(parsing: bytes).value else { return }
        for kind in ComponentKind.allCases {
            if var session = try? ComponentSession(component: kind, configuration: configuration) { drag(&session) }
        }
    }

    private static func runExpression(_ bytes: [UInt8]) {
        var escaped = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20:
                escaped += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let file = """
            {"format": "morph.component", "version": 1, "name": "fuzz", "viewport": [200, 200],
             "configuration": {"label": {"type": "text", "default": "ab"}, "tint": {"type": "color", "default": [1, 0, 0, 1]}},
             "variables": {"v": {"initial": 0}}, "let": {"x": "\(escaped)"}, "background": "white(1)",
             "scene": {"type": "group", "id": "root"}, "machine": {"states": ["idle"], "transitions": []}}
            """
        guard let definition = try? ComponentDefinition(json: Array(file.utf8), file: "fuzz.json"),
            var session = try? ComponentSession(definition: definition)
        else { return }
        drag(&session)
    }

    /// Long enough for every spring and fold to come to rest.
    static let settleSeconds = 5.0

    /// A press in the middle, a drag up and left, a release, each followed by a frame, then the
    /// frame once it has settled.
    private static func drag(_ session: inout ComponentSession) {
        let middle = Point(x: session.viewport.width / 2, y: session.viewport.height / 2)
        let path: [InputEvent.Kind] = [
            .pointerDown(pointer: 1, location: middle),
            .pointerMove(pointer: 1, location: Point(x: middle.x - 60, y: middle.y - 120)),
            .pointerUp(pointer: 1, location: Point(x: middle.x - 80, y: middle.y - 160)),
        ]
        _ = session.encodedDisplayList(at: 0)
        for (step, kind) in path.enumerated() {
            let time = 0.1 + 0.05 * Double(step)
            guard (try? session.handle(InputEvent(time: time, kind: kind))) != nil else { return }
            _ = session.encodedDisplayList(at: time)
        }
        _ = session.encodedDisplayList(at: settleSeconds)
    }

    private static func runPNG(_ bytes: [UInt8]) {
        _ = try? ImageAsset(source: "fuzz.png", png: bytes)
        guard let image = try? PNGDecoder.decodeStraight(bytes) else { return }
        precondition(
            image.pixels.count == image.width * image.height * 4 && image.width * image.height <= PNGDecoder.maxPixels,
            "a decoded PNG's pixels do not match its size")
        guard let encoded = try? PNGEncoder.encode(image), (try? PNGDecoder.decodeStraight(encoded)) == image else {
            preconditionFailure("a decoded PNG does not write back to the same pixels")
        }
    }

    private static func runDisplayList(_ bytes: [UInt8]) {
        guard let list = try? DisplayList(json: bytes) else { return }
        let canonical: [UInt8]
        do {
            canonical = try list.canonicalJSON()
        } catch {
            preconditionFailure("a decoded display list cannot be written back: \(error)")
        }
        // Canonical numbers are rounded (schemas/display-list.md), so the list read back may
        // differ from the first in the last digits; its canonical bytes may not.
        guard let again = try? DisplayList(json: canonical), (try? again.canonicalJSON()) == canonical else {
            preconditionFailure("a display list's canonical JSON does not read back to the same JSON")
        }
        _ = SVGWriter().svg(list)
    }
}
