import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct SceneTests {
    @Test func framesAreResolvedInViewportCoordinatesAndOpacityIsCumulative() throws {
        let scene = SampleDisplayLists.smallScene()
        let card = try #require(scene.node(withID: "card"))
        #expect(card.frame == Rect(x: 20, y: 30, width: 200, height: 100))
        #expect(card.opacity == 0.8)
        // The title is scaled by 0.5 about (10, 10) inside the card moved to (20, 30).
        let title = try #require(scene.node(withID: "title"))
        #expect(title.frame == Rect(x: 30, y: 40, width: 25, height: 12))
        #expect(title.opacity == 0.8)
        let page = try #require(scene.node(withID: "page"))
        #expect(page.frame == Rect(x: 0, y: 0, width: 240, height: 160) && page.opacity == 1)
        // A group without bounds takes the union of its children.
        #expect(scene.root.frame == Rect(x: 0, y: 0, width: 240, height: 160))
    }

    @Test func flatteningIsBalancedInPainterOrderWithUniqueIDs() {
        let list = SampleDisplayLists.smallScene().displayList()
        #expect(list.isBalanced)
        #expect(list.ops.compactMap(\.id) == ["root", "card", "surface", "titleScale", "title", "chevron", "foreground", "page"])
        let ids = list.ops.compactMap(\.id)
        #expect(Set(ids).count == ids.count)
        guard case .push(let effectGroup) = list.ops[8] else { Issue.record("expected the effect push"); return }
        #expect(effectGroup.effect?.drag == Point(x: 120, y: 80))
        #expect(list.accessibility.map(\.id) == ["card", "title"])
        #expect(list.accessibility[1].frame == Rect(x: 30, y: 40, width: 25, height: 12))
    }

    @Test func unbalancedListsAreDetected() {
        var list = SampleDisplayLists.smallScene().displayList()
        #expect(list.firstUnbalancedOp == nil)
        list.ops.removeLast()
        #expect(list.firstUnbalancedOp == list.ops.count)
        list.ops.insert(.pop, at: 0)
        #expect(list.firstUnbalancedOp == 0)
    }

    @Test func curtainDragIsFlooredAtTwenty() {
        #expect(CurtainEffect(bounds: .zero, rawDrag: Point(x: 5, y: 7), folds: 4).drag == Point(x: 20, y: 7))
        #expect(CurtainEffect(bounds: .zero, rawDrag: Point(x: 20.5, y: 7), folds: 4).drag == Point(x: 20.5, y: 7))
    }

    @Test func sceneJSONRoundTripsByteIdentically() throws {
        let scene = SampleDisplayLists.smallScene()
        let bytes = try scene.canonicalJSON()
        let decoded = try Scene(json: bytes)
        #expect(try decoded.canonicalJSON() == bytes)
        // Decoding reads the rounded numbers, so compare the decoded scene with itself re-read.
        #expect(try Scene(json: try decoded.canonicalJSON()) == decoded)
        #expect(decoded.allNodes.map(\.id) == scene.allNodes.map(\.id))
    }

    @Test func goldens() throws {
        let golden = Golden(suite: "SceneTests")
        let scene = SampleDisplayLists.smallScene()
        let list = scene.displayList()
        for outcome in [
            golden.check(Data(try scene.canonicalJSON()), name: "small-scene", ext: "json"),
            golden.check(Data(try list.canonicalJSON()), name: "small-scene.display-list", ext: "json"),
            golden.check(list.printedDescription, name: "small-scene.display-list", ext: "txt"),
            golden.check(Data(try SampleDisplayLists.everything().canonicalJSON()), name: "every-op.display-list", ext: "json"),
            golden.check(SampleDisplayLists.everything().printedDescription, name: "every-op.display-list", ext: "txt"),
        ] {
            #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
        }
    }
}
