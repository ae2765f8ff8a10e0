import ArgumentParser
import Foundation
import Listings

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct ListingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listings", abstract: "Retail listings: products, offers and badges, images.",
        subcommands: [Products.self, ProductCommand.self, Images.self])
}

extension AppEnvironment {
    /// Basic-auth credentials from `LISTINGS_USERNAME` / `LISTINGS_PASSWORD`, else the exercise's.
    var listingsService: RemoteListingsService {
        let credentials = BasicCredentials(
            username: processEnvironment["LISTINGS_USERNAME"] ?? "admin",
            password: processEnvironment["LISTINGS_PASSWORD"] ?? "password")
        return RemoteListingsService(api: api, credentials: credentials)
    }
}

extension ListingsCommand {
    struct Products: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "products", abstract: "Every product, with the badge the user's offers earn.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The user whose offers decide the badges.") var user = "5"

        func run(in environment: AppEnvironment, console: Console) async throws {
            let listing = try await ListingsJSON.load(environment, user: user, console: console)
            console.result(
                json: .object([
                    ("userId", .string(user)),
                    ("products", .array(listing.products.map { ListingsJSON.product($0.product, badge: $0.badge) })),
                ])
            ) {
                listing.products.map { listed in
                    let badge = listed.badge.map { console.paint("[\($0.name)]", .gold) } ?? ""
                    return
                        ("  \(listed.product.id.leftPadded(to: 3))  \(listed.product.name.rightPadded(to: 24)) "
                        + "\(listed.product.price.formatted.rightPadded(to: 20)) \(badge)").trailingSpacesRemoved
                }.joined(separator: "\n")
            }
        }
    }

    struct ProductCommand: LeafCommand {
        static let configuration = CommandConfiguration(commandName: "product", abstract: "One product's details.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The product's id.") var id: String
        @Option(help: "The user whose offers decide the badge.") var user = "5"

        func run(in environment: AppEnvironment, console: Console) async throws {
            let service = environment.listingsService
            async let details = service.productDetails(id: id)
            async let listing = LoadListing(service: service)(userID: user)
            let product = try await details
            let badge = try await listing.products.first { $0.id == id }?.badge
            var json = ListingsJSON.product(product.product, badge: badge)
            if case .object(var members) = json {
                members.append(
                    (
                        "information",
                        .array(
                            product.information.map {
                                .object([("title", .string($0.title)), ("text", .string($0.text))])
                            })
                    ))
                json = .object(members)
            }
            console.result(json: .object([("product", json)])) {
                ([
                    console.paint(product.product.name, .bold) + (badge.map { "  [\($0.name)]" } ?? ""),
                    product.product.price.formatted,
                ] + product.information.flatMap { ["", console.paint($0.title, .bold), $0.text] })
                .joined(separator: "\n")
            }
        }
    }

    struct Images: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "images", abstract: "Download every product image and the icons of the badges shown.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The folder to write the images to.") var output: String
        @Option(help: "The user whose badges are shown.") var user = "5"
        @Option(help: "How many downloads run at once.") var parallel = 4

        func validate() throws {
            guard (1...32).contains(parallel) else { throw ValidationError("--parallel must be between 1 and 32.") }
        }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let service = environment.listingsService
            let listing = try await ListingsJSON.load(environment, user: user, console: console)
            var keys = listing.products.map(\.product.imageKey)
            for badge in listing.products.compactMap(\.badge?.name) where !keys.contains("\(badge)_icon") {
                keys.append("\(badge)_icon")
            }
            let folder = URL(fileURLWithPath: output, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let loader = ImageLoader(fetch: { try await service.imageData(key: $0) })
            let progress = ProgressBar(
                total: keys.count, enabled: console.format == .text && isatty(STDERR_FILENO) == 1)
            var failed: [(String, String)] = []
            var downloaded = 0
            await withTaskGroup(of: (String, String?).self) { group in
                var pending = keys[...]
                func startNext() {
                    guard let key = pending.popFirst() else { return }
                    group.addTask { (key, await Self.download(key, with: loader, into: folder)) }
                }
                for _ in 0..<parallel { startNext() }
                for await (key, failure) in group {
                    if let failure { failed.append((key, failure)) } else { downloaded += 1 }
                    progress.advance()
                    startNext()
                }
            }
            progress.finish()
            console.result(
                json: .object([
                    ("downloaded", .int(downloaded)),
                    ("failed", .array(failed.map { .object([("key", .string($0.0)), ("message", .string($0.1))]) })),
                ])
            ) {
                (["Downloaded \(downloaded) of \(keys.count) images to \(folder.path)."]
                    + failed.map { "  failed \($0.0): \($0.1)" }).joined(separator: "\n")
            }
        }

        /// Downloads one image and writes it atomically; returns why it failed, if it did.
        static func download(_ key: String, with loader: ImageLoader, into folder: URL) async -> String? {
            guard SafeFileName.isSafe(key) else {
                return "The image key is not a safe file name; it was not downloaded."
            }
            do {
                let data = try await loader.image(for: key)
                try data.write(to: folder.appendingPathComponent("\(key).jpg"), options: .atomic)
                return nil
            } catch {
                return (error as? ListingsError)?.message ?? error.localizedDescription
            }
        }
    }
}

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

/// `[#####     ] 5/10` on stderr, redrawn in place; nothing when not on a terminal.
final class ProgressBar {
    private let total: Int
    private let enabled: Bool
    private var done = 0

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
        draw()
    }

    func advance() {
        done += 1
        draw()
    }

    func finish() {
        if enabled { Console.writeError("\n") }
    }

    private func draw() {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = width * done / total
        Console.writeError(
            "\r[\(String(repeating: "#", count: filled))\(String(repeating: " ", count: width - filled))] \(done)/\(total)"
        )
    }
}

enum ListingsJSON {
    static func load(_ environment: AppEnvironment, user: String, console: Console) async throws -> Listing {
        let listing = try await LoadListing(service: environment.listingsService)(userID: user)
        if let failure = listing.offersFailure {
            console.notice("notice: showing products without badges: \(failure)")
        }
        return listing
    }

    static func product(_ product: Product, badge: Badge?, extra: [(String, JSONValue)] = []) -> JSONValue {
        let price: JSONValue = .object([
            ("currency", .string(product.price.currency)),
            ("currentMinor", .int(product.price.currentMinor)),
            ("originalMinor", .optional(product.price.originalMinor) { .int($0) }),
        ])
        let fields: [(String, JSONValue)] = [
            ("id", .string(product.id)),
            ("name", .string(product.name)),
            ("imageKey", .string(product.imageKey)),
            ("price", price),
            ("badge", .optional(badge) { .string($0.name) }),
        ]
        return .object(fields + extra)
    }
}

extension ListingsError: ReportableError {
    var failure: Failure {
        switch self {
        case .unauthorized: Failure(kind: .unauthorized, message: message)
        case .productNotFound, .userNotFound: Failure(kind: .notFound, message: message)
        }
    }
}
