import AppsCore
import Observation
import Testing

/// `trackChanges` as a UIKit view controller uses it: public API only, a model loaded from a
/// service the test answers, renders read in order from a stream (no waiting on a clock).
@Suite("Following a model from UIKit", .timeLimit(.minutes(1)))
@MainActor
struct ChangeTrackingTests {
    struct Offline: Error, Equatable {}

    @MainActor
    @Observable
    final class DrawsModel {
        private(set) var state: LoadState<[String], Offline> = .idle
        /// Not read by the controller: changing it must not render.
        var unrelated = 0
        @ObservationIgnored private var pending: CheckedContinuation<[String], any Error>?

        func load() async {
            state = .loading(previous: state.value)
            do {
                let draws = try await withCheckedThrowingContinuation { pending = $0 }
                state = .loaded(draws)
            } catch {
                state = .failed(Offline(), previous: state.value)
            }
        }

        func show(_ first: [String], then second: [String]) {
            state = .loaded(first)
            state = .loaded(second)
        }

        func answer(_ result: Result<[String], Offline>) {
            pending?.resume(with: result.mapError { $0 as any Error })
            pending = nil
        }
    }

    /// What a table view controller does: a title and rows from the model, each render kept.
    @MainActor
    final class DrawsController {
        let model: DrawsModel
        let renders: AsyncStream<String>
        private let rendered: AsyncStream<String>.Continuation
        private(set) var tracking: ChangeTracking?
        private(set) var renderCount = 0

        init(model: DrawsModel) {
            self.model = model
            (renders, rendered) = AsyncStream.makeStream()
        }

        func viewDidLoad() {
            tracking = trackChanges { [weak self] in
                guard let self else { return }
                renderCount += 1
                switch model.state {
                case .idle: rendered.yield("idle")
                case .loading: rendered.yield("loading")
                case .loaded(let draws): rendered.yield(draws.joined(separator: ","))
                case .failed: rendered.yield("failed")
                }
            }
        }

        func viewWillDisappear() {
            tracking?.cancel()
        }
    }

    @Test func aControllerRendersNowAndAfterEachChangeThroughALoad() async {
        let model = DrawsModel()
        let controller = DrawsController(model: model)
        controller.viewDidLoad()
        var renders = controller.renders.makeAsyncIterator()
        #expect(await renders.next() == "idle")
        let load = Task { await model.load() }
        #expect(await renders.next() == "loading")
        model.answer(.success(["draw 1", "draw 2"]))
        await load.value
        #expect(await renders.next() == "draw 1,draw 2")
        let reload = Task { await model.load() }
        #expect(await renders.next() == "loading")
        model.answer(.failure(Offline()))
        await reload.value
        #expect(await renders.next() == "failed")
    }

    @Test func changesInOneTurnRenderOnce() async {
        let model = DrawsModel()
        let controller = DrawsController(model: model)
        controller.viewDidLoad()
        var renders = controller.renders.makeAsyncIterator()
        #expect(await renders.next() == "idle")
        model.show(["a"], then: ["a", "b"])
        #expect(await renders.next() == "a,b")
        #expect(controller.renderCount == 2)
    }

    @Test func aCancelledTrackingRendersNoMore() async {
        let model = DrawsModel()
        let controller = DrawsController(model: model)
        controller.viewDidLoad()
        controller.viewWillDisappear()
        #expect(controller.tracking?.isCancelled == true)
        let load = Task { await model.load() }
        await Task.yield()
        model.answer(.success(["a"]))
        await load.value
        await Task.yield()
        #expect(controller.renderCount == 1)
    }

    @Test func whatTheUpdateDidNotReadDoesNotRender() async {
        let model = DrawsModel()
        let controller = DrawsController(model: model)
        controller.viewDidLoad()
        model.unrelated += 1
        await Task.yield()
        await Task.yield()
        #expect(controller.renderCount == 1)
    }

    @Test func aControllerThatHoldsItsTrackingIsReleased() async {
        let model = DrawsModel()
        weak var released: DrawsController?
        do {
            let controller = DrawsController(model: model)
            controller.viewDidLoad()
            released = controller
        }
        #expect(released == nil)
        let load = Task { await model.load() }
        await Task.yield()
        model.answer(.success(["a"]))
        await load.value
    }
}

/// Overlapping loads through `Loads`: the latest sets the state, and a cancelled latest hands it
/// back to an older one still running.
@Suite("Overlapping loads", .timeLimit(.minutes(1)))
@MainActor
struct OverlappingLoadsTests {
    struct Failed: Error, Equatable {}

    @MainActor
    final class Model {
        var state: LoadState<String, Failed> = .idle
        let loads = Loads()
        var pending: [CheckedContinuation<String, any Error>] = []
        var started: AsyncStream<Void>.Continuation?

        func load() async {
            await loads.run(\.state, on: self, failure: { _ in Failed() }) {
                try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { continuation in
                        pending.append(continuation)
                        started?.yield()
                    }
                } onCancel: {
                }
            }
        }
    }

    /// A refresh cancelled while the first load still ran put back "idle" and threw the first
    /// load's answer away: no spinner, no data, no error.
    @Test func aCancelledRefreshLeavesTheLoadBeforeItToFinish() async {
        let model = Model()
        let (starts, started) = AsyncStream.makeStream(of: Void.self)
        model.started = started
        var arrivals = starts.makeAsyncIterator()
        let first = Task { await model.load() }
        await arrivals.next()
        let refresh = Task { await model.load() }
        await arrivals.next()
        refresh.cancel()
        model.pending[1].resume(throwing: CancellationError())
        await refresh.value
        #expect(model.state == .loading(previous: nil), "the first load still runs")
        model.pending[0].resume(returning: "draws")
        await first.value
        #expect(model.state == .loaded("draws"))
    }
}

/// `trackChanges(of:run:)`: `.task(id:)` for a UIKit view controller.
@Suite("A task per value, from UIKit", .timeLimit(.minutes(1)))
@MainActor
struct TrackedTaskTests {
    @MainActor
    @Observable
    final class Screen {
        var userID = "1"
        var other = 0
    }

    /// Records each task's start and end, in order.
    @MainActor
    final class Log {
        let events: AsyncStream<String>
        private let event: AsyncStream<String>.Continuation
        init() { (events, event) = AsyncStream.makeStream() }
        func record(_ text: String) { event.yield(text) }
    }

    func tracking(_ screen: Screen, _ log: Log) -> ChangeTracking {
        trackChanges(of: { screen.userID }) { user in
            log.record("start \(user)")
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                log.record("cancelled \(user)")
            }
        }
    }

    @Test func aNewValueCancelsTheTaskBeforeAndStartsAnother() async {
        let (screen, log) = (Screen(), Log())
        let token = tracking(screen, log)
        var events = log.events.makeAsyncIterator()
        #expect(await events.next() == "start 1")
        screen.other += 1  // not read by id: nothing happens
        screen.userID = "2"
        // Both happen on the main actor, in either order.
        let next = [await events.next(), await events.next()]
        #expect(Set(next) == ["cancelled 1", "start 2"])
        token.cancel()
        #expect(await events.next() == "cancelled 2")
    }

    @Test func releasingTheTokenCancelsTheTask() async {
        let (screen, log) = (Screen(), Log())
        var token: ChangeTracking? = tracking(screen, log)
        var events = log.events.makeAsyncIterator()
        #expect(await events.next() == "start 1")
        #expect(token?.isCancelled == false)
        token = nil
        #expect(await events.next() == "cancelled 1")
    }
}
