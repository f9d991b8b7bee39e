@testable import ErrandLaunch
import ErrandOptions
import ErrandShell
import Testing

/// errand's own command line, read against the declarations in `LaunchOption`.
@Suite struct LaunchOptionsTests {
    @Test func modesAndValues() throws {
        #expect(try LaunchOptions.parse([]).mode == .standardInput)
        #expect(try LaunchOptions.parse(["-"]).mode == .standardInput)
        #expect(try LaunchOptions.parse(["tour.errand"]).mode == .script("tour.errand"))
        // A command name that names no file runs as -c would (taskwarrior's `task list`), with
        // every word after it the command's.
        #expect(try LaunchOptions.parse(["list"]).mode == .commands(["list"]))
        #expect(try LaunchOptions.parse(["--json", "create", "Buy milk", "--date", "fri", "2pm"]).mode
                == .commands(["create \"Buy milk\" --date fri 2pm"]))
        #expect(try LaunchOptions.parse(["--json", "find", "lot", "d'outils"]).output == .json)
        #expect(throws: LaunchError.self) { try LaunchOptions.parse(["nosuchcommand", "x"]) }
        #expect(try LaunchOptions.parse(["--script", "a"]).mode == .script("a"))
        #expect(try LaunchOptions.parse(["-f", "a"]).mode == .script("a"))
        let c = try LaunchOptions.parse(["-c", "view", "--bail", "-c", "list", "--store", "x.plist", "--today=2026-01-02"])
        #expect(c.mode == .commands(["view", "list"]))
        #expect(c.bail && c.store == "x.plist" && c.today == "2026-01-02")
        #expect(try LaunchOptions.parse(["check", "--update", "a.session"]).mode == .check(["a.session"], update: true))
        #expect(try LaunchOptions.parse(["check", "a.session", "b.session"]).mode == .check(["a.session", "b.session"], update: false))
        // --help and --version end the reading: what follows them is not looked at.
        #expect(try LaunchOptions.parse(["--json", "--help", "--nope"]).mode == .help)
        #expect(try LaunchOptions.parse(["--version", "--nope"]).mode == .version)
        #expect(try LaunchOptions.parse(["--generate", "man"]).mode == .generate(.man))
        #expect(try LaunchOptions.parse(["--generate=fish", "-c", "view"]).mode == .generate(.fish))
    }

    @Test func startupFileRunsAtTheKeyboardUnlessToldOtherwise() throws {
        let none = try LaunchOptions.parse([])
        #expect(none.readsStartupFile(interactive: true) && !none.readsStartupFile(interactive: false))
        let rc = try LaunchOptions.parse(["--rc", "-c", "view"])
        #expect(rc.readsStartupFile(interactive: false))
        for skip in [["-X"], ["--no-rc"], ["--rc", "-X"]] {
            let options = try LaunchOptions.parse(skip)
            #expect(!options.readsStartupFile(interactive: true) && !options.readsStartupFile(interactive: false), "\(skip)")
        }
    }

    @Test func everyValueOptionTakesItsValueEitherWay() throws {
        for option in LaunchOption.errand {
            guard option.valueName != nil else { continue }
            // An option that takes one of a few words is given the first.
            var value = "v"
            if case let .choice(words) = option.completion, let first = words.first { value = first }
            for name in option.names {
                let apart = try LaunchOptions.parse([name, value])
                #expect(apart != LaunchOptions(), "\(name) v changed nothing")
                if name.hasPrefix("--") {
                    #expect(try LaunchOptions.parse([name + "=" + value]) == apart, "\(name)=\(value)")
                }
            }
        }
        #expect(try LaunchOptions.parse(["--catalogue=file:///tmp/ads/"]).catalogue == "file:///tmp/ads/")
        #expect(try LaunchOptions.parse(["--store=a=b.plist"]).store == "a=b.plist")
    }

    @Test func badUsageIsOneLine() {
        #expect(throws: LaunchError.usage("unknown option --nope")) { try LaunchOptions.parse(["--nope"]) }
        #expect(throws: LaunchError.usage("--store needs a value")) { try LaunchOptions.parse(["--store"]) }
        #expect(throws: LaunchError.usage("--echo takes no value")) { try LaunchOptions.parse(["--echo=yes"]) }
        #expect(throws: LaunchError.usage("unknown option -c=view")) { try LaunchOptions.parse(["-c=view"]) }
        #expect(throws: LaunchError.usage("give either a script or -c commands, not both")) {
            try LaunchOptions.parse(["a", "-c", "view"])
        }
        #expect(throws: LaunchError.usage("one script at a time (got a, b)")) { try LaunchOptions.parse(["-f", "a", "b"]) }
        #expect(throws: LaunchError.usage("unknown option --nope")) { try LaunchOptions.parse(["--nope", "--help"]) }
        #expect(throws: LaunchError.usage("check needs at least one .session file")) { try LaunchOptions.parse(["check"]) }
        #expect(throws: LaunchError.usage("--generate needs one of man, bash, zsh, fish, markdown, not \"html\"")) {
            try LaunchOptions.parse(["--generate", "html"])
        }
        #expect(throws: LaunchError.usage("check: unknown option --store")) { try LaunchOptions.parse(["check", "--store", "x"]) }
        #expect(LaunchError.usage("unknown option --nope").report == "errand: unknown option --nope\nTry errand --help.")
        #expect(LaunchError.invalid("ERRAND_TODAY needs YYYY-MM-DD, not \"x\"").report
                == "errand: ERRAND_TODAY needs YYYY-MM-DD, not \"x\"")
    }

    @Test func everyNameIsDeclaredOnce() {
        for declarations in [LaunchOption.errand, LaunchOption.check] {
            let names = declarations.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(names)")
        }
    }
}
