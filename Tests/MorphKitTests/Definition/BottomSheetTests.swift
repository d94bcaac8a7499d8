import Foundation
import MorphJSON
import MorphKit
import MorphTestSupport
import Testing

/// `Examples/components/bottom-sheet.json`, the component written only as a file: its
/// recordings (`Examples/components/recordings`, made by `generate.py` there) replayed through
/// it, where each drag ends, the presenting view pushed back at the large detent, the
/// grabber's colour, and display-list goldens of the frames that show it.
@Suite struct BottomSheetTests {
    static let folder = ComponentFileReplayTests.examples
    static let definition = try! ComponentDefinition(contentsOf: folder.appendingPathComponent("bottom-sheet.json"))
    /// Sheet tops at 390 × 844: medium is half the height, large leaves max(safe top, 44) + 10
    /// pt above (an iPhone 15, whose safe area starts 59 pt down).
    static let mediumTop = 422.0
    static let largeTop = 69.0

    static func frames(_ name: String) throws -> [Replay.Frame] {
        let url = folder.appendingPathComponent("recordings/\(name).jsonl")
        let read = try RecordingReader.read(contentsOf: url)
        #expect(read.warnings.isEmpty)
        var replay = try Replay(read.recording, definition: definition)
        var frames: [Replay.Frame] = []
        while let frame = replay.next() { frames.append(frame) }
        #expect(replay.skippedEvents.isEmpty)
        return frames
    }

    /// The sheet's top edge in a frame (its group's translation), nil while it is not drawn.
    static func sheetTop(_ frame: Replay.Frame) throws -> Double? {
        for op in try DisplayList(json: frame.displayList).ops {
            if case .push(let group) = op, group.id == "sheet" { return group.transform.ty }
        }
        return nil
    }

    /// The states in the order first seen.
    static func states(_ frames: [Replay.Frame]) -> [String] {
        frames.map(\.stateName).reduce(into: []) { seen, state in if seen.last != state { seen.append(state) } }
    }

    @Test(arguments: [
        ("sheet-flick-up-to-large", ["closed", "medium", "dragging", "large"], largeTop),
        ("sheet-slow-drag-returns-to-medium", ["closed", "medium", "dragging", "medium"], mediumTop),
        ("sheet-flick-down-dismisses", ["closed", "medium", "dragging", "closed"], nil),
        // The device rule: a held-finger release returns (lifted at once, it would dismiss).
        ("sheet-hold-then-lift-returns-to-medium", ["closed", "medium", "dragging", "medium"], mediumTop),
        ("sheet-slow-release-returns-to-medium", ["closed", "medium", "dragging", "medium"], mediumTop),
        ("sheet-backdrop-tap-dismisses", ["closed", "medium", "closed"], nil),
    ])
    func eachRecordingEndsAtItsDetent(name: String, states: [String], top: Double?) throws {
        let frames = try Self.frames(name)
        #expect(Self.states(frames) == states)
        let last = try #require(frames.last)
        if let top {
            #expect(abs(try #require(try Self.sheetTop(last)) - top) < 0.01)
        } else {
            #expect(try Self.sheetTop(last) == nil, "a dismissed sheet is not drawn")
        }
    }

