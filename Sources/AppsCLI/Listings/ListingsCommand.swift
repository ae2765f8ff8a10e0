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
        discussion: HelpText.listings,
        subcommands: [Products.self, ProductCommand.self, Images.self, UI.self])
}

extension AppEnvironment {
    /// Basic-auth credentials from `LISTINGS_USERNAME` / `LISTINGS_PASSWORD`, else the exercise's.
    var listingsService: RemoteListingsService {
        let credentials = BasicCredentials(
            username: processEnvironment["LISTINGS_USERNAME"] ?? "admin",
            password: processEnvironment["LISTINGS_PASSWORD"] ?? "password")
        return RemoteListingsService(api: api, credentials: credentials)
    }

    /// The listing screen, loaded, after a notice when the offers could not be.
    @MainActor
    func loadedListing(user: String, console: Console) async throws -> Listing {
        let model = ListingViewModel(service: listingsService, userID: user)
        await model.load()
        let listing = try model.state.finished()
        if let failure = listing.offersFailure {
            console.notice("notice: showing products without badges: \(failure.localizedDescription)")
        }
        return listing
    }
}

extension ListingsCommand {
    struct Products: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "products", abstract: "Every product, with the badge the user's offers earn.",
            discussion: HelpText.products)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(
                parsing: .unconditional, help: "The user whose offers decide the badges.",
                completion: CompletionValues.users) var user = "5"
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var user: String { own.user }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let listing = try await environment.loadedListing(user: user, console: console)
            try console.result(json: ListingsJSON.products(listing, user: user)) {
                ListingsText(console: console).products(listing)
            }
        }
    }

    struct ProductCommand: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "product", abstract: "One product's details.", discussion: HelpText.product)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(
                parsing: .unconditional, help: "The user whose offers decide the badge.",
                completion: CompletionValues.users
            ) var user = "5"
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var user: String { own.user }

        @Argument(help: "The product's id.") var id: String
        func run(in environment: AppEnvironment, console: Console) async throws {
            let coordinator = ListingsCoordinator(service: environment.listingsService, userID: user)
            coordinator.showDetails(productID: id)
            guard let route = coordinator.path.last else { return }
            let model = coordinator.details(for: route)
            await model.load()
            let details = try model.state.finished()
            if let failure = model.offersFailure {
                console.notice("notice: showing the product without its badge: \(failure.localizedDescription)")
            }
            try console.result(json: ListingsJSON.details(details, badge: model.badge, image: model.image)) {
                ListingsText(console: console).details(details, badge: model.badge, image: model.image)
            }
        }
    }

    struct Images: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "images", abstract: "Download every product image and the icons of the badges shown.",
            discussion: HelpText.images)

        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "The folder to write the images to.", completion: .directory) var output: String
            @Option(
                parsing: .unconditional, help: "The user whose badges are shown.", completion: CompletionValues.users)
            var user = "5"
            @Option(parsing: .unconditional, help: "How many downloads run at once (1 to 32).") var parallel = 4
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Shared options") var options: GlobalOptions
        var output: String { own.output }
        var user: String { own.user }
        var parallel: Int { own.parallel }

        func validate() throws {
            guard DownloadImages.concurrencyRange.contains(parallel) else {
                throw ValidationError("--parallel must be between 1 and 32.")
            }
        }

        func run(in environment: AppEnvironment, console: Console) async throws {
            let service = environment.listingsService
            let keys = DownloadImages.keys(for: try await environment.loadedListing(user: user, console: console))
            let folder = URL(fileURLWithPath: output, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw Failure(
                    kind: .io, message: "Cannot create the folder \(folder.path): \(error.localizedDescription)",
                    ioExitCode: 73)
            }
            let download = DownloadImages(
                loader: ImageLoader(fetch: { try await service.imageData(key: $0) }), concurrency: parallel)
            let progress = ProgressBar(
                total: keys.count, enabled: console.format == .text && isatty(STDERR_FILENO) == 1, console: console)
            // A key that cannot be a file name is refused before anything is downloaded.
            let refused = keys.filter { !SafeFileName.isSafe($0) }
            var report = await download(
                keys.filter(SafeFileName.isSafe), save: { key, data in try Self.save(data, key: key, in: folder) }
            ) { progress.show(done: refused.count + $0) }
            report.failed += refused.map {
                .init(key: $0, stage: .save, message: UnsafeImageKey().localizedDescription)
            }
            progress.finish()
            try console.result(json: ListingsJSON.images(report)) {
                ListingsText(console: console).images(report, of: keys.count, in: folder)
            }
            // Scripts can tell: an image that could not be kept is a local failure (73), one that
            // could not be downloaded a backend one (69).
            if report.failed.contains(where: { $0.stage == .save }) { throw ExitCode(73) }
            if !report.failed.isEmpty { throw ExitCode(69) }
        }

        /// Writes one image atomically, under a name that cannot leave `folder`.
        static func save(_ data: Data, key: String, in folder: URL) throws {
            guard SafeFileName.isSafe(key) else { throw UnsafeImageKey() }
            try data.write(to: folder.appendingPathComponent("\(key).jpg"), options: .atomic)
        }
    }

    struct UnsafeImageKey: LocalizedError {
        var errorDescription: String? { "The image key is not a safe file name; it was not downloaded." }
    }
}

/// The one place a Listings error becomes a kind and an exit code.
extension ListingsError: ReportableError {
    var failure: Failure {
        switch self {
        case .unauthorized:
            Failure(
                kind: .unauthorized,
                message: "The listings backend refused the credentials (check LISTINGS_USERNAME / LISTINGS_PASSWORD).")
        case .productNotFound, .userNotFound: Failure(kind: .notFound, message: localizedDescription)
        case .network(let cause): Failure(cause)
        }
    }
}

extension ListingsCommand {
    struct UI: LeafCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui",
            abstract: "The shop, full screen: products with badges for a user, their details and images.",
            discussion: HelpText.listingsUI)
        /// The options of this command, listed before the shared ones in `--help`.
        struct Own: ParsableArguments {
            @Option(help: "The user whose offers decide the badges (keys 1–9 switch).") var user = "5"
        }

        @OptionGroup(title: "Command options") var own: Own
        @OptionGroup(title: "Screen options") var screen: ScreenOptions
        @OptionGroup(title: "Shared options") var options: GlobalOptions

        func run(in environment: AppEnvironment, console: Console) async throws {
            let root = ListingsUI(
                service: environment.listingsService, userID: own.user, staleSince: { environment.offline.staleSince })
            try await InteractiveScreen.run(
                root, command: "listings ui", screen: screen, environment: environment,
                console: console)
        }
    }
}
