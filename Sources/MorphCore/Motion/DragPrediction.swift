/// SwiftUI's `DragGesture` projection: where a released drag would come to rest.
///
/// The SDK's inlinable `velocity = 4·(predictedEndLocation − location)` means the prediction
/// is a linear 0.25 s projection with no deceleration curve; the curtain seed
/// decides reveal or close from it.
public enum DragPrediction {
    /// How far ahead SwiftUI projects a drag, in seconds.
    public static let projectionTime = 0.25

    /// `location + 0.25 · velocity`, SwiftUI's `predictedEndLocation`.
    public static func predictedEnd<V: VectorArithmetic>(location: V, velocity: V) -> V {
        location + velocity.scaled(by: projectionTime)
    }
}
