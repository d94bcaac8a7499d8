extension Double: VectorArithmetic {
    /// `self · factor`.
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }

    /// `self²`.
    @inlinable public var magnitudeSquared: Double { self * self }
}
