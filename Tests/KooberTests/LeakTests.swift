import Koober
import TestSupport
import Testing

/// The app model and the new-ride screen keep closures and use cases: none may keep them alive.
@Suite("Koober releases its view models")
@MainActor
struct KooberLeakTests {
    @Test func theAppModelIsReleasedAfterSigningInAndOut() async throws {
        let store = try memorySessionStore()
        let remote = UserAuthRemoteAPISpy()
        await expectReleased({
            KooberAppModel(
                signIn: KooberSignInUseCase(remoteAPI: remote, store: store),
                signUp: KooberSignUpUseCase(remoteAPI: remote, store: store), store: store)
        }) { app in
            app.launch()
            app.goToSignIn()
            await app.signIn(email: "johnny@gmail.com", password: "password")
            app.signOut()
        }
    }

    @Test func theNewRideScreenAndItsPickerAreReleasedAfterARide() async {
        let rides = RideServicesFake()
        let signOut = SignOutSpy()
        weak var picker: DropoffPickerViewModel?
        await expectReleased({
            NewRideViewModel(
                locations: rides, rides: rides, pickup: operaHouse, session: johnny,
                onSessionExpired: { signOut.count += 1 })
        }) { model in
            await model.loadRideOptions()
            model.pickDropoff()
            picker = model.dropoffPicker
            await model.dropoffPicker?.search("mo")
            model.selectDropoff(moma)
            await model.requestRide()
        }
        #expect(picker == nil)
    }

    @Test func aNewRideScreenWhoseSessionExpiredIsReleased() async throws {
        let store = try memorySessionStore(johnny)
        let remote = UserAuthRemoteAPISpy()
        let app = KooberAppModel(
            signIn: KooberSignInUseCase(remoteAPI: remote, store: store),
            signUp: KooberSignUpUseCase(remoteAPI: remote, store: store), store: store)
        let rides = RideServicesFake(ride: .failure(.sessionExpired))
        await expectReleased({
            NewRideViewModel(
                locations: rides, rides: rides, pickup: operaHouse, session: johnny,
                onSessionExpired: { [weak app] in app?.signOut() })
        }) { model in
            model.pickDropoff()
            model.selectDropoff(moma)
            model.chooseOption(wallabee)
            await model.requestRide()
        }
        #expect(try store.load() == nil)
    }
}
