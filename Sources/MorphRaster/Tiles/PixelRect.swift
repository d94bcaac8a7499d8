/// An integer rectangle in pixels, origin top-left: the unit tiles are sent and compared in.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Pixel count, so callers can weigh tiles by area.
    public var area: Int { width * height }
}
