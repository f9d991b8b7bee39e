// swift-tools-version:6.0
import PackageDescription

// Layers depend one way: domain <- storage <- helpers <- catalogue/places/sync <- shell <-
// launch; the terminal layer knows nothing of to-dos; executables only wire. Each target may
// import only what its line names (all below it), and no helper executable links storage
// (SQLite) or the shell:
//   ErrandFiles         safe files and folders, ImportFile, FileKind, the one writeAll (POSIX) <- CProcessGuard
//   ErrandOptions       command-line options declared once, their reader, exit statuses       <- Files
//   ErrandDomain        items, dates, the shared rules (FoundationEssentials)                  <- nothing
//   ErrandDAVWire       errand <-> errand-fetch --dav frames (no Foundation)                   <- nothing
//   ErrandCalendarWire  errand <-> errand-ical items (CalendarWire), serve frames              <- Domain, DAVWire
//   ErrandStorage       the stores (SQLite, plist), journal, import/export                     <- Domain, Files, CSQLite
//   ErrandHelpers       HelperProcess, the helper clients, fetch limits, URL passwords   <- Domain, Files, CalendarWire,
//                                                                                           DAVWire, CProcessGuard
//   ErrandCatalogue     the ads: fetch, decode, check, photos                                  <- Domain, Storage, Files, Helpers
//   ErrandPlaces        items' places: the geocoder                                            <- Domain, Storage, Helpers, Catalogue
//   ErrandSync          CalDAV                                                                 <- Domain, Storage, Files, Helpers, DAVWire
//   ErrandShell         commands, session, presenters    <- Domain, Storage, Files, Helpers, Catalogue, Places, Sync,
//                                                           CalendarWire, Options, CUTF8Proc
//   ErrandLaunch        errand's own command line, environment, `check`                        <- Shell and all it
//                                                                                                  imports, Options
//   ErrandTerminal      libedit, history, signals                                              <- Files, CEditLine
//   ErrandNetwork       HTTP through libcurl (errand-fetch)                      <- Helpers, DAVWire, Files, Options, CCurl
//   ErrandICal          iCalendar through libical (errand-ical)                                <- Domain, CalendarWire, CLibical
//   ErrandPicture       decoding and drawing photos (errand-picture)       <- Files, Options, CChafa, CTurboJPEG, CPNG
//   ErrandTestSupport   for the test targets only                                              <- nothing (Foundation)
// ErrandModelTests holds the reference model (README's meaning, no store code) and the differential run.
// The executables only wire (ARCHITECTURE.md names each one's files):
//   errand              the shell      <- Launch, Shell, Terminal, Storage, Domain, Helpers, Catalogue, Places, Files, Options
//   errand-fetch        HTTP helper                                       <- Network, Helpers, DAVWire, Files, Options
//   errand-ical         iCalendar helper                         <- ICal, CalendarWire, DAVWire, Domain, Files, Options
//   errand-picture      photo helper                                      <- Picture, Files, Options
// The test targets, with what each imports: ARCHITECTURE.md, section 1.
// Release executables are linked stripped, as scripts/package installs them: DWARF and the
// symbol table were 14 of errand's 33 MB and 7 of errand-picture's 21. The Swift runtime finds
// its metadata in sections that stripping keeps; a debug build keeps everything.
let releaseLinking: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--strip-all"], .when(platforms: [.linux], configuration: .release)),
]

