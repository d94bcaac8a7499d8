extension Double: VectorArithmetic {
    /// `self · factor`.
    public func scaled(by factor: Double) -> Double { self * factor }

    /// `self²`.
    public var magnitudeSquared: Double { self * self }
}
