import ErrandDomain
import ErrandHelpers
import ErrandLaunch
import Testing

/// What errand makes of its options and environment, without starting a process.
@Suite struct LaunchConfigurationTests {
    func configuration(_ arguments: [String] = [], _ environment: [String: String] = [:]) throws -> LaunchConfiguration {
        try LaunchConfiguration(options: try LaunchOptions.parse(arguments), environment: environment)
    }

    @Test func defaultsFollowXDGAndHome() throws {
        let plain = try configuration([], ["HOME": "/home/u"])
        #expect(plain.storePath == "/home/u/.local/share/errand/errand.sqlite")
        #expect(plain.historyPath == "/home/u/.local/state/errand/history")
        #expect(plain.home == "/home/u")
        #expect(plain.today == nil && plain.catalogueBase == nil && plain.catalogueMaxAge == nil)
        #expect(plain.fetchLimits == FetchLimits())
        let xdg = try configuration([], ["XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s", "ERRAND_HISTORY": "/h"])
        #expect(xdg.storePath == "/d/errand/errand.sqlite" && xdg.historyPath == "/h")
        #expect(try configuration(["--store", "x.plist"], ["XDG_DATA_HOME": "/d"]).storePath == "x.plist")
    }

    @Test func theBackendFollowsTheNameTheUserGave() throws {
        #expect(try configuration(["--store", "/x/todos.PLIST"]).storeBackend == .plist)
        #expect(try configuration(["--store=/x/errand.db"]).storeBackend == .sqlite)
        #expect(try configuration([], ["HOME": "/home/u"]).storeBackend == .sqlite)
    }

