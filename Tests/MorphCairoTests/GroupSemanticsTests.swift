import MorphCairo
import MorphKit
import MorphRaster
import Testing

/// Group opacity, clip and nesting on hand-made lists, with the canvas page's semantics.
@Suite struct GroupSemanticsTests {
    let red = RGBAColor(red: 1, green: 0, blue: 0)

    private func list(_ ops: [DisplayList.Op]) -> DisplayList {
        DisplayList(component: .curtain, size: Size(width: 100, height: 60), background: .white, ops: ops)
    }

    private func square(_ id: String, x: Double, y: Double, size: Double = 20, color: RGBAColor) -> DisplayList.Op {
        .fill(.init(id: id, path: Path(rect: Rect(x: x, y: y, width: size, height: size)), paint: .solid(color)))
    }

    @Test func groupOpacityCompositesTheGroupOnce() throws {
        // Two overlapping opaque squares at 50%: the overlap is as light as either square
        // alone (the group is composited, not each child faded).
        let bitmap = try renderer().render(
            list([
                .push(.init(id: "g", opacity: 0.5)), square("a", x: 10, y: 10, color: red),
                square("b", x: 20, y: 20, color: red), .pop,
            ]), scale: 2)
        let alone = pixel(bitmap, atPoint: 12, 12), overlap = pixel(bitmap, atPoint: 25, 25)
        #expect(alone == overlap)
        #expect(distance(alone, RGBAColor(red: 1, green: 0.5, blue: 0.5)) <= 1)
        #expect(pixel(bitmap, atPoint: 50, 50) == SIMD4(255, 255, 255, 255))
    }

    @Test func nestedOpacitiesMultiply() throws {
        let bitmap = try renderer().render(
            list([
                .push(.init(id: "outer", opacity: 0.5)), .push(.init(id: "inner", opacity: 0.5)),
                square("a", x: 10, y: 10, color: .black), .pop, .pop,
            ]), scale: 1)
        #expect(distance(pixel(bitmap, atPoint: 15, 15), RGBAColor(white: 0.75)) <= 1)
    }

    @Test func zeroOpacityHidesEverythingInside() throws {
        let shadow = Shadow(color: .black, radius: 10, offset: Point(x: 0, y: 0))
        let bitmap = try renderer().render(
            list([.push(.init(id: "g", opacity: 0, shadow: shadow)), square("a", x: 10, y: 10, color: red), .pop]),
            scale: 1)
        let channelValues: Set<UInt8> = Set(stride(from: 0, to: bitmap.pixels.count, by: 1).map { bitmap.pixels[$0] })
        #expect(channelValues == [255])
    }

    @Test func clipIsInTheGroupsCoordinates() throws {
        // Translate by (30, 10), clip to (0, 0, 20, 20) there: only (30...50, 10...30) shows.
        let group = DisplayList.Group(
            id: "g", transform: .translation(x: 30, y: 10), clip: Path(rect: Rect(x: 0, y: 0, width: 20, height: 20)))
        let bitmap = try renderer().render(
            list([.push(group), square("a", x: -100, y: -100, size: 300, color: red), .pop]), scale: 2)
        #expect(distance(pixel(bitmap, atPoint: 31, 11), red) <= 0)
        #expect(distance(pixel(bitmap, atPoint: 49, 29), red) <= 0)
        #expect(distance(pixel(bitmap, atPoint: 29, 20), .white) <= 0)
        #expect(distance(pixel(bitmap, atPoint: 51, 20), .white) <= 0)
        #expect(distance(pixel(bitmap, atPoint: 40, 31), .white) <= 0)
        // The edge is exact at 2x: the clip lands on pixel boundaries.
        #expect(bitmap[59, 30] == SIMD4(255, 255, 255, 255) && bitmap[60, 30] == SIMD4(255, 0, 0, 255))
    }

    @Test func transformsNestOnTopOfTheParent() throws {
        let outer = DisplayList.Group(id: "outer", transform: .translation(x: 10, y: 10))
        let inner = DisplayList.Group(id: "inner", transform: .scale(x: 2, y: 2))
        let bitmap = try renderer().render(
            list([.push(outer), .push(inner), square("a", x: 5, y: 5, size: 5, color: red), .pop, .pop]), scale: 1)
        // (5...10) scaled by 2 is (10...20), then moved by 10: (20...30).
        #expect(distance(pixel(bitmap, atPoint: 21, 21), red) == 0 && distance(pixel(bitmap, atPoint: 29, 29), red) == 0)
        #expect(distance(pixel(bitmap, atPoint: 19, 25), .white) == 0 && distance(pixel(bitmap, atPoint: 31, 25), .white) == 0)
    }

    @Test func evenOddFillLeavesTheHole() throws {
        var path = Path(rect: Rect(x: 10, y: 10, width: 40, height: 40))
        path.elements += Path(rect: Rect(x: 20, y: 20, width: 20, height: 20)).elements
        let fill = { (rule: DisplayList.FillRule) in
            DisplayList.Op.fill(.init(id: "ring", path: path, paint: .solid(self.red), rule: rule))
        }
        let evenOdd = try renderer().render(list([fill(.evenodd)]), scale: 1)
        let nonZero = try renderer().render(list([fill(.nonzero)]), scale: 1)
        #expect(distance(pixel(evenOdd, atPoint: 30, 30), .white) == 0 && distance(pixel(evenOdd, atPoint: 15, 15), red) == 0)
        #expect(distance(pixel(nonZero, atPoint: 30, 30), red) == 0)
    }

    @Test func strokeWidthAndCaps() throws {
        var path = Path()
        path.move(to: Point(x: 20, y: 30))
        path.addLine(to: Point(x: 60, y: 30))
        let stroke = { (cap: DisplayList.LineCap) in
            DisplayList.Op.stroke(.init(id: "line", path: path, color: .black, width: 10, cap: cap))
        }
        let butt = try renderer().render(list([stroke(.butt)]), scale: 1)
        let square = try renderer().render(list([stroke(.square)]), scale: 1)
        // 10 wide: y 25...35; butt ends at x = 20, square extends 5 beyond.
        #expect(
            pixel(butt, atPoint: 40, 25.5) == SIMD4(0, 0, 0, 255) && pixel(butt, atPoint: 40, 35.5) == SIMD4(255, 255, 255, 255))
        #expect(
            pixel(butt, atPoint: 17, 30) == SIMD4(255, 255, 255, 255) && pixel(square, atPoint: 17, 30) == SIMD4(0, 0, 0, 255))
    }

    @Test func badScaleAndSizeAreErrors() throws {
        #expect(throws: MorphCairoError.invalidScale(0)) { _ = try renderer().render(list([]), scale: 0) }
        let huge = DisplayList(component: .curtain, size: Size(width: 1e9, height: 10))
        #expect(throws: MorphCairoError.invalidSize(width: 1e9, height: 10)) { _ = try renderer().render(huge, scale: 1) }
    }
}
