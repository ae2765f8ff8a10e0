import Koober
import TestSupport
import Testing

@Suite("Koober navigation")
@MainActor
struct NavigationTests {
    func makeSUT(
        session: UserSession? = nil, remote: UserAuthRemoteAPISpy = UserAuthRemoteAPISpy(),
        newRide: NewRideSetup? = nil
    ) throws -> (KooberAppModel, any UserSessionStore) {
        let store = try memorySessionStore(session)
        let model = KooberAppModel(
            signIn: KooberSignInUseCase(remoteAPI: remote, store: store),
            signUp: KooberSignUpUseCase(remoteAPI: remote, store: store), store: store, newRide: newRide)
        return (model, store)
    }

    /// A second launch (a view that appeared again) made a new ride, losing a booked one, and
    /// left a popped form behind a welcome screen.
    @Test func launchingAgainKeepsWhatTheStoredSessionStillAgreesWith() async throws {
        let rides = RideServicesFake()
        let (signedIn, store) = try makeSUT(
            session: johnny, newRide: NewRideSetup(pickup: operaHouse, locations: rides, rides: rides))
        signedIn.launch()
        let ride = try #require(signedIn.newRide)
        signedIn.launch()
        #expect(signedIn.newRide === ride)
        try store.delete()
        signedIn.launch()
        #expect(signedIn.screen == .onboarding(.welcome), "the session went elsewhere")
        #expect(signedIn.newRide == nil)

        let (onboarding, _) = try makeSUT()
        onboarding.launch()
        onboarding.goToSignIn()
        let form = try #require(onboarding.signInForm)
        onboarding.launch()
        #expect(onboarding.signInForm === form)
        #expect(onboarding.screen == .onboarding(.signIn))
    }

    @Test func aDoubleTapOnSignInKeepsTheFormOnShow() throws {
        let (model, _) = try makeSUT()
        model.launch()
        model.goToSignIn()
        let form = try #require(model.signInForm)
        model.goToSignIn()
        #expect(model.signInForm === form)
        model.goToSignUp()
        let signUp = try #require(model.signUpForm)
        model.goToSignUp()
        #expect(model.signUpForm === signUp)
    }

    @Test func givenARideSetupEverySignedInUserHasANewRide() async throws {
        let rides = RideServicesFake()
        let setup = NewRideSetup(pickup: operaHouse, locations: rides, rides: rides)
        let (stored, _) = try makeSUT(session: johnny, newRide: setup)
        #expect(stored.newRide == nil, "not before launch")
        stored.launch()
        #expect(stored.newRide?.pickup == operaHouse, "a stored session")

        let (model, _) = try makeSUT(newRide: setup)
        model.launch()
        #expect(model.newRide == nil, "onboarding has no ride")
        #expect(await model.signIn(email: "johnny@gmail.com", password: "password"))
        let first = try #require(model.newRide, "signing in sets it up")
        model.signOut()
        #expect(model.newRide == nil)
        #expect(
            await model.signUp(
                NewAccount(fullName: "J A", nickname: "J", email: "j@a.com", phone: "1", password: "password1")))
        #expect(model.newRide != nil, "signing up sets it up too")
        #expect(model.newRide !== first, "a new ride for a new session")
    }

    @Test func launchingWithoutASessionShowsWelcome() throws {
        let (model, _) = try makeSUT()
        #expect(model.screen == .launching)
        model.launch()
        #expect(model.screen == .onboarding(.welcome))
    }

    @Test func theNewRideIsSetUpForTheSignedInUserAndGoesWithTheSession() async throws {
        let (model, _) = try makeSUT()
        model.launch()
        let rides = RideServicesFake()
        #expect(model.startNewRide(at: operaHouse, locations: rides, rides: rides) == nil, "no one is signed in")
        #expect(model.newRide == nil)

        let (signedIn, _) = try makeSUT(session: johnny)
        signedIn.launch()
        let ride = try #require(signedIn.startNewRide(at: operaHouse, locations: rides, rides: rides))
        #expect(signedIn.newRide === ride)
        #expect(ride.pickup == operaHouse)
        signedIn.signOut()
        #expect(signedIn.newRide == nil)
        #expect(signedIn.screen == .onboarding(.welcome))
    }

    @Test func launchingWithAStoredSessionIsSignedIn() throws {
        let (model, _) = try makeSUT(session: johnny)
        model.launch()
        #expect(model.screen == .signedIn(johnny))
    }

    @Test func welcomeGoesToSignInAndSignUpAndBack() throws {
        let (model, _) = try makeSUT()
        model.launch()
        model.goToSignIn()
        #expect(model.screen == .onboarding(.signIn))
        model.backToWelcome()
        #expect(model.screen == .onboarding(.welcome))
        model.goToSignUp()
        #expect(model.screen == .onboarding(.signUp))
    }

    @Test func onboardingMovesAreIgnoredWhenSignedIn() throws {
        let (model, _) = try makeSUT(session: johnny)
        model.launch()
        model.goToSignIn()
        #expect(model.screen == .signedIn(johnny))
    }

    @Test func signingInGoesToSignedIn() async throws {
        let (model, _) = try makeSUT()
        model.launch()
        model.goToSignIn()
        #expect(await model.signIn(email: "johnny@gmail.com", password: "password"))
        #expect(model.screen == .signedIn(johnny))
    }

    @Test func aFailedSignInStaysWithAMessage() async throws {
        let (model, _) = try makeSUT(remote: UserAuthRemoteAPISpy(signIn: .failure(.unauthorized)))
        model.launch()
        model.goToSignIn()
        #expect(await model.signIn(email: "johnny@gmail.com", password: "nope") == false)
        #expect(model.screen == .onboarding(.signIn))
        #expect(model.error == .signIn(.signIn(.unauthorized)))
        #expect(model.error?.localizedDescription == "The email or password is incorrect.")
    }

    @Test func signingOutForgetsTheSessionAndReturnsToWelcome() throws {
        let (model, store) = try makeSUT(session: johnny)
        model.launch()
        model.signOut()
        #expect(model.screen == .onboarding(.welcome))
        #expect(try store.load() == nil)
    }
}

