import Foundation

/// Names a backend sends that may become file names: letters, digits, `-`, `_` and `.`, not
/// starting with a dot, at most 100 characters. Anything else could escape the output folder.
enum SafeFileName {
    static func isSafe(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
            }
    }
}
