import Foundation
import MorphKit
import Testing

/// `ComponentSession.scene(posed:)` on a file that exists only as a file (the bottom sheet),
/// and its refusals, each naming what to give instead.
@Suite struct ComponentPoseTests {
    static func sheet() throws -> ComponentSession {
        try ComponentSession(definition: try ComponentFileReplayTests.definition("bottom-sheet"))
    }

    /// The sheet's large detent is reached by a drag up to the top edge; the medium one by
    /// its show button; halfway toward medium is between closed and medium.
    @Test func theBottomSheetPosesFromItsOwnMachine() throws {
        let session = try Self.sheet()
        let closed = try session.scene(posed: ComponentPose())
        let medium = try session.scene(posed: ComponentPose(state: "medium"))
        let large = try session.scene(posed: ComponentPose(state: "large"))
        let halfway = try session.scene(posed: ComponentPose(state: "medium", progress: 0.5))
        // The sheet is drawn only once lifted.
        #expect(closed.node(withID: "sheet") == nil)
        let tops = [medium, large, halfway].compactMap { $0.node(withID: "sheet")?.frame.minY }
        #expect(tops.count == 3 && tops[1] < tops[0] && tops[0] < tops[2], "\(tops)")
        // Held mid-drag at y 300 from the medium detent; the session itself is not changed.
        let held = try session.scene(posed: ComponentPose(state: "dragging", drag: Point(x: 195, y: 300)))
        #expect(held.node(withID: "sheet")?.frame.minY != tops.first)
        #expect(session.stateName == "closed")
        #expect(throws: PoseError.heldByDrag("dragging")) { try session.scene(posed: ComponentPose(state: "dragging")) }
    }

    @Test func refusalsSayWhatToGiveInstead() throws {
        let sheet = try Self.sheet()
        #expect(throws: PoseError.unknownState("open", states: ["closed", "medium", "large", "dragging"])) {
            try sheet.scene(posed: ComponentPose(state: "open"))
        }
        #expect(throws: PoseError.noScrubVariable) { try sheet.scene(posed: ComponentPose(progress: 0.5)) }
        #expect(throws: PoseError.progressOutOfRange(10.5)) {
            try sheet.scene(posed: ComponentPose(state: "medium", progress: 10.5))
        }
        #expect(throws: PoseError.badTime(-1)) { try sheet.scene(posed: ComponentPose(time: -1)) }
        #expect(throws: PoseError.noDrag(state: "closed")) { try sheet.scene(posed: ComponentPose(drag: Point(x: 1, y: 1))) }
        #expect(throws: PoseError.badDrag(Point(x: 1e9, y: 0))) {
            try sheet.scene(posed: ComponentPose(state: "medium", drag: Point(x: 1e9, y: 0)))
        }
        #expect(throws: PoseError.badVariable("lift", reason: "a number variable takes a number")) {
            try sheet.scene(posed: ComponentPose(variables: [.init(name: "lift", value: .point(.zero))]))
        }
        // A built-in poses through its file as any component does.
        let builtIn = try ComponentSession(component: .heroCard)
        func hasClose(_ state: String) throws -> Bool {
            try builtIn.scene(posed: ComponentPose(state: state)).displayList().accessibility.contains { $0.id == "close" }
        }
        #expect(try hasClose("expanded") && !(try hasClose("collapsed")))
        let message = PoseError.unknownState("open", states: ["closed", "medium"]).description
        #expect(message == "unknown state 'open' (the machine's states: closed, medium)")
    }
}