    /// The release decides by SwiftUI's predicted end, not by where the finger lifted: the
    /// slow drag lifts 100 pt below medium and returns; the flick lifts 160 pt below and,
    /// carried 0.25 s further by its velocity, closes. While dragging the sheet follows the
    /// finger exactly.
    @Test func thePredictedEndChoosesTheDetent() throws {
        let slow = try Self.frames("sheet-slow-drag-returns-to-medium")
        let held = try #require(slow.last { $0.stateName == "dragging" })
        #expect(abs(try #require(try Self.sheetTop(held)) - (Self.mediumTop + 100)) < 2)
        let flick = try Self.frames("sheet-flick-down-dismisses")
        let released = try #require(flick.firstIndex { $0.stateName == "closed" && $0.time > 1 })
        // Closing: the sheet moves down from where it was released, every frame.
        let tops = try flick[released...].compactMap { try Self.sheetTop($0) }
        #expect(tops.count > 5)
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 })
    }

    /// While dragged, the sheet tracks the finger directly: at every drag frame its top has
    /// moved by exactly the finger's translation since the grab (no spring lag); it springs
    /// only after the release.
    @Test func whileDraggedTheSheetTracksTheFingerDirectly() throws {
        for name in ["sheet-flick-up-to-large", "sheet-slow-drag-returns-to-medium", "sheet-flick-down-dismisses"] {
            let url = Self.folder.appendingPathComponent("recordings/\(name).jsonl")
            let recording = try RecordingReader.read(contentsOf: url).recording
            var fingerY: [(time: Double, y: Double)] = []
            var grabY: Double?
            for event in recording.events {
                switch event.kind {
                case .pointerDown(_, let location) where location.y > Self.mediumTop:
                    grabY = location.y
                    fingerY.append((event.time, location.y))
                case .pointerMove(_, let location): fingerY.append((event.time, location.y))
                default: break
                }
            }
            let grab = try #require(grabY)
            let frames = try Self.frames(name)
            let dragging = frames.filter { $0.stateName == "dragging" }
            #expect(dragging.count > 3, "\(name)")
            // The sheet's top less the finger's translation: where it was grabbed, the same in
            // every drag frame (to the display list's 4 decimals).
            let grabbedTops = try dragging.map { frame in
                let finger = try #require(fingerY.last { $0.time <= frame.time + 1e-9 })
                return try #require(try Self.sheetTop(frame)) - (finger.y - grab)
            }
            let spread = grabbedTops.max()! - grabbedTops.min()!
            #expect(spread < 0.001, "\(name): the sheet lags the finger by up to \(spread) pt")
            #expect(abs(grabbedTops[0] - Self.mediumTop) < 0.5, "\(name)")
            // Released, the sheet moves on by itself: a spring, not a jump.
            let released = try #require(frames.firstIndex { $0.time > dragging.last!.time })
            let next = try Self.sheetTop(frames[released])
            let settled = try Self.sheetTop(frames[frames.count - 1])
            #expect(next != settled, "\(name): the release springs")
        }
    }

    @Test func dragsAboveTheLargeDetentRubberBand() throws {
        var session = try ComponentSession(definition: Self.definition)
        try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: 195, y: 278))))
        for frame in 1...114 { session.advance(to: 0.1 + Double(frame) / 60) }
        #expect(session.stateName == "medium")
        #expect(abs(try #require(session.scene().node(withID: "sheet")).frame.minY - Self.mediumTop) < 0.01)
        // Drag 600 pt up, far past large (368 pt above medium): the sheet stops short of it
        // by MorphKit's rubber band, then settles back at large on release.
        try session.handle(InputEvent(time: 2, kind: .pointerDown(pointer: 1, location: Point(x: 195, y: 700))))
        for step in 1...30 {
            try session.handle(
                InputEvent(
                    time: 2 + Double(step) / 60,
                    kind: .pointerMove(pointer: 1, location: Point(x: 195, y: 700 - 20 * Double(step)))))
        }
        for frame in 1...30 { session.advance(to: 2.5 + Double(frame) / 60) }
        let top = try #require(session.scene().node(withID: "sheet")).frame.minY
        let mediumLift = 844 - Self.mediumTop
        let expected = 844 - RecordedSessions.seedRubberClamp(0, mediumLift + 600, 844 - Self.largeTop)
        #expect(abs(top - expected) < 1, "top \(top), rubber band \(expected)")
        // The finger went 232 pt past large; the sheet follows it less than half as far.
        #expect(top < Self.largeTop && Self.largeTop - top < 232 / 2)
        try session.handle(InputEvent(time: 3, kind: .pointerUp(pointer: 1, location: Point(x: 195, y: 100))))
        // Frame by frame, as a renderer steps (the animator skips stalls of over a second).
        for frame in 1...120 { session.advance(to: 3 + Double(frame) / 60) }
        #expect(session.stateName == "large")
        #expect(abs(try #require(session.scene().node(withID: "sheet")).frame.minY - Self.largeTop) < 0.01)
    }

    /// A presented sheet is modal for VoiceOver: SwiftUI's `AccessibilityTraits.isModal` ("when
    /// a modal accessibility element is visible, sibling accessibility elements that are not
    /// modal are ignored"), as a sheet's presented view is to what presents it. While the sheet
    /// is up, nothing behind it (the headline, the caption, the Show button, the dimming
    /// backdrop) is an element, and the sheet's texts are, each labelled with its own words;
    /// once it is dismissed the screen behind reads again, texts included.
    @Test func aPresentedSheetHidesWhatIsBehindItFromVoiceOver() throws {
        let behind: Set<String> = ["headline", "caption", "show", "backdrop"]
        let sheet: Set<String> = ["sheet", "sheet.title", "sheet.body", "sheet.map"]
        func elements(_ frame: Replay.Frame) throws -> [String: DisplayList.AccessibilityElement] {
            let list = try DisplayList(json: frame.displayList)
            return Dictionary(uniqueKeysWithValues: list.accessibility.map { ($0.id, $0) })
        }
        let up = try Self.frames("sheet-flick-up-to-large")
        let before = try elements(try #require(up.first))
        #expect(Set(before.keys) == ["headline", "caption", "show"], "\(before.keys.sorted())")
        #expect(before["caption"]?.label == "Drag the sheet: it settles at the detent nearest where the flick was heading.")
        for frame in up where try Self.sheetTop(frame) != nil {
            let ids = Set(try elements(frame).keys)
            #expect(ids.isDisjoint(with: behind), "t = \(frame.time): \(ids.sorted())")
            #expect(ids == sheet, "t = \(frame.time): \(ids.sorted())")
        }
        let large = try elements(try #require(up.last))
        #expect(large["sheet.title"]?.role == .text && large["sheet.title"]?.label == "Nearby")
        let body = try #require(large["sheet.body"])
        #expect(body.role == .text && body.label.hasPrefix("Pull up for the large detent"))
        let dismissed = try elements(try #require(try Self.frames("sheet-backdrop-tap-dismisses").last))
        #expect(Set(dismissed.keys) == ["headline", "caption", "show"])
    }

    // MARK: The presenting view at the large detent (UIKit's page sheet, iOS 15 and later)

    /// The device rule, in the numbers `schemas/component.md` cites: from medium to large the
    /// presenting view is inset 16 pt each side (scaled about its top centre), its top edge
    /// moved down to the safe area's top (59 pt on this preset, 10 pt above the large sheet),
    /// its corners rounded with the sheet's radius (10 pt on screen), black behind it.
    static let width = 390.0
    static let safeTop = 59.0
    static let pushedBackScale = 1 - 2 * 16 / width
    static let sheetCornerRadius = 10.0

    /// How far the sheet is from medium toward large: 0 at or below medium, 1 at large.
    static func deck(sheetTop: Double) -> Double {
        min(max((mediumTop - sheetTop) / (mediumTop - largeTop), 0), 1)
    }

    static func ops(_ frame: Replay.Frame) throws -> [DisplayList.Op] {
        try DisplayList(json: frame.displayList).ops
    }

    static func group(_ id: String, in ops: [DisplayList.Op]) -> DisplayList.Group? {
        for op in ops { if case .push(let group) = op, group.id == id { return group } }
        return nil
    }

    static func fill(_ id: String, in ops: [DisplayList.Op]) -> DisplayList.Fill? {
        for op in ops { if case .fill(let fill) = op, fill.id == id { return fill } }
        return nil
    }

    static func color(_ id: String, in ops: [DisplayList.Op]) -> RGBAColor? {
        if case .solid(let color)? = fill(id, in: ops)?.paint { return color }
        return nil
    }

    /// Every coordinate of a path, in order, for comparing two outlines point by point.
    static func coordinates(_ path: Path) -> [Double] {
        path.elements.flatMap { element -> [Double] in
            switch element {
            case .move(let p), .line(let p): [p.x, p.y]
            case .quadCurve(let p, let c): [c.x, c.y, p.x, p.y]
            case .curve(let p, let c1, let c2): [c1.x, c1.y, c2.x, c2.y, p.x, p.y]
            case .closeSubpath: []
            }
        }
    }

    static func close(_ a: RGBAColor?, _ b: RGBAColor, within tolerance: Double = 0.002) -> Bool {
        guard let a else { return false }
        return abs(a.red - b.red) < tolerance && abs(a.green - b.green) < tolerance && abs(a.blue - b.blue) < tolerance
            && abs(a.alpha - b.alpha) < tolerance
    }

    /// Checks the presenting view of one frame against the rule at `deck`: its transform, its
    /// clip as seen on screen (a continuous rounded rect of the card's frame with the sheet's
    /// radius times `deck`), and the black window behind it while it is pushed back at all.
    static func expectPushedBack(_ ops: [DisplayList.Op], deck: Double, _ context: String) throws {
        let presenting = try #require(group("presenting", in: ops), "\(context)")
        let scale = 1 - deck * (1 - pushedBackScale)
        let expected = AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: width * (1 - scale) / 2, ty: safeTop * deck)
        let t = presenting.transform
        #expect(
            abs(t.a - expected.a) < 1e-3 && abs(t.d - expected.d) < 1e-3 && t.b == 0 && t.c == 0
                && abs(t.tx - expected.tx) < 0.01 && abs(t.ty - expected.ty) < 0.01,
            "\(context): transform \(t), the rule at \(deck) gives \(expected)")
        let card = Rect(x: expected.tx, y: expected.ty, width: width * scale, height: 844 * scale)
        let onScreen = coordinates(try #require(presenting.clip, "\(context)").applying(t))
        let rule = coordinates(Path(roundedRect: card, cornerRadius: sheetCornerRadius * deck))
        #expect(onScreen.count == rule.count, "\(context)")
        // The display list keeps 4 decimals: a scale off by up to 5e-5 moves y = 844 by 0.042 pt.
        let apart = zip(onScreen, rule).map { abs($0 - $1) }.max() ?? .infinity
        #expect(apart < 0.05, "\(context): the clip is \(apart) pt from the rule's rounded card")
        let window = color("window", in: ops)
        if deck > 0 {
            #expect(window == RGBAColor(white: 0), "\(context): black behind the pushed-back view")
        } else {
            #expect(window == nil, "\(context): nothing is pushed back, so no black")
        }
    }

    /// At the large detent the presenting view is a card 16 pt in from each side, its top at
    /// the safe area's top (10 pt of it showing above the sheet), rounded, over black; at the
    /// medium detent nothing of that applies (it is only dimmed).
    @Test func atTheLargeDetentThePresentingViewShrinksBehindTheSheet() throws {
        let large = try #require(try Self.frames("sheet-flick-up-to-large").last)
        #expect(large.stateName == "large")
        try Self.expectPushedBack(try Self.ops(large), deck: 1, "large")
        let top = try #require(try Self.sheetTop(large))
        let card = try #require(Self.group("presenting", in: try Self.ops(large))).transform.ty
        #expect(abs(top - card - 10) < 0.01, "the card shows 10 pt above the sheet")
        let medium = try #require(try Self.frames("sheet-slow-drag-returns-to-medium").last)
        #expect(medium.stateName == "medium")
        try Self.expectPushedBack(try Self.ops(medium), deck: 0, "medium")
        #expect(Self.group("presenting", in: try Self.ops(medium))?.transform == .identity)
    }

    /// The push back is tied to the sheet's position, not animated by itself: in every frame
    /// of a drag up from medium (held, then released to spring home) the presenting view is
    /// where the rule puts it for that frame's sheet top: between the detents it is
    /// interpolated, following the finger and then the spring.
    @Test func betweenTheDetentsThePushBackFollowsTheSheet() throws {
        let frames = try Self.frames("sheet-drag-between-detents")
        #expect(Self.states(frames) == ["closed", "medium", "dragging", "medium"])
        var decks: [Double] = []
        for frame in frames {
            guard let top = try Self.sheetTop(frame) else { continue }
            let deck = Self.deck(sheetTop: top)
            decks.append(deck)
            try Self.expectPushedBack(try Self.ops(frame), deck: deck, "t = \(frame.time), top \(top)")
        }
        // The finger rose 150 pt of the 353 between the detents: part of the way, never all.
        let most = try #require(decks.max())
        #expect(abs(most - 150 / (Self.mediumTop - Self.largeTop)) < 0.01, "\(most)")
        #expect(decks.filter { $0 > 0.05 && $0 < 0.95 }.count > 20)
        #expect(decks.last == 0)
        // Posed exactly halfway: half the inset, half the drop, half the radius.
        let session = try ComponentSession(definition: Self.definition)
        let halfway = (844 - Self.mediumTop) + (Self.mediumTop - Self.largeTop) / 2
        let posed = try session.scene(
            posed: ComponentPose(state: "large", variables: [.init(name: "lift", value: .number(halfway))]))
        try Self.expectPushedBack(posed.displayList().ops, deck: 0.5, "halfway")
    }

    /// Dark appearance: over the black window a black dimming would hide the card, so as the
    /// sheet rises from medium to large the dimming gives way to a light wash on the card
    /// (#C8C8C8 at 10 %); at medium it dims as in light.
    @Test func inDarkAppearanceThePushedBackViewIsWashedLight() throws {
        let frames = try Self.frames("sheet-dark-flick-up-to-large")
        let large = try Self.ops(try #require(frames.last))
        try Self.expectPushedBack(large, deck: 1, "dark large")
        #expect(Self.close(Self.color("presenting.shade", in: large), RGBAColor(white: 200.0 / 255, alpha: 0.1)))
        #expect((Self.color("backdrop", in: large)?.alpha ?? 1) < 1e-4, "no black over the card at large")
        let medium = try Self.ops(try #require(frames.last { $0.stateName == "medium" }))
        #expect(Self.fill("presenting.shade", in: medium) == nil)
        #expect(Self.close(Self.color("backdrop", in: medium), RGBAColor(white: 0, alpha: 0.2)))
        // In light appearance there is no wash, and the dimming stays at large.
        let light = try Self.ops(try #require(try Self.frames("sheet-flick-up-to-large").last))
        #expect(Self.fill("presenting.shade", in: light) == nil)
        #expect(Self.close(Self.color("backdrop", in: light), RGBAColor(white: 0, alpha: 0.2)))
    }

    /// The grabber is drawn in the system's tertiary label colour, as UIKit's sheet grabber
    /// (and Flutter's measured iOS drag handle): (60, 60, 67) at 30 % in light, (235, 235, 245)
    /// at 30 % in dark; 36 × 5 pt, 5 pt below the sheet's top edge.
    @Test func theGrabberIsTheSystemsColourInLightAndDark() throws {
        for (name, expected) in [
            ("sheet-flick-up-to-large", RGBAColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)),
            ("sheet-dark-flick-up-to-large", RGBAColor(red: 235.0 / 255, green: 235.0 / 255, blue: 245.0 / 255, alpha: 0.3)),
        ] {
            let ops = try Self.ops(try #require(try Self.frames(name).last))
            let grabber = try #require(Self.color("grabber", in: ops), "\(name)")
            #expect(Self.close(grabber, expected), "\(name): grabber \(grabber)")
            let box = try #require(Self.fill("grabber", in: ops)).path.controlPointBounds
            #expect(abs(box.width - 36) < 0.01 && abs(box.height - 5) < 0.01 && abs(box.minY - 5) < 0.01, "\(box)")
        }
    }

    /// The sheet's content is at UIKit's elevated level (its group's `level`): in dark
    /// appearance its surface is `systemBackground` elevated, #1C1C1E, and its rows
    /// `secondarySystemBackground` elevated, #2C2C2E, so neither merges into the black window
    /// or the black presenting view; in light, white and #F2F2F7 as before.
    @Test func theSheetIsElevatedInDarkAppearance() throws {
        let dark = try Self.ops(try #require(try Self.frames("sheet-dark-flick-up-to-large").last))
        let grey = { (value: Double) in RGBAColor(red: value / 255, green: value / 255, blue: (value + 2) / 255) }
        #expect(Self.close(Self.color("sheet.surface", in: dark), grey(28)))
        for row in ["sheet.row1", "sheet.row2"] { #expect(Self.close(Self.color(row, in: dark), grey(44)), "\(row)") }
        #expect(Self.color("presenting.surface", in: dark) == .black)
        #expect(Self.color("window", in: dark) == .black)
        let light = try Self.ops(try #require(try Self.frames("sheet-flick-up-to-large").last))
        #expect(Self.color("sheet.surface", in: light) == .white)
        let lightGrey = RGBAColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255)
        for row in ["sheet.row1", "sheet.row2"] { #expect(Self.close(Self.color(row, in: light), lightGrey), "\(row)") }
    }

    @Test func goldens() throws {
        let golden = Golden(suite: "BottomSheetTests")
        var outcomes: [Golden.Outcome] = []
        for name in ["sheet-flick-up-to-large", "sheet-slow-drag-returns-to-medium"] {
            let frames = try Self.frames(name)
            // Mid-drag, just after release, and at rest.
            let dragging = try #require(frames.last { $0.stateName == "dragging" })
            let afterRelease = frames[min(frames.count - 1, dragging.index + 6)]
            for (label, frame) in [("dragging", dragging), ("released", afterRelease), ("rest", frames[frames.count - 1])] {
                let list = try DisplayList(json: frame.displayList)
                outcomes.append(golden.check(Data(frame.displayList), name: "\(name).\(label).display-list", ext: "json"))
                outcomes.append(golden.check(list.printedDescription, name: "\(name).\(label).display-list", ext: "txt"))
            }
        }
        for outcome in outcomes { #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")") }
    }
}
