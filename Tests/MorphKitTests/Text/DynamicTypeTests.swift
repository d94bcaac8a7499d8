import Foundation
import MorphKit
import Testing

@Suite struct DynamicTypeTests {
    /// Reference §4, written out here: xS S M L xL xxL xxxL AX1 AX2 AX3 AX4 AX5.
    static let table: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]
    static let order = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]

    @Test func sizesMatchReferenceTable() throws {
        #expect(DynamicTypeSize.allCases.map(\.rawValue) == Self.order)
        for (style, sizes) in Self.table {
            for (index, name) in Self.order.enumerated() {
                let size = try #require(DynamicTypeSize(rawValue: name))
                #expect(style.size(at: size) == sizes[index], "\(style) at \(name)")
            }
        }
        #expect(TextStyle.allCases.count == Self.table.count)
    }

    @Test func defaultsAtLarge() {
        let expected: [TextStyle: (Double, Double, FontWeight)] = [
            .largeTitle: (34, 41, .regular), .title: (28, 34, .regular), .title2: (22, 28, .regular),
            .title3: (20, 25, .regular), .headline: (17, 22, .semibold), .body: (17, 22, .regular),
            .callout: (16, 21, .regular), .subheadline: (15, 20, .regular),
            .footnote: (13, 18, .regular), .caption: (12, 16, .regular), .caption2: (11, 13, .regular),
        ]
        for (style, (size, leading, weight)) in expected {
            #expect(style.defaultSize == size)
            #expect(style.defaultLeading == leading)
            #expect(style.leading(at: .large) == leading)
            #expect(style.weight == weight)
            #expect(Font.style(style) == Font(size: size, weight: weight))
        }
        #expect(Font.style(.largeTitle, weight: .bold) == Font(size: 34, weight: .bold))
    }

    @Test func scaledMetricFactors() {
        #expect(ScaledMetric.factor(relativeTo: .largeTitle, at: .accessibility5) == 60.0 / 34.0)
        #expect(ScaledMetric.factor(relativeTo: .body, at: .accessibility5) == 53.0 / 17.0)
        #expect(ScaledMetric.factor(relativeTo: .body, at: .large) == 1)
        // Reference §4's rounded factor lists.
        let largeTitle = [0.9118, 0.9412, 0.9706, 1, 1.0588, 1.1176, 1.1765, 1.2941, 1.4118, 1.5294, 1.6471, 1.7647]
        let body = [0.8235, 0.8824, 0.9412, 1, 1.1176, 1.2353, 1.3529, 1.6471, 1.9412, 2.3529, 2.7647, 3.1176]
        for (index, size) in DynamicTypeSize.allCases.enumerated() {
            #expect(abs(ScaledMetric.factor(relativeTo: .largeTitle, at: size) - largeTitle[index]) < 5e-5)
            #expect(abs(ScaledMetric.factor(relativeTo: .body, at: size) - body[index]) < 5e-5)
        }
    }

    @Test func scaledMetricRoundsToThePixelGrid() {
        // 240 · 60/34 = 423.53 pt = 1270.6 px at 3× → 1271 px.
        let rowsOffset = ScaledMetric(240, relativeTo: .largeTitle)
        #expect(abs(rowsOffset.value(at: .accessibility5) - 1271.0 / 3.0) < 1e-12)
        // At 2×: 847.06 px → 847 px.
        #expect(abs(rowsOffset.value(at: .accessibility5, pixelLength: 0.5) - 423.5) < 1e-12)
        #expect(rowsOffset.value(at: .large) == 240)
        // 52 · 31/34 = 47.41 pt = 142.24 px → 142 px.
        let iconSize = ScaledMetric(52, relativeTo: .largeTitle)
        #expect(abs(iconSize.value(at: .xSmall) - 142.0 / 3.0) < 1e-12)
        // Default style is body.
        #expect(ScaledMetric(10).textStyle == .body)
        for size in DynamicTypeSize.allCases {
            let value = ScaledMetric(220, relativeTo: .largeTitle).value(at: size)
            #expect(abs(value * 3 - (value * 3).rounded()) < 1e-9)
            #expect(abs(value - 220 * ScaledMetric.factor(relativeTo: .largeTitle, at: size)) <= 1.0 / 6.0 + 1e-12)
        }
    }

    @Test func dynamicTypeSizesAreOrderedAndNamed() throws {
        #expect(DynamicTypeSize.allCases == DynamicTypeSize.allCases.sorted())
        #expect(DynamicTypeSize.accessibility1.isAccessibilitySize)
        #expect(!DynamicTypeSize.xxxLarge.isAccessibilitySize)
        #expect([DynamicTypeSize.xSmall, .accessibility5].map(\.rawValue) == ["xS", "AX5"])
        #expect(DynamicTypeSize(rawValue: "AX5") == .accessibility5)
    }
}