@Suite("New ride")
@MainActor
struct NewRideTests {
    func makeSUT(rides: RideServicesFake = RideServicesFake()) -> (NewRideViewModel, RideServicesFake, SignOutSpy) {
        let signOut = SignOutSpy()
        let model = NewRideViewModel(
            locations: rides, rides: rides, pickup: operaHouse, session: johnny,
            onSessionExpired: { signOut.count += 1 })
        return (model, rides, signOut)
    }

    @Test func pickingADropoffPresentsThePicker() {
        let (model, _, _) = makeSUT()
        #expect(model.dropoffPicker == nil)
        model.pickDropoff()
        #expect(model.dropoffPicker != nil)
    }

    @Test func cancellingDismissesAndChangesNothing() {
        let (model, _, _) = makeSUT()
        model.pickDropoff()
        model.cancelDropoff()
        #expect(model.dropoffPicker == nil)
        #expect(model.dropoff == nil)
    }

    @Test func selectingSetsTheDropoffAndDismisses() async {
        let (model, _, _) = makeSUT()
        model.pickDropoff()
        await model.dropoffPicker?.search("mo")
        let found = model.dropoffPicker?.results ?? []
        #expect(found == [moma])
        model.selectDropoff(moma)
        #expect(model.dropoff == moma)
        #expect(model.dropoffPicker == nil)
    }

    /// `.sheet(item: $ride.dropoffPicker)`: a swipe-down sets it to `nil`, as Cancel does.
    @Test func thePickerPresentsAsAnItemAndASwipeDownDismissesItLikeCancel() {
        let (model, _, _) = makeSUT()
        model.pickDropoff()
        let first = model.dropoffPicker
        model.dropoffPicker = nil
        #expect(model.dropoff == nil)
        model.pickDropoff()
        #expect(model.dropoffPicker?.id != first?.id, "each presentation is a new item")
    }

    @Test func typingWaitsForAPauseOnTheClockThenSearchesWhatWasTyped() async {
        let rides = RideServicesFake()
        let clock = RecordingClock()
        let model = NewRideViewModel(
            locations: rides, rides: rides, pickup: operaHouse, session: johnny, onSessionExpired: {}, clock: clock)
        model.pickDropoff()
        let picker = model.dropoffPicker!
        picker.query = "mo"
        #expect(picker.isSearching, "the list on screen is not for what is typed yet")
        await picker.searchAfterPause()
        #expect(clock.sleeps == [.milliseconds(250)])
        #expect(rides.searched == ["mo"])
        #expect(picker.results == [moma])
        #expect(!picker.isSearching)
    }

