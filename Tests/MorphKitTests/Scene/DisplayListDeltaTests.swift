import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// Frame deltas (`DisplayListDelta`): over every recorded session, each frame's delta against
/// the frame before applies back to that frame's exact bytes, and is smaller.
@Suite struct DisplayListDeltaTests {
    @Test(arguments: RecordedSessions.names)
    func everyDeltaOfARecordingAppliesToTheFullList(name: String) throws {
        let frames = try RecordedSessions.frames(name)
        #expect(frames.count > 10)
        var deltaBytes = 0, fullBytes = 0, deltas = 0
        for (base, frame) in zip(frames, frames.dropFirst()) {
            let baseLayout = try #require(DisplayListDelta.layout(of: base.displayList))
            let layout = try #require(DisplayListDelta.layout(of: frame.displayList))
            let decoded = try RecordedSessions.displayList(frame)
            #expect(layout.ops.elements.count == decoded.ops.count)
            #expect(layout.accessibility.elements.count == decoded.accessibility.count)
            fullBytes += frame.displayList.count
            guard
                let delta = DisplayListDelta.encode(
                    frame.displayList, layout: layout, base: base.displayList, baseLayout: baseLayout)
            else {
                deltaBytes += frame.displayList.count
                continue
            }
            deltas += 1
            deltaBytes += delta.count
            let applied = DisplayListDelta.apply(delta, to: base.displayList, baseLayout: baseLayout)
            #expect(applied == frame.displayList, "\(name) frame \(frame.index)")
            #expect(delta.count < frame.displayList.count)
        }
        // Consecutive frames of a component share most ops: deltas are the rule.
        #expect(deltas > frames.count / 2, "\(name): \(deltas) deltas of \(frames.count) frames")
        print("delta \(name): \(frames.count) frames, \(fullBytes / frames.count) B full, \(deltaBytes / frames.count) B sent")
    }

    /// The first frames of one recording per component as the `frame` messages a viewer that
    /// asked for deltas gets (a full frame, then deltas), each with the SHA-256 of the full
    /// list it stands for: the page's applier (`web-preview/test/frames.test.js`) must give
    /// those bytes back.
    @Test(arguments: ["curtain-flick-reveals", "container-double-tap", "hero-open-close"])
    func deltaFramesGolden(name: String) throws {
        let frames = Array(try RecordedSessions.frames(name).prefix(40))
        var lines: [String] = []
        var previous: (bytes: [UInt8], layout: DisplayListDelta.Layout)?
        for (index, frame) in frames.enumerated() {
            let layout = try #require(DisplayListDelta.layout(of: frame.displayList))
            var line =
                #"{"type":"frame","session":"deltagolden00000","seq":\#(index + 1),"serverTime":0,"state":"\#(frame.stateName)","dropped":0"#
            if let previous,
                let delta = DisplayListDelta.encode(
                    frame.displayList, layout: layout, base: previous.bytes, baseLayout: previous.layout)
            {
                line += #","base":\#(index),"delta":"# + String(decoding: delta, as: UTF8.self)
            } else {
                line += #","list":"# + String(decoding: frame.displayList, as: UTF8.self)
            }
            lines.append(line + #","sha256":"\#(frame.hash)"}"#)
            previous = (frame.displayList, layout)
        }
        let outcome = Golden(suite: "DisplayListDeltaTests").check(lines.joined(separator: "\n") + "\n", name: name, ext: "jsonl")
        #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
    }

    @Test func aDeltaAgainstTheWrongBaseOrMalformedIsRefused() throws {
        let frames = try RecordedSessions.frames("curtain-flick-reveals")
        let base = frames[10].displayList, list = frames[11].displayList
        let baseLayout = try #require(DisplayListDelta.layout(of: base))
        let layout = try #require(DisplayListDelta.layout(of: list))
        let delta = try #require(DisplayListDelta.encode(list, layout: layout, base: base, baseLayout: baseLayout))
        // A base with fewer ops than the delta copies from.
        let tiny = Array(#"{"ops":[],"accessibility":[]}"#.utf8)
        let tinyLayout = try #require(DisplayListDelta.layout(of: tiny))
        #expect(DisplayListDelta.apply(delta, to: tiny, baseLayout: tinyLayout) == nil)
        for bad in [
            #"{"ops":[[0]],"accessibility":[]}"#, #"{"ops":[[-1,2]],"accessibility":[]}"#, #"{"ops":[7],"accessibility":[]}"#,
            #"{"ops":[{}"#,
        ] {
            #expect(DisplayListDelta.apply(Array(bad.utf8), to: base, baseLayout: baseLayout) == nil, "\(bad)")
        }
        #expect(DisplayListDelta.layout(of: Array(#"{"accessibility":[],"ops":[]}"#.utf8)) == nil)
    }

    @Test func anInsertedOpKeepsTheRunGoing() throws {
        let base = Array(#"{"a":1,"ops":[{"op":"pop"},{"x":"]"},{"y":2}],"accessibility":[{"r":1}]}"#.utf8)
        let list = Array(#"{"a":1,"ops":[{"op":"pop"},{"new":true},{"x":"]"},{"y":2}],"accessibility":[{"r":1}]}"#.utf8)
        let baseLayout = try #require(DisplayListDelta.layout(of: base))
        let layout = try #require(DisplayListDelta.layout(of: list))
        let delta = try #require(DisplayListDelta.encode(list, layout: layout, base: base, baseLayout: baseLayout))
        #expect(String(decoding: delta, as: UTF8.self) == #"{"a":1,"ops":[[0,1],{"new":true},[1,2]],"accessibility":[[0,1]]}"#)
        #expect(DisplayListDelta.apply(delta, to: base, baseLayout: baseLayout) == list)
    }
}
