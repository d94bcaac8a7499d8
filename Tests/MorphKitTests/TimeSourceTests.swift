import MorphKit
import Testing

@Suite struct SystemTimeSourceTests {
    @Test func isMonotonicAndInSeconds() {
        let clock = SystemTimeSource()
        var previous = clock.now()
        for _ in 0..<1000 {
            let next = clock.now()
            #expect(next >= previous)
            previous = next
        }
        // Seconds, not nanoseconds: a thousand reads take far less than a second.
        #expect(clock.now() - previous < 1)
    }
}
