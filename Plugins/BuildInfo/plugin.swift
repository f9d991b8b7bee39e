import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` (the commit errand is built from) before every build, by running
/// `scripts/build-info`: a prebuild command, because the commit changes without any source
/// file changing. The script rewrites the file only when its text changes, so a build with
/// nothing new compiles nothing.
@main
struct BuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        return [
            .prebuildCommand(
                displayName: "Recording the commit errand is built from",
                executable: URL(filePath: "/bin/sh"),
                arguments: [context.package.directoryURL.appending(path: "scripts/build-info").path(percentEncoded: false),
                            context.package.directoryURL.path(percentEncoded: false),
                            output.appending(path: "BuildInfo.swift").path(percentEncoded: false)],
                outputFilesDirectory: output
            ),
        ]
    }
}
