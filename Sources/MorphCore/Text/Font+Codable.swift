/// The display list's `font` object: `{"family":"Inter","weight":600,"size":24}`.
///
/// The family is written for renderers; on decode it only tells the monospaced design
/// ("DejaVu Sans Mono") from the default one (anything else).
extension Font: Codable {
    private enum CodingKeys: String, CodingKey {
        case family, weight, size
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let family = try container.decodeIfPresent(String.self, forKey: .family)
        self.init(
            size: try container.decode(Double.self, forKey: .size),
            weight: try container.decode(FontWeight.self, forKey: .weight),
            design: family == Font(size: 1, design: .monospaced).family ? .monospaced : .default)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(weight, forKey: .weight)
        try container.encode(size, forKey: .size)
    }
}
