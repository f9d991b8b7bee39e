import ErrandCatalogue
import ErrandDomain
import ErrandHelpers
import ErrandPlaces
import ErrandStorage
import ErrandSync
import FoundationEssentials

/// What commands reach outside the session value: the store, the clock, ids, the history and,
/// at a terminal, the person. Injected so tests and transcripts pin every one of them.
public struct ShellEnvironment {
    public var store: ErrandStore
    public var clock: Clock
    /// The person's editor, for `notes N` (nil: none is set up here).
    public var editor: ExternalEditor?
    public var labeler: DayLabeler
    public var newID: () -> UUID
    public var history: () -> [String]
    public var prompter: Prompter?
    /// Folder that relative file names start from.
    public var workingDirectory: String
    public var home: String
    /// Where `ads` fetches from when nothing is cached.
    public var catalogueBase: String = CatalogueSync.defaultBase
    /// Cache older than this many seconds is refreshed by `ads` (a failure keeps the cache).
    public var catalogueMaxAge: Int64 = 3_600
    public var catalogueSync = CatalogueSync()
    /// A catalogue folder that ships with Errand, if there is one: the hint to type when
    /// nothing is cached and the network is not there.
    public var exampleCatalogue: () -> String? = { nil }
    /// Fetches and draws ads' photos (nil: no image cache, as in transcripts).
    public var pictures: PictureSource?
    /// Photos are drawn only where a person sees them: stdout a terminal, never a pipe.
    public var drawsPictures = false
    /// Draws `sync --images`'s progress line (at a terminal): done, total.
    public var progress: ((Int, Int) -> Void)?
    /// Looks places up for `create --at`, `edit --at`, `locate` and `near`; nil: geocoding is
    /// off (ERRAND_GEOCODER=off, and in tests and transcripts unless they set one up).
    public var geocoder: Geocoder?
    /// The iCalendar helper for .ics import and export; nil: errand-ical beside errand, or
    /// `ERRAND_ICAL`.
    public var calendarHelperPath: String?
    /// What libical said of each rich series's later days, kept for the process (a reference:
    /// every copy of the environment shares it).
    var seriesDays = SeriesDaysCache()
    /// The iCalendar helper the session keeps running (a reference, like seriesDays): a rich
    /// series's `check` and the week's later days cost a pipe's round trip after the first.
    var icalServer = ICalServer()
    /// --remote / ERRAND_REMOTE for this session (its password, if any, never leaves memory);
    /// nil: the store's remembered remote.
    public var remoteURL: String?
    public var todoSync = TodoSync()
    /// Performs what commands ask of the world outside (Effect): LiveEffects here, a scripted
    /// runner in tests.
    public var effects: any EffectRunner = LiveEffects()
    /// How `watch` waits and draws: a script's sleeps unless the keyboard's wiring (a terminal)
    /// or a test sets its own.
    public var watchPacer: any WatchPacer = SleepingPacer()
    /// Rows of an unpaged item list read, shown and let go at a time (ListPart): 20,000 rows
    /// hold about 10 MB of items, and a million-row list is read in 50 parts.
    public var streamRows = 20_000

    /// In the clock's zone: a DUE with a time is the time it shows.
    /// The machine's own time, whatever `--today` pins `clock` to: a reminder is never marked
    /// rung later than this (a trial run in the future spends nothing).
    public var realNow: () -> Date = { Date() }
    /// Writes a display out at once and flushes it, throwing when it could not be written:
    /// `remind` shows what rang inside the write that marks it rung (the Runner sets it).
    /// Its first argument is the command's name, as JSON names it.
    public var announce: ((String, Display) throws -> Void)?

    public var calendarHelper: CalendarHelper {
        CalendarHelper(zoneName: clock.zoneName, helperPath: calendarHelperPath, server: icalServer)
    }

    public init(store: ErrandStore, clock: Clock, labeler: DayLabeler = .english, newID: @escaping () -> UUID = UUID.init,
                history: @escaping () -> [String] = { [] }, prompter: Prompter? = nil,
                workingDirectory: String = FileManager.default.currentDirectoryPath,
                home: String = ProcessInfo.processInfo.environment["HOME"] ?? "/") {
        self.store = store
        self.clock = clock
        self.labeler = labeler
        self.newID = newID
        self.history = history
        self.prompter = prompter
        self.workingDirectory = workingDirectory
        self.home = home
    }

    public var nowSeconds: Int64 { Int64(clock.now.timeIntervalSince1970) }

    /// `~/x` and relative names made absolute.
    public func resolve(path: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst(1) }
        if path.hasPrefix("/") { return path }
        return workingDirectory + "/" + path
    }
}
