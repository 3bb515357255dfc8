import Foundation

/// A path or word as a POSIX shell reads it back: as it is when it holds only letters, digits and
/// `/._-+`, else in single quotes (a quote inside written `'\''`). Hints that show a command to run
/// (`typefit init --strings 'My App/Resources'`) quote their paths with it.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+".unicodeScalars.contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