let package = Package(
    name: "Errand",
    products: [
        .executable(name: "errand", targets: ["errand"]),
        // The download helper errand runs for http(s) catalogues (see ErrandHelpers/HelperDownloader).
        .executable(name: "errand-fetch", targets: ["errand-fetch"]),
        // The picture helper errand runs to decode and draw an ad's photo (see ErrandPicture).
        .executable(name: "errand-picture", targets: ["errand-picture"]),
        // The iCalendar helper errand runs for .ics import and export (see ErrandICal).
        .executable(name: "errand-ical", targets: ["errand-ical"]),
        // For the fuzz package beside it (fuzz/), which links the layers it exercises.
        .library(name: "ErrandKit", targets: ["ErrandDomain", "ErrandStorage", "ErrandCalendarWire", "ErrandHelpers", "ErrandCatalogue",
                                             "ErrandPlaces", "ErrandShell", "ErrandSync", "ErrandDAVWire", "ErrandICal"]),
        .library(name: "ErrandPictureKit", targets: ["ErrandPicture"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CEditLine",
            path: "Sources/CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Image decoding and drawing: linked by errand-picture, never by errand (GLib and libchafa
        // would cost every start-up; a hostile image can only take the helper down).
        .systemLibrary(
            name: "CChafa",
            path: "Sources/CChafa",
            pkgConfig: "chafa",
            // Debian's libchafa-dev does not pull in GLib's headers, which chafa.h includes.
            providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]
        ),
        .systemLibrary(
            name: "CTurboJPEG",
            path: "Sources/CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            path: "Sources/CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CLibical",
            path: "Sources/CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        // Column widths and grapheme clusters as terminals count them (one Unicode version for
        // both), for the shell's layout; its tables are a static archive in the release errand.
        .systemLibrary(
            name: "CUTF8Proc",
            path: "Sources/CUTF8Proc",
            // No pkgConfig: Debian's libutf8proc.pc gives only -DUTF8PROC_EXPORTS (a Windows
            // export macro SwiftPM refuses, with a warning on every build) and -lutf8proc, which
            // the module map links; the header is in /usr/include.
            providers: [.apt(["libutf8proc-dev"])]
        ),
        // HTTP for errand-fetch: libcurl itself, not FoundationNetworking's URLSession over it.
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // prctl for CoreDumps (a C variadic Swift cannot call).
        .systemLibrary(name: "CProcessGuard", path: "Sources/CProcessGuard"),
        // Every executable calls CoreDumps.forbid() first, so each depends on it by name.
        .target(name: "ErrandFiles", dependencies: ["CProcessGuard"]),
        // Command-line options declared once (reader, usage, help, completion) and exit
        // statuses: errand's and the helpers', which link it without the shell.
        .target(name: "ErrandOptions", dependencies: ["ErrandFiles"]),
        .target(name: "ErrandPicture", dependencies: ["CChafa", "CTurboJPEG", "CPNG", "ErrandFiles", "ErrandOptions"]),
        .target(name: "ErrandDomain"),
        .target(name: "ErrandStorage", dependencies: ["ErrandDomain", "ErrandFiles", "CSQLite"]),
        // Items as they cross between errand and errand-ical (no SQLite: both sides link it).
        .target(name: "ErrandCalendarWire", dependencies: ["ErrandDomain", "ErrandDAVWire"]),
        // Running errand's helper processes, and what crosses to them: the one process runner,
        // the helper clients (download, picture, iCalendar), fetch limits, URL passwords.
        // Below storage's users, beside storage: errand-fetch links it without SQLite.
        .target(name: "ErrandHelpers", dependencies: ["ErrandDomain", "ErrandFiles", "ErrandCalendarWire", "ErrandDAVWire", "CProcessGuard"]),
        .target(name: "ErrandCatalogue", dependencies: ["ErrandDomain", "ErrandStorage", "ErrandFiles", "ErrandHelpers"]),
        // Items' places: the geocoder (through the download helper), cached through PlaceStore;
        // it reads its replies with the catalogue's strict JSON reader.
        .target(name: "ErrandPlaces", dependencies: ["ErrandDomain", "ErrandStorage", "ErrandHelpers", "ErrandCatalogue"]),
        // iCalendar through libical (VTODO <-> item): linked by errand-ical only, never by
        // errand, which it would cost 1.3 ms a start (ICU, libdb; see README).
        .target(name: "ErrandICal", dependencies: ["ErrandDomain", "ErrandCalendarWire", "CLibical"]),
        // The HTTP stack (libcurl): linked by errand-fetch, never by errand.
        .target(name: "ErrandNetwork", dependencies: ["ErrandHelpers", "ErrandDAVWire", "ErrandFiles", "ErrandOptions", "CCurl"]),
        // The framing between errand and errand-fetch --dav (no Foundation: both sides link it).
        .target(name: "ErrandDAVWire"),
        // CalDAV: the multistatus reader, the client over errand-fetch --dav, the sync engine.
        .target(name: "ErrandSync",
                dependencies: ["ErrandDomain", "ErrandStorage", "ErrandFiles", "ErrandHelpers", "ErrandDAVWire"]),
        .target(name: "ErrandShell",
                dependencies: ["ErrandDomain", "ErrandStorage", "ErrandFiles", "ErrandHelpers", "ErrandCatalogue",
                               "ErrandPlaces", "ErrandSync", "ErrandCalendarWire", "ErrandOptions", "CUTF8Proc"]),
        .target(name: "ErrandLaunch",
                dependencies: ["ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandHelpers", "ErrandCatalogue", "ErrandPlaces",
                               "ErrandFiles", "ErrandSync", "ErrandOptions"],
                plugins: ["BuildInfo"]),
        // Records the commit errand is built from (errand --version), before every build.
        .plugin(name: "BuildInfo", capability: .buildTool()),
        .target(name: "ErrandTerminal", dependencies: ["CEditLine", "ErrandFiles"]),
        // Helpers shared by the test targets (child processes, a loopback HTTP server).
        .target(name: "ErrandTestSupport", dependencies: ["CProcessGuard"]),
        .executableTarget(name: "errand-fetch", dependencies: ["ErrandNetwork", "ErrandHelpers", "ErrandDAVWire", "ErrandFiles",
                                                                "ErrandOptions"],
                          linkerSettings: releaseLinking),
        .executableTarget(name: "errand-picture", dependencies: ["ErrandPicture", "ErrandFiles", "ErrandOptions"],
                          linkerSettings: releaseLinking),
        .executableTarget(name: "errand-ical", dependencies: ["ErrandICal", "ErrandCalendarWire", "ErrandDAVWire", "ErrandDomain",
                                                               "ErrandFiles", "ErrandOptions"],
                          linkerSettings: releaseLinking),
        // The release errand is one static executable (glibc, SQLite and libedit included): the
        // dynamic loader's symbol lookups and relocations were half of a start-up's instructions
        // (callgrind: 7.3M -> 2.9M for `errand -c view`). libedit's own libraries come with it.
        // ERRAND_DYNAMIC=1 links it against the system's libraries instead: the Debian package
        // does (scripts/package), as Debian wants no static copies of glibc, ncurses or SQLite.
        .executableTarget(
            name: "errand",
            dependencies: ["ErrandLaunch", "ErrandShell", "ErrandTerminal", "ErrandStorage", "ErrandDomain",
                           "ErrandHelpers", "ErrandCatalogue", "ErrandPlaces", "ErrandFiles", "ErrandOptions"],
            linkerSettings: releaseLinking + (Context.environment["ERRAND_DYNAMIC"] == "1" ? [] : [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("tinfo", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("bsd", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("md", .when(platforms: [.linux], configuration: .release)),
            ])
        ),
        .testTarget(name: "ErrandFilesTests", dependencies: ["ErrandFiles"]),
        .testTarget(name: "ErrandDomainTests", dependencies: ["ErrandDomain", "ErrandTestSupport"]),
        .testTarget(name: "ErrandStorageTests", dependencies: ["ErrandStorage", "ErrandDomain", "ErrandFiles", "ErrandTestSupport"]),
        .testTarget(name: "ErrandCatalogueTests",
                    dependencies: ["ErrandCatalogue", "ErrandHelpers", "ErrandPlaces", "ErrandCalendarWire", "ErrandNetwork", "ErrandStorage",
                                   "ErrandDomain", "ErrandFiles", "ErrandTestSupport"]),
        .testTarget(name: "ErrandHelpersTests",
                    dependencies: ["ErrandHelpers", "ErrandCalendarWire", "ErrandDAVWire", "ErrandNetwork", "ErrandOptions", "ErrandDomain", "ErrandFiles",
                                   "ErrandTestSupport"]),
        // The reference model and the differential run (issue 40): both stores held to one meaning.
        .testTarget(name: "ErrandModelTests", dependencies: ["ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandTestSupport"]),
        .testTarget(name: "ErrandShellTests",
                    dependencies: ["ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandHelpers", "ErrandCatalogue", "ErrandPlaces",
                                   "ErrandCalendarWire", "ErrandFiles", "ErrandTestSupport"]),
        .testTarget(name: "ErrandLaunchTests",
                    dependencies: ["ErrandLaunch", "ErrandOptions", "ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandHelpers", "ErrandCatalogue",
                                   "ErrandPlaces", "ErrandTestSupport"]),
        .testTarget(name: "ErrandReliabilityTests",
                    dependencies: ["ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandHelpers", "ErrandCatalogue", "ErrandTerminal",
                                   "ErrandFiles", "ErrandTestSupport"]),
        .testTarget(name: "ErrandTerminalTests", dependencies: ["ErrandTerminal", "ErrandFiles", "ErrandTestSupport"]),
        .testTarget(name: "ErrandPictureTests",
                    dependencies: ["ErrandPicture", "ErrandOptions", "CTurboJPEG", "CPNG", "ErrandHelpers", "ErrandCatalogue", "ErrandShell", "ErrandDomain",
                                   "ErrandStorage", "ErrandTestSupport"],
                    exclude: ["Expected"]),
        .testTarget(name: "ErrandSyncTests",
                    dependencies: ["ErrandSync", "ErrandDAVWire", "ErrandStorage", "ErrandDomain", "ErrandHelpers",
                                   "ErrandTestSupport"]),
        .testTarget(name: "ErrandICalTests", dependencies: ["ErrandICal", "ErrandCalendarWire", "ErrandDomain", "ErrandTestSupport"],
                    exclude: ["Fixtures"]),
        // The real program in a real terminal (tmux): slower than the session tests, and apart.
        .testTarget(name: "ErrandTerminalSessionTests", dependencies: ["ErrandShell", "ErrandTestSupport"]),
        .testTarget(name: "ErrandNetworkTests", dependencies: ["ErrandNetwork"]),
        .testTarget(name: "ErrandDAVWireTests", dependencies: ["ErrandDAVWire", "ErrandTestSupport"]),
    ]
)