    @Test func theSampleCatalogueIsFoundBesideTheBuildOrTheInstall() {
        let checkout: Set<String> = ["/src/errand/examples/catalogue/listing.json", "/src/errand/examples/catalogue/categories.json"]
        #expect(LaunchConfiguration.exampleCatalogue(executable: "/src/errand/.build/x86_64-unknown-linux-gnu/release/errand",
                                                     exists: checkout.contains) == "/src/errand/examples/catalogue")
        let installed: Set<String> = ["/usr/share/errand/examples/catalogue/listing.json",
                                      "/usr/share/errand/examples/catalogue/categories.json"]
        #expect(LaunchConfiguration.exampleCatalogue(executable: "/usr/bin/errand", exists: installed.contains)
                == "/usr/share/errand/examples/catalogue")
        #expect(LaunchConfiguration.exampleCatalogue(executable: "/opt/errand", exists: { _ in false }) == nil)
        #expect(LaunchConfiguration.exampleCatalogue(executable: "errand", exists: { _ in true }) == nil)
    }

    @Test func todayFromTheOptionBeforeTheVariable() throws {
        #expect(try configuration([], ["ERRAND_TODAY": "2026-12-25"]).today == DueDay(year: 2026, month: 12, day: 25))
        #expect(try configuration(["--today", "2027-01-01"], ["ERRAND_TODAY": "bad"]).today == DueDay(year: 2027, month: 1, day: 1))
        #expect(try configuration(["--today="], ["ERRAND_TODAY": "bad"]).today == nil)
        #expect(try configuration([], ["ERRAND_TODAY": ""]).today == nil)
    }

    @Test func aBadValueIsOneLineNamingItsSource() {
        let cases: [([String], [String: String], String)] = [
            (["--today", "tomorrow"], [:], "--today needs YYYY-MM-DD, not \"tomorrow\""),
            ([], ["ERRAND_TODAY": "2026-13-01"], "ERRAND_TODAY needs YYYY-MM-DD, not \"2026-13-01\""),
            ([], ["ERRAND_CATALOGUE_MAX_AGE": "-1"], "ERRAND_CATALOGUE_MAX_AGE needs a number of seconds, not \"-1\""),
            ([], ["ERRAND_CATALOGUE_MAX_AGE": "1h"], "ERRAND_CATALOGUE_MAX_AGE needs a number of seconds, not \"1h\""),
            ([], ["ERRAND_CATALOGUE_MAX_MB": "0"],
             "ERRAND_CATALOGUE_MAX_MB needs a number of megabytes from 1 to 4096, not \"0\""),
            ([], ["ERRAND_CATALOGUE_MAX_MB": "4097"],
             "ERRAND_CATALOGUE_MAX_MB needs a number of megabytes from 1 to 4096, not \"4097\""),
        ]
        for (arguments, environment, message) in cases {
            #expect(throws: LaunchError.invalid(message)) { try configuration(arguments, environment) }
            #expect(LaunchError.invalid(message).exitStatus == 2)
        }
    }

    @Test func catalogueSettings() throws {
        let set = try configuration([], ["ERRAND_CATALOGUE": "file:///a/", "ERRAND_CATALOGUE_MAX_AGE": "0",
                                         "ERRAND_CATALOGUE_MAX_MB": "4096", "ERRAND_FETCH": "/bin/fetch"])
        #expect(set.catalogueBase == "file:///a/" && set.catalogueMaxAge == 0)
        #expect(set.fetchLimits.maxBytes == 4096 << 20 && set.fetchHelper == "/bin/fetch")
        #expect(try configuration(["--catalogue=file:///b/"], ["ERRAND_CATALOGUE": "file:///a/"]).catalogueBase == "file:///b/")
        #expect(try configuration(["--catalogue", ""], ["ERRAND_CATALOGUE": "file:///a/"]).catalogueBase == nil)
        #expect(try configuration([], ["ERRAND_CATALOGUE_MAX_AGE": "", "ERRAND_FETCH": ""]).catalogueMaxAge == nil)
    }

    @Test func theICalendarHelperCanBeNamed() throws {
        #expect(try configuration([], ["ERRAND_ICAL": "/opt/errand-ical"]).calendarHelper == "/opt/errand-ical")
        #expect(try configuration([], ["ERRAND_ICAL": ""]).calendarHelper == nil)
        let named = try configuration([], ["ERRAND_ICAL": "/opt/errand-ical"])
        let store = try TemporaryStore()
        defer { store.remove() }
        #expect(named.shellEnvironment(store: store.store, history: { [] }, workingDirectory: "/", progress: false)
            .calendarHelper.helperPath == "/opt/errand-ical")
    }

    @Test func noColorTurnsColourOffUnlessAskedFor() throws {
        #expect(try configuration().color(interactive: true))
        #expect(!(try configuration().color(interactive: false)))
        #expect(!(try configuration([], ["NO_COLOR": "1"]).color(interactive: true)))
        #expect(try configuration([], ["NO_COLOR": ""]).color(interactive: true))
        #expect(try configuration(["--color"], ["NO_COLOR": "1"]).color(interactive: false))
        #expect(!(try configuration(["--no-color"]).color(interactive: true)))
    }

    @Test func locale() throws {
        #expect(try configuration([], ["LC_ALL": "fr_FR.UTF-8", "LC_TIME": "de_DE", "LANG": "en_GB"]).localeName == "fr_FR.UTF-8")
        #expect(try configuration([], ["LC_ALL": "", "LC_TIME": "de_DE", "LANG": "en_GB"]).localeName == "de_DE")
        #expect(try configuration([], ["LANG": "en_GB"]).localeName == "en_GB")
    }

    @Test func theShellGetsTheCatalogueSettings() throws {
        let settings = try configuration(["--today", "2026-11-29"], ["ERRAND_CATALOGUE": "file:///a/", "ERRAND_CATALOGUE_MAX_AGE": "5",
                                                                    "ERRAND_CATALOGUE_MAX_MB": "2"])
        let store = try TemporaryStore()
        defer { store.remove() }
        let environment = settings.shellEnvironment(store: store.store, history: { [] }, workingDirectory: "/w", progress: false)
        #expect(environment.catalogueBase == "file:///a/" && environment.catalogueMaxAge == 5)
        #expect(environment.catalogueSync.fetcher.limits.maxBytes == 2 << 20)
        #expect(environment.clock.today == DueDay(year: 2026, month: 11, day: 29))
        #expect(environment.workingDirectory == "/w")
    }

    @Test func theGeocoderIsOpenStreetMapsUnlessNamedOrOff() throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        func geocoder(_ environment: [String: String]) throws -> String? {
            try configuration([], environment).shellEnvironment(store: store.store, history: { [] }, workingDirectory: "/w",
                                                                progress: false).geocoder?.base.absoluteString
        }
        #expect(try geocoder([:]) == "https://nominatim.openstreetmap.org/")
        #expect(try geocoder(["ERRAND_GEOCODER": ""]) == "https://nominatim.openstreetmap.org/")
        #expect(try geocoder(["ERRAND_GEOCODER": "off"]) == nil)
        #expect(try geocoder(["ERRAND_GEOCODER": "OFF"]) == nil)
        #expect(try geocoder(["ERRAND_GEOCODER": "http://127.0.0.1:2322/api"]) == "http://127.0.0.1:2322/api/")
        #expect(throws: LaunchError.invalid("ERRAND_GEOCODER needs an http or https URL, or off, not \"ftp://u:***@x/\"")) {
            try configuration([], ["ERRAND_GEOCODER": "ftp://u:secret@x/"])
        }
        #expect(LaunchConfiguration.userAgent.hasPrefix("Errand/"))
    }

    @Test func hyperlinksOnlyAtATerminalThatShowsThem() throws {
        #expect(try configuration([], ["TERM": "xterm-256color"]).hyperlinks(interactive: true))
        #expect(!(try configuration([], ["TERM": "xterm-256color"]).hyperlinks(interactive: false)))
        #expect(!(try configuration([], ["TERM": "xterm-256color", "NO_COLOR": "1"]).hyperlinks(interactive: true)))
        for plain in ["linux", "dumb", "vt100", ""] {
            #expect(!(try configuration([], ["TERM": plain]).hyperlinks(interactive: true)), "\(plain)")
        }
    }
}
