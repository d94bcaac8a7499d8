/// The enums a component file names by their Swift case names (`"largeTitle"`, `"semibold"`),
/// each type's names gathered once. Not by reflection (`"\(case)"`): the first reflection of a
/// type scans every protocol conformance in the binary, about a fifth of compiling the
/// built-in components.
protocol NamedCases: CaseIterable {
    /// The case's name as written in Swift and in component files.
    var caseName: String { get }
    /// Each case by its name.
    static var byName: [String: Self] { get }
}

extension NamedCases {
    /// Each case by its name, for `byName`.
    static func casesByName() -> [String: Self] {
        Dictionary(allCases.map { ($0.caseName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names, in declaration order, for messages.
    static var names: [String] { allCases.map(\.caseName) }
}

extension NamedCases where Self: RawRepresentable, RawValue == String {
    /// A string enum's raw values are its case names (none of these spells one out).
    var caseName: String { rawValue }
}

extension TextStyle: NamedCases { static let byName = casesByName() }
extension Font.Leading: NamedCases { static let byName = casesByName() }
extension TextAlignment: NamedCases { static let byName = casesByName() }
extension RoundedCornerStyle: NamedCases { static let byName = casesByName() }
extension DisplayList.LineCap: NamedCases { static let byName = casesByName() }
extension DisplayList.LineJoin: NamedCases { static let byName = casesByName() }
extension UserInterfaceLevel: NamedCases { static let byName = casesByName() }

extension FontWeight: NamedCases {
    static let byName = casesByName()

    var caseName: String {
        switch self {
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        }
    }
}

extension SymbolWeight: NamedCases {
    static let byName = casesByName()

    var caseName: String {
        switch self {
        case .ultraLight: "ultraLight"
        case .thin: "thin"
        case .light: "light"
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        case .heavy: "heavy"
        case .black: "black"
        }
    }
}
