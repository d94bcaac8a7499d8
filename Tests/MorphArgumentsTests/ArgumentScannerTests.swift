import MorphArguments
import Testing

/// The one set of rules `morph` and `morphd` read flags by.
@Suite struct ArgumentScannerTests {
    let scanner = ArgumentScanner(
        values: ["--port", "--velocity", "--set", "--host"], switches: ["--pretty", "--probe"], repeatable: ["--set"])

    func failure(_ arguments: [String]) -> String? {
        do {
            _ = try scanner.scan(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesComeSpaceOrEqualsSeparated() throws {
        let spaced = try scanner.scan(["--port", "80", "--pretty", "file"])
        let joined = try scanner.scan(["--port=80", "--pretty", "file"])
        #expect(spaced == joined)
        #expect(spaced.value("--port") == "80" && spaced.contains("--pretty") && spaced.operands == ["file"])
        // Only the first `=` splits; the value may be empty or hold more `=`.
        #expect(try scanner.scan(["--set=a=b"]).values("--set") == ["a=b"])
        #expect(try scanner.scan(["--host="]).value("--host") == "")
    }

    @Test func aValueMayStartWithADash() throws {
        #expect(try scanner.scan(["--velocity", "-3"]).value("--velocity") == "-3")
        #expect(try scanner.scan(["--velocity=-3"]).value("--velocity") == "-3")
    }

    @Test func repeatableFlagsKeepEveryValueInOrderOthersAreRefusedTwice() throws {
        let arguments = try scanner.scan(["--set", "a=1", "--pretty", "--set=b=2", "--set", "a=3"])
        #expect(arguments.values("--set") == ["a=1", "b=2", "a=3"])
        #expect(arguments.options.map(\.flag) == ["--set", "--pretty", "--set", "--set"])
        #expect(failure(["--port", "1", "--port=2"]) == "--port given more than once")
        #expect(failure(["--pretty", "--pretty"]) == "--pretty given more than once")
    }

    @Test func badCommandLinesNameTheArgument() {
        #expect(failure(["--verbose"]) == "unknown option '--verbose'")
        #expect(failure(["--verbose=1"]) == "unknown option '--verbose'")
        #expect(failure(["-x"]) == "unknown option '-x'")
        #expect(failure(["--port"]) == "--port needs a value")
        #expect(failure(["--pretty=yes"]) == "--pretty takes no value")
        // The first problem is the one reported.
        #expect(failure(["--nope", "--port"]) == "unknown option '--nope'")
    }

    @Test func anUnknownFlagNamesTheKnownOneClosestToIt() {
        #expect(failure(["--prety"]) == "unknown option '--prety' (did you mean '--pretty'?)")
        #expect(failure(["--veloctiy=3"]) == "unknown option '--veloctiy' (did you mean '--velocity'?)")
        #expect(failure(["--hepl"]) == "unknown option '--hepl' (did you mean '--help'?)")
        // A flag another parser reads is offered, never accepted.
        var shared = scanner
        shared.suggested = ["--format"]
        #expect(throws: ArgumentScanner.Failure("unknown option '--fromat' (did you mean '--format'?)")) {
            try shared.scan(["--fromat", "svg"])
        }
        #expect(throws: ArgumentScanner.Failure("unknown option '--format'")) { try shared.scan(["--format", "svg"]) }
    }

    @Test func suggestionsAreTyposOnlyAndDoNotDependOnOrder() {
        #expect(Suggestion.closest(to: "exprot", in: ["spring", "export", "replay"]) == "export")
        #expect(Suggestion.closest(to: "morph-contaner", in: ["curtain", "hero-card", "morph-container"]) == "morph-container")
        // More than a third of the word changed (and at least 1): no guess.
        #expect(Suggestion.closest(to: "teapot", in: ["export", "replay", "render"]) == nil)
        #expect(Suggestion.closest(to: "ab", in: ["xy"]) == nil)
        #expect(Suggestion.closest(to: "a", in: ["b"]) == "b")
        // Ties go to the alphabetically first, whatever the order given.
        #expect(Suggestion.closest(to: "cat", in: ["cut", "bat"]) == "bat")
        #expect(Suggestion.closest(to: "cat", in: ["bat", "cut"]) == "bat")
        #expect(Suggestion.didYouMean("--progres", in: ["--progress"]) == " (did you mean '--progress'?)")
        #expect(Suggestion.didYouMean("zzz", in: ["--progress"]) == "")
        // The word itself is no suggestion.
        #expect(Suggestion.closest(to: "pi", in: ["pi"]) == nil)
    }

    @Test func helpWinsOverEverythingElse() throws {
        for arguments in [["--help"], ["-h"], ["--verbose", "--help"], ["--port", "1", "-h", "--port", "2"]] {
            #expect(try scanner.scan(arguments).help, "\(arguments)")
        }
        #expect(!(try scanner.scan(["--port", "1"]).help))
    }

    @Test func doubleDashEndsTheOptions() throws {
        let arguments = try scanner.scan(["a", "--pretty", "--", "--port", "-h", "-"])
        #expect(arguments.operands == ["a", "--port", "-h", "-"])
        #expect(!arguments.help && arguments.contains("--pretty") && !arguments.contains("--port"))
        #expect(try scanner.scan(["-"]).operands == ["-"])
    }
}
