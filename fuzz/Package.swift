// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for the parsers that read untrusted input. Built only by fuzz/run, with
// the fuzzer and address sanitizers; each target defines LLVMFuzzerTestOneInput and no main.
let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "ErrandFuzz",
    dependencies: [.package(name: "Errand", path: "..")],
    targets: ["FuzzCommandLine", "FuzzDates", "FuzzCatalogue", "FuzzImport", "FuzzGeocoder", "FuzzVTodo", "FuzzMultistatus"].map {
        .executableTarget(name: $0, dependencies: [.product(name: "ErrandKit", package: "Errand")], swiftSettings: fuzzFlags)
    } + [
        .executableTarget(name: "FuzzPicture", dependencies: [.product(name: "ErrandPictureKit", package: "Errand")],
                          swiftSettings: fuzzFlags),
    ]
)
