import MorphKit
import Testing

@Suite struct DisplayListNestingTests {
    func push(_ id: String) -> DisplayList.Op { .push(DisplayList.Group(id: id)) }

    @Test func eachPushFindsItsOwnPopAndOnlyPushesHaveOne() {
        // 0 push a, 1 push b, 2 pop (b), 3 push c, 4 pop (c), 5 pop (a), 6 push d (never closed)
        let ops = [push("a"), push("b"), .pop, push("c"), .pop, .pop, push("d")]
        #expect(DisplayList.matchingPops(ops) == [5, 2, nil, 4, nil, nil, nil])
    }

    @Test func aStrayPopClosesNothing() {
        #expect(DisplayList.matchingPops([.pop, push("a"), .pop, .pop]) == [nil, 2, nil, nil])
        #expect(DisplayList.matchingPops([]) == [])
    }
}
