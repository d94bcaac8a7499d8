import MorphKit

/// A recording a viewer sent (`replay` with `recording`), replayed on the server frame by
/// frame under the viewer's control: play, pause, seek (`timeline`).
///
/// Frames are MorphKit's `Replay` frames, so frame `i` is byte for byte what `morph replay`
/// writes for it. The session's clock only paces playing: frame `i` shows at `i / fps`
/// seconds after play, whatever the wall clock says about the frames before it. Seeking
/// backwards restarts from the nearest checkpoint (a copy of the replay, every
/// `checkpointEvery` frames, taken as playback first passes it), so a scrub costs at most
/// that many frame builds once the timeline has been played through.
struct ReplayTimeline: LiveComponent {
    /// The longest replay a viewer may send: ten minutes at 60 fps.
    static let maxFrames = 36_000
    /// Frames between checkpoints.
    static let checkpointEvery = 30

    /// Why a recording cannot be a timeline.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Frames in the replay.
    let frames: Int
    /// Frames per second (the recording's rate).
    let fps: Double
    /// The frames that apply an input, ascending (below `frames`): where "next event" skips to.
    let eventFrames: [Int]
    private var checkpoints: [Replay]
    private var cursor: Replay
    private var cursorIndex = 0
    private var cached: Replay.Frame
    /// The frame on screen.
    private(set) var shown = 0
    /// True while frames advance with the session clock.
    private(set) var playing = false
    private var anchorTime = 0.0
    private var anchorFrame = 0

    /// `definition`: the component file a recording of a file component replays through.
    init(_ recording: Recording, definition: ComponentDefinition? = nil) throws(Refusal) {
        let start: Replay
        do {
            start = try Replay(recording, definition: definition)
        } catch {
            throw Refusal(description: "\(error)")
        }
        var counter = start
        guard let last = counter.last() else { throw Refusal(description: "the recording gives no frame") }
        guard last.index < Self.maxFrames else {
            throw Refusal(description: "the replay runs \(last.index + 1) frames; at most \(Self.maxFrames) are allowed")
        }
        frames = last.index + 1
        fps = start.fps
        eventFrames = start.eventFrames.filter { $0 < last.index + 1 }
        checkpoints = [start]
        cursor = start
        guard let first = cursor.next() else { throw Refusal(description: "the recording gives no frame") }
        cursorIndex = 1
        cached = first
    }

    var stateName: String { cached.stateName }

    var isMoving: Bool { playing }

    mutating func handle(_ event: InputEvent) throws {
        throw Refusal(description: "a replay takes no input; send timeline play, pause or seek")
    }

    mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        if playing {
            let elapsed = max(0, time - anchorTime)
            shown = min(frames - 1, anchorFrame + Int((elapsed * fps + 1e-9).rounded(.down)))
            if shown == frames - 1 { playing = false }
        }
        return frame(shown).displayList
    }

    /// Applies a viewer's request at session time `time`.
    mutating func control(_ action: ClientMessage.TimelineAction, at time: Double) {
        switch action {
        case .play:
            if shown >= frames - 1 { shown = 0 }
            playing = true
            anchorTime = time
            anchorFrame = shown
        case .pause:
            playing = false
        case .seek(let index):
            playing = false
            shown = min(max(index, 0), frames - 1)
        }
    }

    /// Frame `index`, from the cache, the cursor, or the nearest checkpoint before it.
    private mutating func frame(_ index: Int) -> Replay.Frame {
        if cached.index == index { return cached }
        let checkpoint = min(index / Self.checkpointEvery, checkpoints.count - 1)
        if cursorIndex > index || cursorIndex < checkpoint * Self.checkpointEvery {
            cursor = checkpoints[checkpoint]
            cursorIndex = checkpoint * Self.checkpointEvery
        }
        while cursorIndex <= index {
            if cursorIndex % Self.checkpointEvery == 0, cursorIndex / Self.checkpointEvery == checkpoints.count {
                checkpoints.append(cursor)
            }
            guard let next = cursor.next() else { break }
            cursorIndex += 1
            cached = next
        }
        return cached
    }
}
