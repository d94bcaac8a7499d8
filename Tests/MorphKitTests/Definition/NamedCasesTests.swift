import Foundation
import Testing

@testable import MorphCore
@testable import MorphKit

/// The names component files use for enum values are the Swift case names, written out once
/// per type instead of reflected at each lookup.
@Suite struct NamedCasesTests {
    /// Every case's name is what Swift itself prints for it, and finds it back.
    func check<T: NamedCases & Equatable>(_ type: T.Type) {
        for value in T.allCases {
            #expect(value.caseName == "\(value)")
            #expect(T.byName[value.caseName] == value)
        }
        #expect(T.byName.count == T.allCases.count)
    }

    @Test func everyNamedEnumSpellsItsCasesAsSwiftDoes() {
        check(TextStyle.self)
        check(Font.Leading.self)
        check(TextAlignment.self)
        check(RoundedCornerStyle.self)
        check(DisplayList.LineCap.self)
        check(DisplayList.LineJoin.self)
        check(FontWeight.self)
        check(SymbolWeight.self)
        check(UserInterfaceLevel.self)
    }

    /// A file that names a weight the type lacks is refused with the names it could use.
    @Test func anUnknownNameIsRefusedWithTheKnownOnes() throws {
        let builtIn = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/MorphKit/BuiltIn/curtain.json")
        let text = try String(contentsOf: builtIn, encoding: .utf8)
        let marked = "\"icon\": \"hand.point.up.left\","
        #expect(text.contains(marked))
        let broken = text.replacingOccurrences(
            of: marked + "\n                \"pointSize\": \"iconSize\",\n                \"weight\": \"regular\"",
            with: marked + "\n                \"pointSize\": \"iconSize\",\n                \"weight\": \"hefty\"")
        #expect(broken != text)
        #expect {
            _ = try ComponentDefinition(json: Array(broken.utf8))
        } throws: { error in
            "\(error)".contains("'hefty' is not one of ultraLight, thin, light, regular, medium, semibold, bold, heavy, black")
        }
    }
}
