// swift-tools-version:6.0
import PackageDescription

// Layers depend one way: domain <- storage <- catalogue <- shell <- launch (errand's own
// command line, environment and `check`); the terminal layer knows nothing of to-dos; the
// executable only wires launch, shell and terminal together. Below storage and terminal both,
// ErrandFiles creates files and folders safely and knows nothing but POSIX.
let package = Package(
    name: "Errand",
    products: [
        .executable(name: "errand", targets: ["errand"]),
        // The download helper errand runs for http(s) catalogues (see ErrandCatalogue/Downloader).
        .executable(name: "errand-fetch", targets: ["errand-fetch"]),
        // The picture helper errand runs to decode and draw an ad's photo (see ErrandPicture).
        .executable(name: "errand-picture", targets: ["errand-picture"]),
        // The iCalendar helper errand runs for .ics import and export (see ErrandICal).
        .executable(name: "errand-ical", targets: ["errand-ical"]),
        // For the fuzz package beside it (fuzz/), which links the layers it exercises.
        .library(name: "ErrandKit", targets: ["ErrandDomain", "ErrandStorage", "ErrandCatalogue", "ErrandShell", "ErrandSync", "ErrandDAVWire", "ErrandICal"]),
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
            pkgConfig: "libutf8proc",
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
        .target(name: "ErrandPicture", dependencies: ["CChafa", "CTurboJPEG", "CPNG"]),
        .target(name: "ErrandDomain"),
        .target(name: "ErrandStorage", dependencies: ["ErrandDomain", "ErrandFiles", "CSQLite"]),
        .target(name: "ErrandCatalogue", dependencies: ["ErrandDomain", "ErrandStorage", "ErrandFiles"]),
        // iCalendar through libical (VTODO <-> item): linked by errand-ical (and whichever helper
        // syncs), never by errand, which it would cost 1.3 ms a start (ICU, libdb; see README).
        .target(name: "ErrandICal", dependencies: ["ErrandDomain", "ErrandStorage", "CLibical"]),
        // The HTTP stack (libcurl): linked by errand-fetch, never by errand.
        .target(name: "ErrandNetwork", dependencies: ["ErrandCatalogue", "ErrandDAVWire", "CCurl"]),
        // The framing between errand and errand-fetch --dav (no Foundation: both sides link it).
        .target(name: "ErrandDAVWire"),
        // CalDAV: the multistatus reader, the client over errand-fetch --dav, the sync engine.
        .target(name: "ErrandSync",
                dependencies: ["ErrandDomain", "ErrandStorage", "ErrandCatalogue", "ErrandDAVWire"]),
        .target(name: "ErrandShell",
                dependencies: ["ErrandDomain", "ErrandStorage", "ErrandCatalogue", "ErrandSync", "CUTF8Proc"]),
        .target(name: "ErrandLaunch",
                dependencies: ["ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandCatalogue", "ErrandFiles", "ErrandSync"],
                plugins: ["BuildInfo"]),
        // Records the commit errand is built from (errand --version), before every build.
        .plugin(name: "BuildInfo", capability: .buildTool()),
        .target(name: "ErrandTerminal", dependencies: ["CEditLine", "ErrandFiles"]),
        // Helpers shared by the test targets (child processes, a loopback HTTP server).
        .target(name: "ErrandTestSupport"),
        .executableTarget(name: "errand-fetch", dependencies: ["ErrandNetwork", "ErrandCatalogue", "ErrandDAVWire", "ErrandFiles"]),
        .executableTarget(name: "errand-picture", dependencies: ["ErrandPicture", "ErrandFiles"]),
        .executableTarget(name: "errand-ical", dependencies: ["ErrandICal", "ErrandStorage", "ErrandDomain", "ErrandFiles"]),
        // The release errand is one static executable (glibc, SQLite and libedit included): the
        // dynamic loader's symbol lookups and relocations were half of a start-up's instructions
        // (callgrind: 7.3M -> 2.9M for `errand -c view`). libedit's own libraries come with it.
        // ERRAND_DYNAMIC=1 links it against the system's libraries instead: the Debian package
        // does (scripts/package), as Debian wants no static copies of glibc, ncurses or SQLite.
        .executableTarget(
            name: "errand",
            dependencies: ["ErrandLaunch", "ErrandShell", "ErrandTerminal", "ErrandStorage", "ErrandDomain",
                           "ErrandCatalogue", "ErrandFiles"],
            linkerSettings: Context.environment["ERRAND_DYNAMIC"] == "1" ? [] : [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("tinfo", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("bsd", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("md", .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        .testTarget(name: "ErrandFilesTests", dependencies: ["ErrandFiles"]),
        .testTarget(name: "ErrandDomainTests", dependencies: ["ErrandDomain", "ErrandTestSupport"]),
        .testTarget(name: "ErrandStorageTests", dependencies: ["ErrandStorage", "ErrandDomain", "ErrandTestSupport"]),
        .testTarget(name: "ErrandCatalogueTests",
                    dependencies: ["ErrandCatalogue", "ErrandNetwork", "ErrandStorage", "ErrandDomain", "ErrandTestSupport"]),
        .testTarget(name: "ErrandShellTests",
                    dependencies: ["ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandCatalogue", "ErrandTestSupport"]),
        .testTarget(name: "ErrandLaunchTests",
                    dependencies: ["ErrandLaunch", "ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandCatalogue",
                                   "ErrandTestSupport"]),
        .testTarget(name: "ErrandReliabilityTests",
                    dependencies: ["ErrandShell", "ErrandStorage", "ErrandDomain", "ErrandCatalogue", "ErrandTerminal",
                                   "ErrandTestSupport"]),
        .testTarget(name: "ErrandTerminalTests", dependencies: ["ErrandTerminal", "ErrandFiles"]),
        .testTarget(name: "ErrandPictureTests",
                    dependencies: ["ErrandPicture", "CTurboJPEG", "CPNG", "ErrandCatalogue", "ErrandShell", "ErrandDomain",
                                   "ErrandStorage", "ErrandTestSupport"],
                    exclude: ["Expected"]),
        .testTarget(name: "ErrandSyncTests",
                    dependencies: ["ErrandSync", "ErrandDAVWire", "ErrandStorage", "ErrandDomain", "ErrandCatalogue",
                                   "ErrandTestSupport"]),
        .testTarget(name: "ErrandICalTests", dependencies: ["ErrandICal", "ErrandStorage", "ErrandDomain"]),
        // The real program in a real terminal (tmux): slower than the session tests, and apart.
        .testTarget(name: "ErrandTerminalSessionTests", dependencies: ["ErrandShell", "ErrandTestSupport"]),
        .testTarget(name: "ErrandNetworkTests", dependencies: ["ErrandNetwork"]),
        .testTarget(name: "ErrandDAVWireTests", dependencies: ["ErrandDAVWire", "ErrandTestSupport"]),
    ]
)
