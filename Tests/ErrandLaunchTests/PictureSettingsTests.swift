import ErrandLaunch
import Testing

/// Where photos are kept, and when they are on before anyone types `set images`.
@Suite struct PictureSettingsTests {
    func configuration(_ arguments: [String] = [], _ environment: [String: String] = [:]) throws -> LaunchConfiguration {
        try LaunchConfiguration(options: try LaunchOptions.parse(arguments), environment: environment)
    }

    @Test func photosAreCachedUnderXDGCacheHome() throws {
        #expect(try configuration([], ["HOME": "/home/u"]).imageCache == "/home/u/.cache/errand/images")
        #expect(try configuration([], ["HOME": "/home/u", "XDG_CACHE_HOME": "/c"]).imageCache == "/c/errand/images")
        // The specification ignores a relative value.
        #expect(try configuration([], ["HOME": "/home/u", "XDG_CACHE_HOME": "c"]).imageCache == "/home/u/.cache/errand/images")
    }

    @Test func photosAreOnAtATerminalThatShowsColourOnly() throws {
        #expect(try configuration().images(interactive: true))
        #expect(try !configuration().images(interactive: false))
        #expect(try !configuration([], ["NO_COLOR": "1"]).images(interactive: true))
        #expect(try !configuration(["--no-color"]).images(interactive: true))
    }
}
