@testable import ErrandLaunch
import ErrandShell
import Testing

/// `--help` is derived from the declarations: everything errand accepts is listed.
@Suite struct LaunchHelpTests {
    let help = LaunchHelp.text

    @Test func listsEveryDeclaredOptionWithItsValue() {
        for option in LaunchOption.errand + LaunchOption.check {
            #expect(help.contains("  " + option.label), "\(option.label) is not in --help")
        }
        #expect(help.contains("  -f, --script FILE "))
        #expect(help.contains("errand check [--update] FILE.session..."))
    }

    @Test func listsEveryVariableErrandReads() {
        for variable in EnvironmentVariable.all {
            #expect(help.contains(variable.name), "\(variable.name) is not in --help")
        }
    }

    @Test func namesEveryShellCommandAndFile() {
        for spec in CommandTable.standard.specs {
            #expect(help.contains(" " + spec.name + ",") || help.contains(" " + spec.name + "."), "\(spec.name)")
        }
        for file in ProgramFile.all { #expect(help.contains("  " + file.path), "\(file.path)") }
    }

    @Test func fitsNinetyColumnsAndKeepsTheColumn() {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 90 }, "\(lines.filter { $0.count > 90 })")
        #expect(lines.contains("  --store PATH        the store file (default $XDG_DATA_HOME/errand/errand.sqlite; a name"))
        // Too long for the column: the label stands alone and its text starts below, in the column.
        let long = lines.firstIndex(of: "  -1, --single-transaction")
        #expect(long.map { lines[$0 + 1].hasPrefix(String(repeating: " ", count: 22) + "run the script") } == true)
    }
}
