import Foundation

/// Downloads a listing's images through an ``ImageLoader``, a bounded number at a time, handing
/// each to the app as it arrives (to write it to disk, to show it).
///
/// Progress is reported on the caller's actor, so a `@MainActor` model sets its own state from it:
///
/// ```swift
/// let downloads = DownloadImages(loader: loader, concurrency: 4)
/// let report = await downloads(DownloadImages.keys(for: listing)) { key, data in
///     try data.write(to: folder.appendingPathComponent("\(key).jpg"), options: .atomic)
/// } progress: { done in
///     self.done = done  // in a @MainActor model: no hop needed
/// }
/// ```
public struct DownloadImages: Sendable {
    /// What became of each key.
    public struct Report: Equatable, Sendable {
        /// An image that was not saved, and why.
        public struct Failure: Equatable, Sendable {
            /// Where an image was lost: on its way, or when the app kept it.
            public enum Stage: String, Sendable {
                /// Fetching the image failed.
                case download
                /// The app's handler could not keep it.
                case save
            }

            /// The image's key.
            public let key: String
            /// Where it was lost.
            public let stage: Stage
            /// Why: the download's or the save's error, in words a user can act on.
            public let message: String

            /// Creates a ``Failure``.
            ///
            /// - Parameters:
            ///   - key: the image's key.
            ///   - stage: where it was lost.
            ///   - message: why, in words.
            public init(key: String, stage: Stage, message: String) {
                self.key = key
                self.stage = stage
                self.message = message
            }
        }

        /// Downloaded and saved, in the order they finished.
        public var saved: [String]
        /// The images that were not saved, in the order they failed.
        public var failed: [Failure]

        /// A report; ``DownloadImages`` makes one as it goes.
        public init(saved: [String] = [], failed: [Failure] = []) {
            self.saved = saved
            self.failed = failed
        }
    }

    /// How many downloads may run at once: 1 to 32.
    public static let concurrencyRange = 1...32

    private let loader: ImageLoader
    private let concurrency: Int

    /// Creates a ``DownloadImages``.
    ///
    /// - Parameters:
    ///   - loader: where images come from; its memory cache and shared downloads apply.
    ///   - concurrency: how many downloads run at once, clamped to ``concurrencyRange``.
    public init(loader: ImageLoader, concurrency: Int) {
        self.loader = loader
        self.concurrency = min(max(concurrency, Self.concurrencyRange.lowerBound), Self.concurrencyRange.upperBound)
    }

    /// The images a listing shows: every product's image, then the icon of each badge shown, once each.
    public static func keys(for listing: Listing) -> [String] {
        var keys: [String] = []
        for key in listing.products.map(\.product.imageKey) + listing.products.compactMap(\.badge).map(iconKey)
        where !keys.contains(key) {
            keys.append(key)
        }
        return keys
    }

    /// The image key of a badge's icon: `loyalty_icon`.
    public static func iconKey(for badge: Badge) -> String { "\(badge.name)_icon" }

    /// Downloads every key, at most `concurrency` at once, and passes each image to `save`.
    /// - Parameters:
    ///   - keys: the images to download, such as ``keys(for:)`` returns.
    ///   - isolation: the caller's actor, where `progress` runs; the caller's by default.
    ///   - save: keeps one image; what it throws is that key's failure. Runs concurrently, off the
    ///     caller's actor.
    ///   - progress: called on the caller's actor after each key, saved or failed, with how many are done.
    public func callAsFunction(
        _ keys: [String], isolation: isolated (any Actor)? = #isolation,
        save: @escaping @Sendable (String, Data) async throws -> Void,
        progress: (Int) -> Void = { _ in }
    ) async -> Report {
        let loader = self.loader
        var report = Report()
        await withTaskGroup(of: (String, Report.Failure?).self) { group in
            var pending = keys[...]
            func startNext() {
                guard let key = pending.popFirst() else { return }
                group.addTask {
                    let data: Data
                    do {
                        data = try await loader.image(for: key)
                    } catch {
                        return (
                            key,
                            Report.Failure(
                                key: key, stage: .download, message: ListingsError(error).localizedDescription)
                        )
                    }
                    do {
                        try await save(key, data)
                        return (key, nil)
                    } catch {
                        return (key, Report.Failure(key: key, stage: .save, message: error.localizedDescription))
                    }
                }
            }
            for _ in 0..<concurrency { startNext() }
            for await (key, failure) in group {
                if let failure {
                    report.failed.append(failure)
                } else {
                    report.saved.append(key)
                }
                progress(report.saved.count + report.failed.count)
                startNext()
            }
        }
        return report
    }
}
