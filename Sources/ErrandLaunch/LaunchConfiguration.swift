import ErrandCatalogue
import ErrandDomain
import ErrandHelpers
import ErrandPlaces
import ErrandShell
import ErrandStorage
import ErrandSync
#if canImport(Glibc)
import Glibc
#endif

/// Everything errand's start-up decides from its options and environment, as typed values:
/// built without a process (tests pass a dictionary), refused with one line when a value is bad.
public struct LaunchConfiguration: Equatable, Sendable {
    public let options: LaunchOptions
    public var today: DueDay?
    /// The time of day `--today 2026-12-03T09:30` pins "now" to, local.
    public var pinnedTime: TimeOfDay?
    public var storePath: String
    /// Chosen here, once, from the name the user gave the store.
    public var storeBackend: StoreBackend
    public var historyPath: String
    /// `notes N`'s editor: $VISUAL, $EDITOR or vi, on a file in $XDG_RUNTIME_DIR or the state folder.
    public var editor: ExternalEditor
    public var home: String
    public var catalogueBase: String?
    /// --remote or ERRAND_REMOTE: this session's CalDAV collection (may hold a password, kept
    /// in memory only).
    public var remote: String?
    /// $NETRC, else ~/.netrc.
    public var netrcPath: String
    /// Cache age in seconds past which `ads` refreshes; nil keeps the shell's default.
    public var catalogueMaxAge: Int64?
    public var fetchLimits = FetchLimits()
    public var fetchHelper: String?
    /// ERRAND_ICAL: the iCalendar helper; nil is errand-ical beside errand.
    public var calendarHelper: String?
    /// NO_COLOR set to anything but "" turns colour off (no-color.org).
    public var colorAllowed: Bool
    public var localeName: String?
    /// Where downloaded photos are kept: `$XDG_CACHE_HOME/errand/images`.
    public var imageCache: String
    /// The geocoding service's base URL; nil: geocoding is off (ERRAND_GEOCODER=off).
    public var geocoderBase: String?
    /// TERM, for whether the terminal shows hyperlinks.
    public var terminalName: String?

    public init(options: LaunchOptions, environment: [String: String]) throws(LaunchError) {
        self.options = options
        let set = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let text = options.today ?? set("ERRAND_TODAY"), !text.isEmpty {
            // With a time (`2026-12-03T09:30`) "now" is pinned too, in the local zone: how
            // `remind` is run with the clock moved, without waiting for it.
            let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
            guard let day = DueDay(iso: parts[0]),
                  parts.count == 1 || parts[1].count == 5 && TimeOfDay(text: parts[1]) != nil else {
                throw .invalid("\(options.today == nil ? "ERRAND_TODAY" : "--today") needs YYYY-MM-DD\(parts.count == 2 ? "THH:MM" : ""), not \"\(text)\"")
            }
            today = day
            if parts.count == 2 { pinnedTime = TimeOfDay(text: parts[1]) }
        }
        storePath = options.store ?? StoreOpener.defaultPath(environment: environment)
        storeBackend = StoreBackend(forPath: storePath)
        historyPath = environment["ERRAND_HISTORY"] ?? XDG.stateHome(environment) + "/errand/history"
        editor = ExternalEditor.chosen(environment, stateFolder: XDG.stateHome(environment) + "/errand")
        home = environment["HOME"] ?? "/"
        catalogueBase = (options.catalogue ?? environment["ERRAND_CATALOGUE"]).flatMap { $0.isEmpty ? nil : $0 }
        remote = (options.remote ?? environment["ERRAND_REMOTE"]).flatMap { $0.isEmpty ? nil : $0 }
        netrcPath = set("NETRC") ?? (environment["HOME"] ?? "/") + "/.netrc"
        if let text = set("ERRAND_CATALOGUE_MAX_AGE") {
            guard let seconds = Int64(text), seconds >= 0 else {
                throw .invalid("ERRAND_CATALOGUE_MAX_AGE needs a number of seconds, not \"\(text)\"")
            }
            catalogueMaxAge = seconds
        }
        if let text = set("ERRAND_CATALOGUE_MAX_MB") {
            guard let megabytes = Int(text), (1...4096).contains(megabytes) else {
                throw .invalid("ERRAND_CATALOGUE_MAX_MB needs a number of megabytes from 1 to 4096, not \"\(text)\"")
            }
            fetchLimits.maxBytes = megabytes << 20
        }
        fetchHelper = set("ERRAND_FETCH")
        calendarHelper = set("ERRAND_ICAL")
        colorAllowed = environment["NO_COLOR"].map(\.isEmpty) ?? true
        localeName = set("LC_ALL") ?? set("LC_TIME") ?? environment["LANG"]
        imageCache = XDG.cacheHome(environment) + "/errand/images"
        terminalName = set("TERM")
        geocoderBase = Geocoder.defaultBase
        if let text = set("ERRAND_GEOCODER") {
            if text.lowercased() == "off" {
                geocoderBase = nil
            } else {
                guard Geocoder(base: text, downloader: HelperDownloader(helperPath: "")) != nil else {
                    throw .invalid("ERRAND_GEOCODER needs an http or https URL, or off, not \"\(Secrets.redacted(text))\"")
                }
                geocoderBase = text
            }
        }
    }

