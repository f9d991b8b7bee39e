/// How a photo reaches the terminal: an image protocol where the terminal has one, else
/// Unicode block symbols in colour.
public enum PictureFormat: String, CaseIterable, Sendable {
    case symbols, kitty, iterm2, sixels
}

/// How many colours the symbols use.
public enum PictureColors: String, CaseIterable, Sendable {
    case truecolor, indexed256 = "256", indexed16 = "16"
}