    /// `.task(id: picker.query)` cancels the pause of the text before when a key is typed.
    @Test func aKeyTypedDuringThePauseSendsNothingForTheTextBefore() async {
        let rides = RideServicesFake()
        let picker = DropoffPickerViewModel(
            locations: rides, excluding: operaHouse, pause: .milliseconds(300), clock: RecordingClock())
        picker.query = "m"
        let typing = Task { await picker.searchAfterPause() }
        typing.cancel()
        await typing.value
        picker.query = "mo"
        await picker.searchAfterPause()
        #expect(rides.searched == ["mo"])
        #expect(picker.resultsQuery == "mo")
    }

    /// The race the terminal app ran into: the pause of "" ends, and a key is typed before the
    /// task resumes. The text typed stays as typed and nothing is searched for the text before.
    @Test func aKeyTypedAsThePauseEndsIsNotUndoneByTheSearchBefore() async {
        let rides = RideServicesFake()
        let clock = TypingClock()
        let picker = DropoffPickerViewModel(locations: rides, excluding: operaHouse, clock: clock)
        clock.onSleep = { picker.query = "mo" }
        await picker.searchAfterPause()
        #expect(picker.query == "mo")
        #expect(rides.searched.isEmpty)
        #expect(picker.isSearching, "the search for \"mo\" is the next pause's")
    }

    /// One search per key typed: "o" is answered after "mo", and must not replace its results.
    @Test func anOlderSearchAnsweredLastDoesNotReplaceTheNewerResults() async {
        let locations = SlowSearchFake(slowQuery: "o")
        let model = NewRideViewModel(
            locations: locations, rides: RideServicesFake(), pickup: operaHouse, session: johnny, onSessionExpired: {})
        model.pickDropoff()
        let picker = model.dropoffPicker
        let older = Task { await picker?.search("o") }
        await locations.slowSearchStarted()
        await picker?.search("mo")
        #expect(picker?.results == [moma])
        locations.answerSlowSearch()
        await older.value
        #expect(picker?.results == [moma])
        #expect(picker?.query == "mo")
    }

    @Test func thePickerSearchesCaseInsensitivelyAndLeavesOutThePickup() async {
        let (model, _, _) = makeSUT()
        model.pickDropoff()
        await model.dropoffPicker?.search("")
        #expect(model.dropoffPicker?.results == [moma, appleStore])
        await model.dropoffPicker?.search("APPLE")
        #expect(model.dropoffPicker?.results == [appleStore])
    }

    @Test func requestingARideSendsTheBearerTokenAndWaitsForPickup() async {
        let (model, rides, _) = makeSUT()
        await model.loadRideOptions()
        #expect(model.selectedOption == wallabee)
        #expect(!model.canRequest)
        model.selectDropoff(moma)
        model.chooseOption(wallaroo)
        #expect(model.canRequest)
        await model.requestRide()
        #expect(
            model.state
                == .waitingForPickup(
                    Ride(
                        id: "ride-1", status: "requested", etaMinutes: 4,
                        request: RideRequest(pickup: operaHouse, dropoff: moma, option: wallaroo))))
        #expect(rides.requestedWithTokens == ["token-123"])
    }

    @Test func aRejectedTokenSignsTheUserOut() async {
        let (model, _, signOut) = makeSUT(rides: RideServicesFake(ride: .failure(.sessionExpired)))
        await model.loadRideOptions()
        model.selectDropoff(moma)
        await model.requestRide()
        #expect(model.state == .failed(.sessionExpired))
        #expect(signOut.count == 1)
    }

    @Test func anotherRideFailureDoesNotSignOut() async {
        let (model, _, signOut) = makeSUT(rides: RideServicesFake(ride: .failure(.rejected(message: "No cars."))))
        await model.loadRideOptions()
        model.selectDropoff(moma)
        await model.requestRide()
        #expect(model.state == .failed(.rejected(message: "No cars.")))
        #expect(signOut.count == 0)
    }

    @Test func nothingIsRequestedWithoutADropoff() async {
        let (model, rides, _) = makeSUT()
        await model.loadRideOptions()
        await model.requestRide()
        #expect(model.state == .choosing)
        #expect(rides.requestedWithTokens.isEmpty)
    }
}

@MainActor
final class SignOutSpy {
    var count = 0
}

/// A clock whose sleep returns at once after `onSleep`: a key typed as a pause ends.
@MainActor
final class TypingClock: Clock, @unchecked Sendable {
    var onSleep: () -> Void = {}
    nonisolated var now: ContinuousClock.Instant { ContinuousClock.now }
    nonisolated var minimumResolution: Duration { .zero }

    nonisolated func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        await MainActor.run { onSleep() }
    }
}
