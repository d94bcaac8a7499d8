import MorphServer
import Testing

@Suite struct ShimTests {
    /// LWS_PRE is 16 on 64-bit builds of lws 4.1 and must be pointer-aligned.
    @Test func lwsPreIsExportedAligned() {
        #expect(lwsPreBytes >= 16)
        #expect(lwsPreBytes % MemoryLayout<UnsafeRawPointer>.alignment == 0)
    }
}
