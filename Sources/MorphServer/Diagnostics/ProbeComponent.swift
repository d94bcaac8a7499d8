import MorphKit

/// A diagnostic component: a dot that crosses the viewport while animating.
///
/// Not one of Morph's components; `morphd --probe` registers it so transport, fan-out,
/// back-pressure and replay can be checked end to end before (and independently of) the real
/// components. Configuration: `duration` (seconds one tap animates, default 1) and `padding`
/// (extra bytes per frame, default 0, at most 4 MiB) to make frames large on purpose, and
/// `still` (bytes of an empty group drawn before the dot that never changes, default 0, at most
/// 4 MiB), so a frame's delta (`DisplayListDelta`) is smaller than the frame by that much.
/// Inputs: `tap` (or a pointer lifting: the page sends pointer events only) animates for `duration`; `set moving true|false` animates until told to
/// stop; `scrub` places the dot (`null` hands it back); anything else is accepted and ignored.
public struct ProbeComponent: LiveComponent {
    /// The name `morphd --probe` registers.
    public static let name = "probe"
    /// Its panel in the page: a Swift component has no file to derive it from, so it is stated
    /// here (a tap animates, a scrub places the dot).
    public static let panel = ComponentPanel(controls: [.scrub], hint: "A diagnostic dot: tap to animate it, scrub to place it.")

    /// Why a probe configuration was refused.
    public struct ConfigurationError: Error, CustomStringConvertible {
        /// What was wrong.
        public var description: String
    }

    private let viewport: Size
    private let duration: Double
    private let padding: Int
    private let still: Int
    private var animatingUntil = -Double.infinity
    private var continuous = false
    private var scrubbed: Double?
    private var lastTime = 0.0

    /// Reads the configuration described above.
    public init(_ request: ComponentRegistry.Request) throws {
        viewport = request.viewport
        let duration = request.configuration["duration"]?.numberValue ?? 1
        guard duration.isFinite, duration >= 0, duration <= 3600 else {
            throw ConfigurationError(description: "duration must be within 0...3600 seconds")
        }
        let padding = request.configuration["padding"]?.numberValue ?? 0
        guard padding >= 0, padding <= 4 * 1024 * 1024 else {
            throw ConfigurationError(description: "padding must be within 0...4194304 bytes")
        }
        let still = request.configuration["still"]?.numberValue ?? 0
        guard still >= 0, still <= 4 * 1024 * 1024 else {
            throw ConfigurationError(description: "still must be within 0...4194304 bytes")
        }
        self.duration = duration
        self.padding = Int(padding)
        self.still = Int(still)
    }

    /// `animating` while moving, else `idle`.
    public var stateName: String { isMoving ? "animating" : "idle" }

    /// True while a tap's animation lasts or `moving` is set.
    public var isMoving: Bool { continuous || lastTime < animatingUntil }

    /// Applies a tap, `set moving`, or a scrub.
    public mutating func handle(_ event: InputEvent) throws {
        lastTime = event.time
        switch event.kind {
        case .tap, .pointerUp: animatingUntil = event.time + duration
        case .set(let key, let value) where key == "moving":
            guard let flag = value.bool else {
                throw ConfigurationError(description: "moving must be true or false")
            }
            continuous = flag
        case .scrub(let progress): scrubbed = progress
        default: break
        }
    }

    /// A display list with one dot; the dot sweeps once a second while moving.
    public mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        lastTime = time
        let phase = scrubbed ?? (time - time.rounded(.down))
        let x = rounded(20 + (viewport.width - 40) * phase)
        let y = rounded(viewport.height / 2)
        let radius = 12.0
        var writer = JSONValue.CompactWriter(capacity: 512 + padding)
        writer.raw("{\"format\":\"morph.display-list\",\"version\":1,\"component\":\"probe\",\"size\":")
        writer.write(viewport.viewportJSON)
        writer.key("time")
        writer.write(number: rounded(time))
        writer.raw(",\"background\":[1,1,1,1],\"ops\":[")
        if still > 0 {
            writer.raw("{\"op\":\"push\",\"id\":")
            writer.write(string: String(repeating: "s", count: still))
            writer.raw("},{\"op\":\"pop\"},")
        }
        writer.raw("{\"op\":\"fill\",\"id\":\"dot\",\"path\":[")
        writer.write(.array([.string("M"), .number(x - radius), .number(y - radius)]))
        for (dx, dy) in [(radius, -radius), (radius, radius), (-radius, radius)] {
            writer.raw(",")
            writer.write(.array([.string("L"), .number(x + dx), .number(y + dy)]))
        }
        writer.raw(",[\"Z\"]],\"paint\":{\"type\":\"solid\",\"color\":[0.2,0.4,1,1]}}],\"accessibility\":[]")
        if padding > 0 {
            writer.key("padding")
            writer.write(string: String(repeating: "x", count: padding))
        }
        writer.raw("}")
        return writer.bytes
    }

    private func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
