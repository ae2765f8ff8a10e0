import Foundation
import Testing

@testable import AppsCore

@Suite("Localised strings")
struct LocalizedTests {
    /// A bundle with one English table, as a library module's resources are laid out.
    func bundle(_ strings: String) throws -> Bundle {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        let english = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: english, withIntermediateDirectories: true)
        try Data(strings.utf8).write(to: english.appendingPathComponent("Localizable.strings"))
        return try #require(Bundle(url: folder))
    }

    @Test func argumentsFillInOrderByNumberAndPercentStaysPercent() throws {
        let strings = try bundle(
            #"""
            "inOrder" = "%@ then %@";
            "numbered" = "%2$@ before %1$@";
            "percent" = "100%% of %@";
            """#)
        #expect(localized("inOrder", bundle: strings, arguments: ["a", "b"]) == "a then b")
        #expect(localized("numbered", bundle: strings, arguments: ["a", "b"]) == "b before a")
        #expect(localized("percent", bundle: strings, arguments: ["x"]) == "100% of x")
    }

    @Test func anArgumentIsNeverReadAsAFormat() throws {
        let strings = try bundle(#""one" = "[%@]";"#)
        #expect(localized("one", bundle: strings, arguments: ["%@ %1$@ %%"]) == "[%@ %1$@ %%]")
    }

    @Test func aMissingKeyShowsTheKeyAndAMissingArgumentNothing() throws {
        let strings = try bundle(#""two" = "%@ and %@";"#)
        #expect(localized("absent", bundle: strings) == "absent")
        #expect(localized("two", bundle: strings, arguments: ["a"]) == "a and ")
    }
}
