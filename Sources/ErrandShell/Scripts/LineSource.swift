/// Lines of a script: a file, standard input or `-c` commands. `name` labels errors.
public protocol LineSource: AnyObject {
    var name: String { get }
    /// The next line without its newline; nil at the end. A line that cannot be read (longer
    /// than `LineLimit.bytes`) throws, and the next call goes on after it.
    func nextLine() throws(ShellError) -> String?
}
