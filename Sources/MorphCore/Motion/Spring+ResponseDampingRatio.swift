import Foundation

extension Spring {
    /// A spring with period `response` seconds and damping ratio `dampingRatio` (mass 1).
    ///
    /// This is the parameterisation of `Animation.spring(response:dampingFraction:)`, which the
    /// container transform seed uses. A non-positive response is infinitely stiff and
    /// produces non-finite values; callers validate user input first.
    public init(response: Double, dampingRatio: Double) {
        self.init(undampedFrequency: 2 * Double.pi / response, dampingRatio: dampingRatio)
    }
}