    /// Whether the terminal shows OSC 8 hyperlinks: at a terminal with colour, except the
    /// Linux console and dumb terminals, which print the sequence as text (terminals that do
    /// not know OSC 8 otherwise pass over it).
    public func hyperlinks(interactive: Bool) -> Bool {
        guard interactive, color(interactive: interactive) else { return false }
        let name = terminalName ?? ""
        return !name.isEmpty && name != "dumb" && name != "linux" && !name.hasPrefix("vt")
    }

    /// What the geocoder tells the service it is, as OpenStreetMap's usage policy asks.
    public static let userAgent = "Errand/" + ProgramVersion.number
        + " (terminal to-do list; geocodes places its user types)"

    /// The sample catalogue that ships with Errand, for the hint shown when nothing is cached
    /// and the network is not there: `examples/catalogue` of the checkout the program was built
    /// in (it runs from `.build/...`), or `share/errand/examples/catalogue` beside an installed
    /// `bin/errand`. `executable` is the program's resolved path; nil when there is none.
    public static func exampleCatalogue(executable: String, exists: (String) -> Bool) -> String? {
        var folder = executable
        var candidates: [String] = []
        for _ in 0..<5 {
            guard let slash = folder.lastIndex(of: "/"), slash > folder.startIndex else { break }
            folder = String(folder[..<slash])
            candidates.append(folder + "/examples/catalogue")
            candidates.append(folder + "/share/errand/examples/catalogue")
        }
        return candidates.first { exists($0 + "/listing.json") && exists($0 + "/categories.json") }
    }

    /// This program's resolved path (Linux's /proc/self/exe).
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { bytes -> Int in
            guard let base = bytes.baseAddress else { return -1 }
            return readlink("/proc/self/exe", base, bytes.count)
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `--color`/`--no-color` decide; else colour only at a terminal, unless NO_COLOR.
    public func color(interactive: Bool) -> Bool {
        options.color ?? (interactive && colorAllowed)
    }

    /// Photos are on by default where colour is: at a terminal, unless NO_COLOR or --no-color.
    public func images(interactive: Bool) -> Bool {
        color(interactive: interactive)
    }

    /// What the shell reaches outside itself. `progress`: a long download draws its progress
    /// line on stderr (when that is a terminal). `pictureSize`: the room for a photo, given
    /// only when stdout is a terminal (photos are never drawn into a pipe or a file).
    /// Today as pinned (or not) and "now" with it: at the pinned time, or the time of day now.
    public var clock: Clock {
        guard let today, let pinnedTime else { return Clock(fixedToday: today) }
        let moment = Clock().date(of: today, at: pinnedTime)
        return Clock(fixedToday: today) { moment }
    }

    public func shellEnvironment(store: ErrandStore, history: @escaping () -> [String], workingDirectory: String,
                                 progress: Bool, pictureSize: (() -> PictureSize)? = nil) -> ShellEnvironment {
        var environment = ShellEnvironment(store: store, clock: clock,
                                           labeler: DayLabeler(localeIdentifier: localeName), history: history,
                                           workingDirectory: workingDirectory, home: home)
        if let catalogueBase { environment.catalogueBase = catalogueBase }
        if let catalogueMaxAge { environment.catalogueMaxAge = catalogueMaxAge }
        environment.calendarHelperPath = calendarHelper
        environment.remoteURL = remote
        environment.editor = editor
        environment.todoSync = TodoSync(fetchHelperPath: fetchHelper, netrcPath: netrcPath)
        if progress {
            environment.todoSync.progress = { list, done, total in
                LaunchConfiguration.drawProgress(done < total ? "\(TextSafety.neutralised(String(list.prefix(40)))): "
                    + "\(done) of \(total)" : nil)
            }
        }
        let downloader = HelperDownloader(progress: progress, helperPath: fetchHelper)
        environment.catalogueSync = CatalogueSync(fetcher: CatalogueFetcher(limits: fetchLimits, downloader: downloader))
        environment.pictures = PictureHelper(cache: ImageCache(directory: imageCache),
                                             downloader: HelperDownloader(helperPath: fetchHelper),
                                             size: pictureSize ?? { PictureSize(columns: 80, rows: 20) })
        environment.drawsPictures = pictureSize != nil
        if progress {
            environment.progress = { done, total in
                LaunchConfiguration.drawProgress(done < total ? "photos: \(done) of \(total)" : nil)
            }
        }
        environment.geocoder = geocoderBase.flatMap {
            Geocoder(base: $0, downloader: HelperDownloader(helperPath: fetchHelper, userAgent: LaunchConfiguration.userAgent))
        }
        // Looked for only when the hint is shown, so start-up pays nothing for it.
        environment.exampleCatalogue = {
            LaunchConfiguration.runningExecutable().flatMap {
                LaunchConfiguration.exampleCatalogue(executable: $0) { access($0, R_OK) == 0 }
            }
        }
        return environment
    }

    /// A progress line on stderr (a terminal), drawn over itself; nil erases it.
    static func drawProgress(_ text: String?) {
        let line = "\r" + (text ?? "") + "\u{1B}[K"
        _ = line.utf8CString.withUnsafeBytes { write(2, $0.baseAddress, $0.count - 1) }
    }
}
