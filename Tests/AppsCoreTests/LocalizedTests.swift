import Foundation
import Testing

@testable import AppsCore

@Suite("Localised strings")
struct LocalizedTests {
    /// A bundle with one English table, as a library module's resources are laid out (or, named
    /// after a module, as an app's own bundle overrides them).
    func bundle(_ strings: String, table: String = "Localizable") throws -> Bundle {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        let english = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: english, withIntermediateDirectories: true)
        try Data(strings.utf8).write(to: english.appendingPathComponent("\(table).strings"))
        return try #require(Bundle(url: folder))
    }

    @Test func theAppsOwnTableForTheModuleWinsAndTheModuleFillsTheRest() throws {
        let module = try bundle(#""reduced" = "%1$@ was %2$@"; "kept" = "as the module says";"#)
        let app = try bundle(#""reduced" = "%1$@ statt %2$@";"#, table: "Listings")
        #expect(
            localized("reduced", bundle: module, table: "Listings", arguments: ["12,50 £", "14,00 £"], appBundle: app)
                == "12,50 £ statt 14,00 £")
        #expect(localized("kept", bundle: module, table: "Listings", appBundle: app) == "as the module says")
        #expect(
            localized("reduced", bundle: module, table: "Lotto", arguments: ["a", "b"], appBundle: app) == "a was b")
    }

    @Test func argumentsFillInOrderByNumberAndPercentStaysPercent() throws {
        let strings = try bundle(
            #"""
            "inOrder" = "%@ then %@";
            "numbered" = "%2$@ before %1$@";
            "percent" = "100%% of %@";
            """#)
        #expect(localized("inOrder", bundle: strings, table: "Test", arguments: ["a", "b"]) == "a then b")
        #expect(localized("numbered", bundle: strings, table: "Test", arguments: ["a", "b"]) == "b before a")
        #expect(localized("percent", bundle: strings, table: "Test", arguments: ["x"]) == "100% of x")
    }

    @Test func anArgumentIsNeverReadAsAFormat() throws {
        let strings = try bundle(#""one" = "[%@]";"#)
        #expect(localized("one", bundle: strings, table: "Test", arguments: ["%@ %1$@ %%"]) == "[%@ %1$@ %%]")
    }

    @Test func aMissingKeyShowsTheKeyAndAMissingArgumentNothing() throws {
        let strings = try bundle(#""two" = "%@ and %@";"#)
        #expect(localized("absent", bundle: strings, table: "Test") == "absent")
        #expect(localized("two", bundle: strings, table: "Test", arguments: ["a"]) == "a and ")
    }
}
