/// The display list's `font` object: `{"family":"Inter","weight":600,"size":24}`.
///
/// The family is written for renderers and ignored on decode: Inter is the only family we
/// measure, and decoders ignore what they do not need.
extension Font: Codable {
    private enum CodingKeys: String, CodingKey {
        case family, weight, size
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            size: try container.decode(Double.self, forKey: .size),
            weight: try container.decode(FontWeight.self, forKey: .weight))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(weight, forKey: .weight)
        try container.encode(size, forKey: .size)
    }
}
