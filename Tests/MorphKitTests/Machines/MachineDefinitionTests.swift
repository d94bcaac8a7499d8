import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// The machine each built-in's file describes, as `morph export --machine` writes it: every
/// state reachable from the initial one, every guard and effect a transition names listed,
/// and the document decodes to itself.
@Suite struct MachineDefinitionTests {
    static let definitions = ComponentKind.allCases.compactMap { ComponentDefinition.builtIn($0)?.machineDefinition }

    @Test func everyBuiltInHasAMachine() {
        #expect(Self.definitions.map(\.component).sorted() == ["curtain", "hero-card", "morph-container"])
    }

    @Test func everyStateIsReachableAndNamesResolve() throws {
        for definition in Self.definitions {
            let name = definition.component
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
            #expect(try MachineDefinition(exported: try definition.jsonData()) == definition)
        }
    }
}
