import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// The one rule from a shadow's radius to its Gaussian: σ = radius (`Shadow.gaussianStandardDeviation`).
///
/// The golden `standard-deviations.json` is the rule's output for a few radii; the page's
/// canvas, which cannot call Swift, reads the same file in `web-preview/test/ops.test.js` and
/// checks that its `shadowBlur` is 2σ (the HTML canvas blurs with σ = shadowBlur / 2).
@Suite struct ShadowSigmaTests {
    static let radii = [0, 0.5, 1, 2, 8, 10, 34, Shadow.maxRadius]

    @Test func theStandardDeviationIsTheRadius() {
        for radius in Self.radii {
            #expect(Shadow.gaussianStandardDeviation(radius: radius) == radius)
            #expect(Shadow(color: .black, radius: radius).gaussianStandardDeviation == radius)
        }
    }

    @Test func golden() {
        func numbers(_ values: [Double]) -> String {
            values.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ", ")
        }
        let sigmas = Self.radii.map { Shadow.gaussianStandardDeviation(radius: $0) }
        let text = """
            {
              "rule": "Shadow.gaussianStandardDeviation(radius:)",
              "radius": [\(numbers(Self.radii))],
              "sigma": [\(numbers(sigmas))]
            }

            """
        let outcome = Golden(suite: "ShadowSigmaTests").check(text, name: "standard-deviations", ext: "json")
        #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
    }
}
