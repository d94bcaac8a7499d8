import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct MachineDefinitionTests {
    static let definitions: [(String, MachineDefinition)] = [
        ("morphContainer", ExpandCollapseMachine.definition(for: .morphContainer)),
        ("heroCard", ExpandCollapseMachine.definition(for: .heroCard)),
        ("curtain", RevealMachine.definition),
    ]

    /// The exported JSON is a reviewed golden: a change to the rules shows up as a diff.
    @Test(arguments: definitions.map(\.0))
    func exportMatchesGolden(name: String) throws {
        let definition = try #require(Self.definitions.first { $0.0 == name }?.1)
        let data = try definition.jsonData()
        let outcome = Golden(suite: "MachineDefinitionTests").check(data, name: name, ext: "json")
        #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
        #expect(try JSONDecoder().decode(MachineDefinition.self, from: data) == definition)
    }

    @Test func everyStateIsReachableAndNamesResolve() {
        for (name, definition) in Self.definitions {
            var reached: Set<String> = [definition.initialState]
            var changed = true
            while changed {
                changed = false
                for transition in definition.transitions
                where reached.contains(transition.from) && !reached.contains(transition.to) {
                    reached.insert(transition.to)
                    changed = true
                }
            }
            #expect(reached == Set(definition.states), "\(name)")
            let effects = Set(definition.effects.map(\.name)), guards = Set(definition.guards.map(\.name))
            for transition in definition.transitions {
                #expect(transition.effects.allSatisfy(effects.contains), "\(name)")
                #expect(transition.guard.map(guards.contains) ?? true, "\(name)")
            }
        }
    }
}
