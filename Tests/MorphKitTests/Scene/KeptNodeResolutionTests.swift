import Testing

@testable import MorphCore
@testable import MorphKit

/// A scene whose kept nodes come from `resolvedAtTop` (a component file's still and keyed
/// parts) takes a kept node as it is only where its parents add no transform and no
/// opacity; anywhere else the node is resolved again, as a plain scene would.
@Suite struct KeptNodeResolutionTests {
    private func card(_ id: String) -> SceneNode {
        .group(
            id, transform: .translation(x: 5, y: 7),
            children: [.shape("\(id).fill", path: Path(rect: Rect(x: 0, y: 0, width: 40, height: 20)), paint: .solid(.white))]
        )
    }

    private func scenes(_ root: SceneNode) -> (vouched: Scene, plain: Scene) {
        (
            Scene(
                component: .morphContainer, size: Size(width: 200, height: 200), time: 0, background: .white,
                root: root, keptNodesResolvedAtTop: ()),
            Scene(component: .morphContainer, size: Size(width: 200, height: 200), background: .white, root: root)
        )
    }

    @Test func aKeptNodeAtTheTopIsTakenAsItIs() throws {
        let kept = Scene.resolvedAtTop(card("kept"))
        let root = SceneNode.group("root", children: [.group("plain", children: [kept]), card("fresh")])
        let (vouched, plain) = scenes(root)
        #expect(vouched.root == plain.root)
        #expect(try #require(vouched.node(withID: "kept.fill")).frame == Rect(x: 5, y: 7, width: 40, height: 20))
        #expect(try #require(vouched.node(withID: "fresh.fill")).frame == Rect(x: 5, y: 7, width: 40, height: 20))
    }

    @Test func aKeptNodeUnderAMovedOrFadedParentIsResolvedAgain() throws {
        let kept = Scene.resolvedAtTop(card("kept"))
        for parent in [
            SceneNode.group("moved", transform: .translation(x: 30, y: 0), children: [kept]),
            SceneNode.group("faded", opacity: 0.5, children: [kept]),
        ] {
            let (vouched, plain) = scenes(.group("root", children: [parent]))
            #expect(vouched.root == plain.root)
            let fill = try #require(vouched.node(withID: "kept.fill"))
            if parent.id == "moved" {
                #expect(fill.frame == Rect(x: 35, y: 7, width: 40, height: 20) && fill.opacity == 1)
            } else {
                #expect(fill.frame == Rect(x: 5, y: 7, width: 40, height: 20) && fill.opacity == 0.5)
            }
        }
    }
}
