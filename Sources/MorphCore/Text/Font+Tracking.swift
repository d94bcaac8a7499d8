extension Font {
    /// SF Pro's size-specific tracking, in points per character, for text in this font: what
    /// the system font adds to every character cluster at this size before any `.tracking(_:)`.
    /// Zero for the monospaced design (SF Mono has no published table), and, in
    /// `systemTracking(in:)`, for a component's own font file (which tracks as it was designed).
    ///
    /// Inter stands in for SF Pro in every `.default`-design text (text styles and
    /// `.system(size:)` alike), because on a device the system font applies its tracking at
    /// every point size, not only in text styles (HIG, Typography: "In a running app, the
    /// system font dynamically adjusts tracking at every point size"). `TextLayout` adds this
    /// to the explicit tracking, so the laid-out widths, the line breaks and the display list's
    /// `font.tracking` all carry the sum, and renderers need no table.
    public var systemTracking: Double { systemTracking(in: nil) }

    /// The system tracking when the text is in `file`: none, as for the monospaced design.
    public func systemTracking(in file: FontFile?) -> Double {
        design == .default && file == nil ? Self.systemTracking(size: size) : 0
    }

    /// SF Pro's tracking at `size` points, in points per character: Apple's table for iOS,
    /// iPadOS and visionOS, linearly interpolated between its rows and held at its ends
    /// (+0.24 below 6 pt, 0 from 80 pt up).
    ///
    /// Source: Apple Human Interface Guidelines, Typography, Specifications, "iOS, iPadOS
    /// tracking values", SF Pro, the "Tracking (points)" column
    /// (https://developer.apple.com/design/human-interface-guidelines/typography, the page as
    /// of its June 21, 2023 change note). The points column is used, not the 1/1000 em one: Apple rounds that one
    /// to whole thousandths (17 pt: −26/1000 em × 17 = −0.442 pt, while the points column has
    /// −0.43).
    ///
    /// Between rows (a `.system(size: 15.5)`, a size animating, the sizes above 54 pt the table
    /// lists every 2 or 4 points) the value is interpolated linearly: Apple's table is per whole
    /// point size because it samples the font's `trak` table, which the system itself
    /// interpolates between the sizes it stores (TrueType Reference Manual, "The 'trak'
    /// table"), and a nearest-row rule would make an animating size jump by up to 0.16 pt a
    /// character at 20.5 pt.
    public static func systemTracking(size: Double) -> Double {
        let rows = sfProTracking
        guard size.isFinite, size > rows[0].size else { return rows[0].tracking }
        guard size < rows[rows.count - 1].size else { return rows[rows.count - 1].tracking }
        // The first row at or above `size`; the table is ascending.
        var upper = 1
        while rows[upper].size < size { upper += 1 }
        let (low, high) = (rows[upper - 1], rows[upper])
        if high.size == size { return high.tracking }
        let t = (size - low.size) / (high.size - low.size)
        return low.tracking + (high.tracking - low.tracking) * t
    }

    /// The HIG's SF Pro rows (iOS, iPadOS, visionOS): point size and tracking in points.
    static let sfProTracking: [(size: Double, tracking: Double)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08),
        (14, -0.15), (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45),
        (21, -0.36), (22, -0.26), (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29),
        (28, 0.38), (29, 0.40), (30, 0.40), (31, 0.39), (32, 0.41), (33, 0.40), (34, 0.40),
        (35, 0.38), (36, 0.37), (37, 0.36), (38, 0.37), (39, 0.38), (40, 0.37), (41, 0.36),
        (42, 0.37), (43, 0.38), (44, 0.37), (45, 0.35), (46, 0.36), (47, 0.37), (48, 0.35),
        (49, 0.33), (50, 0.34), (51, 0.35), (52, 0.33), (53, 0.31), (54, 0.32), (56, 0.30),
        (58, 0.28), (60, 0.26), (62, 0.24), (64, 0.22), (66, 0.19), (68, 0.17), (70, 0.14),
        (72, 0.14), (76, 0.07), (80, 0), (84, 0), (88, 0), (92, 0), (96, 0),
    ]
}
